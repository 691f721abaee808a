"""The contract's lists (docs/command-line.md), as the tests check them."""

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
"""docs/command-line.md: every penalty reason of `kinito replay`, in its order."""
