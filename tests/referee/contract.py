"""The contract's lists (contracts.md), as the tests check them."""

CONTRACT_REASONS = (
    "bluff",
    "wrong_lift",
    "quinito",
    "quinito_countered",
    "defi",
    "everyone_sips",
    "fantasy_announcement",
    "slowness",
    "forbidden_word",
    "name_called",
    "fault",
)
"""contracts.md: every penalty reason of `kinito replay`, in its order."""
