"""Drinking edition, Q1 and Q5-Q8, Q10, Q11, V-forced-reroll (Q9, Q12, Q13 in test_quinito_attack.py)."""

from __future__ import annotations

import pytest

from assistant.core.expectation import Expectation
from assistant.core.game import Refused
from assistant.core.table import ConfigError
from assistant.games.quinito.commands import (
    Accept,
    Announce,
    DefiLoser,
    DefiPlayers,
    Fault,
    Lift,
    Pass,
    Reroll,
    Reveal,
    ShowSpecial,
    Throw,
)
from assistant.games.quinito.config import DRINKING_ONLY, FAMILY_ONLY, QuinitoConfig
from assistant.games.quinito.engine import warnings
from assistant.games.quinito.scores import SCORES

from .conftest import penalties, play, table


def test_q1_two_to_twelve_players_and_a_warning_under_three() -> None:
    """Q1: 2..12 players; the drinking edition warns below 3, the family edition does not."""
    assert warnings(QuinitoConfig(("Ana", "Bruno")))
    assert "boire" not in warnings(QuinitoConfig(("Ana", "Bruno")))[0]
    assert not warnings(QuinitoConfig(("Ana", "Bruno", "Chloé")))
    assert not warnings(QuinitoConfig(("Ana", "Bruno"), edition="family"))
    with pytest.raises(ConfigError):
        QuinitoConfig(("Ana",))
    with pytest.raises(ConfigError):
        QuinitoConfig(tuple(f"P{i}" for i in range(13)))


def test_q5_the_first_player_holds_the_cup_and_announces() -> None:
    """Q5: the round starts with the first player announcing; then the next player responds."""
    s = table()
    assert s.state.expecting() == Expectation("announce", "Ana")
    assert s.state.current == "Ana"
    s = play(s, [Throw("Ana", (4, 3)), Announce("Ana", 52)])
    assert s.state.expecting() == Expectation("response", "Bruno", "Ana")
    assert s.state.current == "Bruno"


def test_q5_only_the_holder_may_announce() -> None:
    """Q5: another player's announcement is refused with a reason code naming whose move it is."""
    with pytest.raises(Refused, match="Ana"):
        table().apply(Announce("Bruno", 43))
    with pytest.raises(Refused, match="not_at_table"):
        table().apply(Announce("Zoé", 43))
    with pytest.raises(Refused):
        table().apply(Lift("Bruno"))


def test_q6_lift_on_a_true_announcement_costs_the_lifter() -> None:
    """Q6: dice >= announcement: the lifter takes a dose."""
    s = play(table(), [Throw("Ana", (5, 4)), Announce("Ana", 53), Lift("Bruno")])
    assert penalties(s) == [("Bruno", 1, "dose", "wrong_lift")]
    s = play(table(), [Throw("Ana", (5, 3)), Announce("Ana", 53), Lift("Bruno")])
    assert penalties(s) == [("Bruno", 1, "dose", "wrong_lift")]


def test_q6_lift_on_a_bluff_costs_the_announcer() -> None:
    """Q6: dice < announcement: the announcer takes a dose (bluff)."""
    s = play(table(), [Throw("Ana", (4, 3)), Announce("Ana", 62), Lift("Bruno")])
    assert penalties(s) == [("Ana", 1, "dose", "bluff")]
    assert s.state.standings()["Ana"] == {"doses": 1, "sips": 0}


def test_q6_unknown_dice_wait_for_the_reveal() -> None:
    """Q6: without a recorded throw the table reads the dice out after the lift."""
    s = play(table(), [Announce("Ana", 62), Lift("Bruno")])
    assert s.state.expecting() == Expectation("reveal", None, "Bruno")
    s = s.apply(Reveal(66))
    assert penalties(s) == [("Bruno", 1, "dose", "wrong_lift")]
    with pytest.raises(Refused):
        play(table(), [Announce("Ana", 62), Lift("Bruno")]).apply(Reveal(26))


def test_q6_accept_then_raise_strictly() -> None:
    """Q6: the accepter holds the cup and must announce strictly higher (may re-throw once)."""
    s = play(table(), [Throw("Ana", (4, 3)), Announce("Ana", 52), Accept("Bruno")])
    assert s.state.expecting() == Expectation("announce", "Bruno")
    s = s.apply(Reroll("Bruno", (6, 1)))
    with pytest.raises(Refused):
        s.apply(Reroll("Bruno", (6, 2)))
    s = s.apply(Announce("Bruno", 61))
    assert s.state.expecting() == Expectation("response", "Chloé", "Bruno")
    s = s.apply(Lift("Chloé"))
    assert penalties(s) == [("Chloé", 1, "dose", "wrong_lift")]


def test_q6_accepting_keeps_the_dice_seen() -> None:
    """Q6: without a re-throw, the accepter passes the same dice on."""
    s = play(table(), [Throw("Ana", (4, 3)), Announce("Ana", 41), Accept("Bruno"), Announce("Bruno", 52)])
    s = s.apply(Lift("Chloé"))
    assert penalties(s) == [("Bruno", 1, "dose", "bluff")]


def test_v_forced_reroll_accepting_forgets_the_dice() -> None:
    """V-forced-reroll: accepting implies a re-throw, so the old dice no longer count."""
    s = play(
        table("drinking", "V-forced-reroll"), [Throw("Ana", (4, 3)), Announce("Ana", 41), Accept("Bruno")]
    )
    assert s.state.cups[0].dice is None
    s = play(s, [Announce("Bruno", 52), Lift("Chloé")])
    assert s.state.expecting().awaiting == "reveal"
    plain = play(table(), [Throw("Ana", (4, 3)), Announce("Ana", 41), Accept("Bruno")])
    assert plain.state.cups[0].dice == 43


def test_q7_the_player_who_took_the_dose_starts_the_next_round() -> None:
    """Q7: after a lift the dose-taker starts."""
    s = play(table(), [Throw("Ana", (4, 3)), Announce("Ana", 62), Lift("Bruno")])
    assert s.state.expecting() == Expectation("announce", "Ana")
    s = play(table(), [Throw("Ana", (6, 3)), Announce("Ana", 62), Lift("Bruno")])
    assert s.state.expecting() == Expectation("announce", "Bruno")
    assert s.state.rounds == 2


def test_q10_fantasy_announcement_costs_a_dose_and_keeps_the_turn() -> None:
    """Q10: not a real score, or not higher than the one received: a dose, still the announcer's turn."""
    s = play(table(), [Announce("Ana", 23)])
    assert penalties(s) == [("Ana", 1, "dose", "fantasy_announcement")]
    assert s.state.expecting() == Expectation("announce", "Ana")
    s = play(table(), [Announce("Ana", 62), Accept("Bruno"), Announce("Bruno", 62), Announce("Bruno", 54)])
    assert penalties(s) == [("Bruno", 1, "dose", "fantasy_announcement")] * 2
    assert s.state.expecting() == Expectation("announce", "Bruno")
    s = s.apply(Announce("Bruno", 63))
    assert s.state.expecting() == Expectation("response", "Chloé", "Bruno")


def test_q10_special_scores_may_be_announced_under_the_bar() -> None:
    """Q6/Q10: a special score is no fantasy; the next player still raises over the last real bar."""
    s = play(table(), [Announce("Ana", 62), Accept("Bruno"), Announce("Bruno", 32)])
    assert penalties(s) == []
    s = play(s, [Accept("Chloé"), Announce("Chloé", 61)])
    assert penalties(s) == [("Chloé", 1, "dose", "fantasy_announcement")]


def test_q10_q11_faults_cost_a_dose_and_change_nothing_else() -> None:
    """Q10, Q11: a fault is an immediate dose for its author with its reason."""
    s = play(table(), [Announce("Ana", 52)])
    after = play(
        s, [Fault("David", "forbidden_word"), Fault("Chloé", "name_called"), Fault("Ana", "slowness")]
    )
    assert penalties(after) == [
        ("David", 1, "dose", "forbidden_word"),
        ("Chloé", 1, "dose", "name_called"),
        ("Ana", 1, "dose", "slowness"),
    ]
    assert after.state.cups == s.state.cups


def test_q8_31_defi_then_the_thrower_throws_again() -> None:
    """Q8: 31 shown: the thrower names two racers, the last takes a dose, the thrower throws again."""
    s = play(table(), [Throw("Ana", (3, 1)), ShowSpecial("Ana", 31)])
    assert s.state.expecting() == Expectation("defi_players", "Ana")
    with pytest.raises(Refused):
        s.apply(DefiPlayers("Ana", "Bruno", "Bruno"))
    s = s.apply(DefiPlayers("Ana", "Bruno", "Chloé"))
    assert s.state.expecting() == Expectation("defi_loser", None, "Ana")
    with pytest.raises(Refused):
        s.apply(DefiLoser("David"))
    s = s.apply(DefiLoser("Chloé"))
    assert penalties(s) == [("Chloé", 1, "dose", "defi")]
    assert s.state.expecting() == Expectation("announce", "Ana")
    assert s.state.cups[0].dice is None


def test_v31_replay_31_just_throws_again() -> None:
    """V-31-replay: 31 means throw again, no défi."""
    s = play(table("drinking", "V-31-replay"), [Throw("Ana", (3, 1)), ShowSpecial("Ana", 31)])
    assert s.state.expecting() == Expectation("announce", "Ana")
    assert penalties(s) == []


@pytest.mark.parametrize("variants", [(), ("V-32",)])
def test_q8_v32_32_reverses_direction_and_throws_again(variants: tuple[str, ...]) -> None:
    """Q8 / V-32: 32 reverses play; the next responder is then the previous player."""
    s = play(table("drinking", *variants), [Throw("Ana", (3, 2)), ShowSpecial("Ana", 32)])
    assert s.state.direction == -1
    assert s.state.expecting() == Expectation("announce", "Ana")
    s = play(s, [Throw("Ana", (5, 4)), Announce("Ana", 54)])
    assert s.state.expecting() == Expectation("response", "David", "Ana")


def test_q8_special_must_match_known_dice_and_be_special() -> None:
    """Q8: only a special throw can be shown, and it must be what the dice show."""
    with pytest.raises(Refused):
        play(table(), [Throw("Ana", (4, 3)), ShowSpecial("Ana", 31)])
    with pytest.raises(Refused):
        play(table(), [ShowSpecial("Ana", 43)])
    with pytest.raises(Refused):
        play(table(), [ShowSpecial("Ana", 51)])


def test_v51_everyone_takes_a_sip() -> None:
    """V-51: 51 shown, every player takes one sip (a separate unit), the thrower throws again."""
    s = play(table("drinking", "V-51"), [Throw("Ana", (5, 1)), ShowSpecial("Ana", 51)])
    assert penalties(s) == [(p, 1, "sip", "everyone_sips") for p in ("Ana", "Bruno", "Chloé", "David")]
    assert all(v == {"doses": 0, "sips": 1} for v in s.state.standings().values())
    assert s.state.expecting() == Expectation("announce", "Ana")


def test_drinking_edition_has_no_pass_and_never_ends() -> None:
    """L3 pass is family-only; the drinking edition has no winner."""
    s = play(table(), [Announce("Ana", 52)])
    with pytest.raises(Refused):
        s.apply(Pass("Bruno", 52))
    assert s.state.winner is None


def test_q4_every_score_can_be_announced_and_v11_high_changes_the_bar() -> None:
    """Q4/Q3: each of the 21 values opens a round; V-11-high: 66 no longer beats 11."""
    for score in SCORES:
        assert play(table(), [Announce("Ana", score)]).state.cups[0].announced == score
    plain = play(table(), [Announce("Ana", 11), Accept("Bruno"), Announce("Bruno", 66)])
    assert penalties(plain) == []
    high = play(table("drinking", "V-11-high"), [Announce("Ana", 11), Accept("Bruno"), Announce("Bruno", 66)])
    assert penalties(high) == [("Bruno", 1, "dose", "fantasy_announcement")]


@pytest.mark.parametrize(
    ("edition", "variant"),
    [("drinking", v) for v in sorted(FAMILY_ONLY)] + [("family", v) for v in sorted(DRINKING_ONLY)],
)
def test_edition_only_variants_are_refused_by_name(edition: str, variant: str) -> None:
    """L-V1..L-V6 belong to the family edition, V-31-replay, V-51 and Q13 to the drinking one: the
    other edition refuses them with a sentence naming the variant (rules are validated once)."""
    with pytest.raises(ConfigError, match=variant):
        QuinitoConfig(("Ana", "Bruno", "Chloé"), edition=edition, variants=frozenset({variant}))  # type: ignore[arg-type]


def test_typed_rules_resolve_every_variant_once() -> None:
    """Q3, V-11-high, V-65, V-51, L-V1, L-V6, Q13: the fields the engine reads."""
    players = ("Ana", "Bruno", "Chloé")
    plain = QuinitoConfig(players)
    assert plain.order[-1] == 21 and plain.order[0] == 31 and plain.cups == 1 and plain.max_rerolls == 1
    high = QuinitoConfig(players, variants=frozenset({"V-11-high", "V-65", "V-51", "Q13"}))
    assert high.order[-3:] == (11, 65, 21) and high.quinito_scores == {21, 65}
    assert high.low_specials == {31, 32, 51} and high.everyone_sips and high.cups == 2
    family = QuinitoConfig(players, edition="family", variants=frozenset({"L-V1", "L-V6", "L-V3"}))
    assert family.max_rerolls == 2 and family.chance and family.gift_life and family.starting_lives == 3
    assert family.forced_reroll and not plain.forced_reroll
