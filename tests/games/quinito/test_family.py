"""Family edition: L1-L4 and the variants L-V1..L-V7."""

from __future__ import annotations

import pytest

from assistant.core.events import PenaltyCalled
from assistant.core.expectation import Expectation
from assistant.core.game import Refused, Session
from assistant.games.quinito.commands import (
    Accept,
    Announce,
    Command,
    Fault,
    Lift,
    Pass,
    RedemptionThrow,
    Reroll,
    Reveal,
    ShowSpecial,
    Throw,
)
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.engine import QuinitoGame

from .conftest import QSession, penalties, play, table


def lives(s: QSession) -> dict[str, int]:
    return {p: v["lives"] for p, v in s.state.standings().items()}


def test_l1_five_lives_and_the_last_one_standing_wins() -> None:
    """L1: 5 lives each; at 0 a player is out; the last with lives wins and the game is over."""
    assert set(lives(table("family")).values()) == {5}
    game = QuinitoGame(QuinitoConfig(("Ana", "Bruno"), edition="family", lives=1))
    s = play(Session.start(game), [Throw("Ana", (4, 3)), Announce("Ana", 62), Lift("Bruno")])
    assert s.state.winner == "Bruno"
    assert s.state.standings()["Ana"] == {"lives": 0, "eliminated": True}
    assert s.state.expecting() == Expectation("over")
    assert s.state.current is None
    with pytest.raises(Refused):
        s.apply(Announce("Bruno", 43))


def test_l1_an_eliminated_player_is_skipped() -> None:
    """L1: turn order skips players without lives."""
    game = QuinitoGame(QuinitoConfig(("Ana", "Bruno", "Chloé"), edition="family", lives=1))
    s = play(Session.start(game), [Throw("Ana", (4, 3)), Announce("Ana", 62), Lift("Bruno")])
    assert s.state.winner is None
    assert s.state.expecting() == Expectation("announce", "Bruno")
    s = play(s, [Throw("Bruno", (4, 3)), Announce("Bruno", 43), Accept("Chloé"), Announce("Chloé", 51)])
    assert s.state.expecting() == Expectation("response", "Bruno", "Chloé")
    with pytest.raises(Refused, match="player_out"):
        s.apply(Fault("Ana", "fault"))


def test_l2_l3_disbelieve_costs_a_life_to_the_liar_or_the_doubter() -> None:
    """L2/L3: any announcement; announcement > dice: the announcer loses, else the revealer."""
    s = play(table("family"), [Throw("Ana", (6, 3)), Announce("Ana", 41), Lift("Bruno")])
    assert penalties(s) == [("Bruno", 1, "life", "wrong_lift")]
    s = play(table("family"), [Throw("Ana", (4, 1)), Announce("Ana", 63), Lift("Bruno")])
    assert penalties(s) == [("Ana", 1, "life", "bluff")]
    assert lives(s)["Ana"] == 4


def test_l3_believe_rethrows_and_must_raise() -> None:
    """L3: believing re-shakes the cup (old dice forgotten) and the new announcement must be higher;
    the family edition refuses a lower announcement instead of a fault."""
    s = play(table("family"), [Throw("Ana", (6, 3)), Announce("Ana", 54), Accept("Bruno")])
    assert s.state.cups[0].dice is None
    with pytest.raises(Refused):
        s.apply(Announce("Bruno", 53))
    s = play(s, [Reroll("Bruno", (6, 1)), Announce("Bruno", 61), Lift("Chloé")])
    assert penalties(s) == [("Chloé", 1, "life", "wrong_lift")]


def test_l3_nothing_beats_21_so_it_must_be_revealed() -> None:
    """L3: a 21 cannot be believed (no higher score) unless chance exists (L-V6)."""
    s = play(table("family"), [Announce("Ana", 21)])
    with pytest.raises(Refused):
        s.apply(Accept("Bruno"))
    play(table("family", "L-V6"), [Announce("Ana", 21), Accept("Bruno")])


def test_l3_pass_equal_or_higher_and_the_passer_answers_for_it() -> None:
    """L3: a pass hands on unseen with an equal or higher score; the previous announcer is cleared."""
    s = play(table("family"), [Throw("Ana", (4, 2)), Announce("Ana", 43)])
    with pytest.raises(Refused):
        s.apply(Pass("Bruno", 42))
    s = play(s, [Pass("Bruno", 43)])
    assert s.state.expecting() == Expectation("response", "Chloé", "Bruno")
    s = s.apply(Lift("Chloé"))
    assert penalties(s) == [("Bruno", 1, "life", "bluff")]


def test_l3_full_circle_the_original_announcer_must_raise_or_reveal() -> None:
    """L3: everyone passes without raising: the original announcer must raise or reveal."""
    game = QuinitoGame(QuinitoConfig(("Ana", "Bruno", "Chloé"), edition="family"))
    s = play(Session.start(game), [Announce("Ana", 43), Pass("Bruno", 43), Pass("Chloé", 43)])
    assert s.state.expecting() == Expectation("response", "Ana", "Chloé")
    with pytest.raises(Refused, match="full_circle"):
        s.apply(Pass("Ana", 43))
    s.apply(Accept("Ana"))
    s = play(Session.start(game), [Announce("Ana", 43), Pass("Bruno", 43), Pass("Chloé", 51)])
    assert s.state.expecting() == Expectation("response", "Ana", "Chloé")
    s.apply(Pass("Ana", 51))


def test_l4_the_loser_starts_the_next_round() -> None:
    """L4: whoever lost the life starts."""
    s = play(table("family"), [Throw("Ana", (4, 1)), Announce("Ana", 63), Lift("Bruno")])
    assert s.state.expecting() == Expectation("announce", "Ana")
    s = play(table("family"), [Throw("Ana", (6, 3)), Announce("Ana", 41), Lift("Bruno")])
    assert s.state.expecting() == Expectation("announce", "Bruno")


def test_family_has_no_special_throws_and_faults_cost_a_life() -> None:
    """Q8 specials belong to the drinking edition; a fault costs a life in the family edition."""
    with pytest.raises(Refused):
        play(table("family"), [Throw("Ana", (3, 2)), ShowSpecial("Ana", 32)])
    s = play(table("family"), [Fault("Chloé", "slowness")])
    assert penalties(s) == [("Chloé", 1, "life", "slowness")]


def test_lv1_blind_reshake_allows_a_second_rethrow() -> None:
    """L-V1: after re-shaking and looking, a second shake is allowed; without L-V1 it is refused."""
    start: list[Command] = [
        Throw("Ana", (4, 3)),
        Announce("Ana", 43),
        Accept("Bruno"),
        Reroll("Bruno", (5, 1)),
    ]
    with pytest.raises(Refused):
        play(table("family"), [*start, Reroll("Bruno", None)])
    s = play(table("family", "L-V1"), [*start, Reroll("Bruno", None), Announce("Bruno", 52), Lift("Chloé")])
    assert s.state.expecting() == Expectation("reveal", None, "Chloé")


def test_lv2_the_stake_is_two_lives_when_21_was_announced_or_revealed() -> None:
    """L-V2: two lives at stake after a 21 announced or revealed; one otherwise."""
    s = play(table("family", "L-V2"), [Throw("Ana", (4, 3)), Announce("Ana", 21), Lift("Bruno")])
    assert penalties(s) == [("Ana", 2, "life", "bluff")]
    s = play(table("family", "L-V2"), [Throw("Ana", (2, 1)), Announce("Ana", 66), Lift("Bruno")])
    assert penalties(s) == [("Bruno", 2, "life", "wrong_lift")]
    s = play(table("family"), [Throw("Ana", (4, 3)), Announce("Ana", 21), Lift("Bruno")])
    assert penalties(s) == [("Ana", 1, "life", "bluff")]


def test_lv2_never_takes_more_lives_than_are_left() -> None:
    """L-V2 with L1: a player with one life loses one, not two."""
    game = QuinitoGame(
        QuinitoConfig(("Ana", "Bruno", "Chloé"), edition="family", variants=frozenset({"L-V2"}), lives=1)
    )
    s = play(Session.start(game), [Throw("Ana", (4, 3)), Announce("Ana", 21), Lift("Bruno")])
    assert penalties(s) == [("Ana", 1, "life", "bluff")]
    assert min(lives(s).values()) == 0


def test_lv3_the_life_goes_to_the_player_who_caused_the_loss() -> None:
    """L-V3: 3 lives each; the loser's life goes to the causer."""
    s = play(table("family", "L-V3"), [Throw("Ana", (4, 1)), Announce("Ana", 63), Lift("Bruno")])
    loss = [e for e in s.events if isinstance(e, PenaltyCalled)]
    assert loss == [PenaltyCalled("Ana", 1, "life", "bluff", beneficiary="Bruno")]
    assert lives(s) == {"Ana": 2, "Bruno": 4, "Chloé": 3, "David": 3}


def test_lv3_a_held_loss_told_goes_to_its_causer_like_one_charged() -> None:
    """L-V3, L3: a held read-out's loss, charged by the table's answer (a Fault naming who receives
    it), leaves the lives where the loss charged at once leaves them; a beneficiary nobody plays as
    is refused."""
    lifted = play(table("family", "L-V3"), [Throw("Ana", (4, 1)), Announce("Ana", 63), Lift("Bruno")])
    held = play(table("family", "L-V3"), [Announce("Ana", 63), Lift("Bruno"), Reveal(41, held=True)])
    told = held.apply(Fault("Ana", "bluff", 1, "Bruno"))
    assert lives(told) == lives(lifted) == {"Ana": 2, "Bruno": 4, "Chloé": 3, "David": 3}
    with pytest.raises(Refused):
        held.apply(Fault("Ana", "bluff", 1, "Zorro"))


def test_lv4_a_revealed_21_reverses_the_next_round() -> None:
    """L-V4: a 21 under the cup changes the direction; without L-V4 it does not."""
    s = play(table("family", "L-V4"), [Throw("Ana", (2, 1)), Announce("Ana", 62), Lift("Bruno")])
    assert s.state.direction == -1
    s = play(s, [Announce("Bruno", 43)])
    assert s.state.expecting() == Expectation("response", "Ana", "Bruno")
    s = play(table("family"), [Throw("Ana", (2, 1)), Announce("Ana", 62), Lift("Bruno")])
    assert s.state.direction == 1


def test_lv5_redemption_throws_cancel_a_loss_on_a_revealed_21() -> None:
    """L-V5: the revealer who lost on a 21 throws up to three times; a 21 cancels the loss."""
    lost: list[Command] = [Throw("Ana", (2, 1)), Announce("Ana", 62), Lift("Bruno")]
    s = play(table("family", "L-V5"), lost)
    assert s.state.expecting() == Expectation("redemption_throw", "Bruno")
    saved = play(s, [RedemptionThrow("Bruno", 43), RedemptionThrow("Bruno", 21)])
    assert penalties(saved) == []
    assert saved.state.expecting() == Expectation("announce", "Bruno")
    failed = play(
        s, [RedemptionThrow("Bruno", 43), RedemptionThrow("Bruno", 66), RedemptionThrow("Bruno", 11)]
    )
    assert penalties(failed) == [("Bruno", 1, "life", "wrong_lift")]
    assert failed.state.expecting() == Expectation("announce", "Bruno")
    assert penalties(play(table("family"), lost)) == [("Bruno", 1, "life", "wrong_lift")]


def test_lv6_chance_is_true_only_for_31_and_the_next_raises_over_the_last_real_score() -> None:
    """L-V6: A 43, B "chance", C must raise over 43; chance lifted is true only on a 31."""
    with pytest.raises(Refused):
        play(table("family"), [Announce("Ana", "chance")])
    s = play(table("family", "L-V6"), [Announce("Ana", 43), Accept("Bruno"), Announce("Bruno", "chance")])
    assert s.state.expecting() == Expectation("response", "Chloé", "Bruno")
    s = s.apply(Accept("Chloé"))
    with pytest.raises(Refused):
        s.apply(Announce("Chloé", 42))
    s.apply(Announce("Chloé", 51))
    base: list[Command] = [Announce("Ana", "chance"), Lift("Bruno")]
    assert penalties(play(table("family", "L-V6"), [*base, Reveal(31)])) == [
        ("Bruno", 1, "life", "wrong_lift")
    ]
    assert penalties(play(table("family", "L-V6"), [*base, Reveal(41)])) == [("Ana", 1, "life", "bluff")]


def test_lv7_65_is_a_second_quinito_ranked_over_the_doubles() -> None:
    """L-V7: 65 beats 66 (second quinito); without it 66 beats 65."""
    s = play(table("family", "L-V7"), [Announce("Ana", 65), Accept("Bruno")])
    with pytest.raises(Refused):
        s.apply(Announce("Bruno", 66))
    s.apply(Announce("Bruno", 21))
    play(table("family"), [Announce("Ana", 65), Accept("Bruno"), Announce("Bruno", 66)])


def test_l1_a_held_loss_that_would_put_a_player_out_is_held_like_any_other() -> None:
    """L1, L3: a held read-out whose loss would eliminate charges nobody and puts nobody out: the
    loser as counted starts the next round, and the table's answer (a Fault) puts its player out, the
    next player still in starting (the same game as the loss charged at once)."""
    game = QuinitoGame(QuinitoConfig(("Ana", "Bruno", "Chloé"), edition="family", lives=1))
    lifted = play(Session.start(game), [Announce("Ana", 62), Lift("Bruno")])
    held = lifted.apply(Reveal(62, held=True))
    assert penalties(held) == [] and not held.state.eliminated
    assert held.state.expecting() == Expectation("announce", "Bruno")
    told = held.apply(Fault("Bruno", "wrong_lift"))
    charged = lifted.apply(Reveal(62))
    assert told.state.eliminated == charged.state.eliminated == {"Bruno"}
    assert told.state.expecting() == charged.state.expecting() == Expectation("announce", "Chloé")
