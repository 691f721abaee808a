"""Q9 quinito attack and counter, Q12 totem, Q13 Double Kinito, V-65."""

from __future__ import annotations

import pytest

from assistant.core.expectation import Expectation
from assistant.core.game import Refused
from assistant.games.quinito.commands import (
    Announce,
    Attack,
    Counter,
    CounterThrow,
    DefiLoser,
    DefiPlayers,
    Lift,
    Reveal,
    ShowSpecial,
    Submit,
    Throw,
)

from .conftest import QSession, penalties, play, table


def quinito(s: QSession, thrower: str, target: str, cup: int = 0) -> QSession:
    """Show a 21 and attack."""
    return play(s, [Throw(thrower, (2, 1), cup), ShowSpecial(thrower, 21, cup), Attack(thrower, target)])


def test_q9_submit_takes_a_double_dose_and_the_thrower_throws_again() -> None:
    """Q9: the attacked takes a double dose; the attacker throws again."""
    s = play(table(), [Throw("Ana", (2, 1)), ShowSpecial("Ana", 21)])
    assert s.state.expecting() == Expectation("attack_target", "Ana")
    s = s.apply(Attack("Ana", "Chloé"))
    assert s.state.expecting() == Expectation("counter_or_submit", "Chloé", "Ana")
    s = s.apply(Submit("Chloé"))
    assert penalties(s) == [("Chloé", 2, "dose", "quinito")]
    assert s.state.expecting() == Expectation("announce", "Ana")


def test_q9_successful_counter_sends_four_doses_back() -> None:
    """Q9, Q12: a counter making 21 gives the attacker 4 doses; the counterer takes the totem."""
    s = play(quinito(table(), "Ana", "Chloé"), [Counter("Chloé")])
    assert s.state.expecting() == Expectation("counter_throw", "Chloé", "Ana")
    s = s.apply(CounterThrow("Chloé", 21))
    assert penalties(s) == [("Ana", 4, "dose", "quinito_countered")]
    assert s.state.totems == ("Chloé",)
    assert s.state.expecting() == Expectation("announce", "Ana")


def test_q9_doubles_and_specials_throw_again_then_a_miss_costs_two() -> None:
    """Q9: doubles and special scores let the counterer throw again; anything else fails."""
    s = play(quinito(table(), "Ana", "Chloé"), [Counter("Chloé"), CounterThrow("Chloé", 33)])
    assert s.state.expecting().awaiting == "counter_throw"
    s = play(s, [CounterThrow("Chloé", 31), CounterThrow("Chloé", 32)])
    assert s.state.expecting().awaiting == "counter_throw"
    assert penalties(s) == []
    s = s.apply(CounterThrow("Chloé", 54))
    assert penalties(s) == [("Chloé", 2, "dose", "quinito")]
    assert s.state.totems == ("Chloé",)


def test_v65_65_is_a_quinito_and_a_counter() -> None:
    """V-65: 65 is a second quinito, shown and attacking, and it counters."""
    with pytest.raises(Refused):
        play(table(), [Throw("Ana", (6, 5)), ShowSpecial("Ana", 65)])
    s = play(table("drinking", "V-65"), [Throw("Ana", (6, 5)), ShowSpecial("Ana", 65)])
    assert s.state.expecting().awaiting == "attack_target"
    s = play(s, [Attack("Ana", "Bruno"), Counter("Bruno"), CounterThrow("Bruno", 65)])
    assert penalties(s) == [("Ana", 4, "dose", "quinito_countered")]


def test_q12_the_totem_holder_cannot_be_attacked() -> None:
    """Q12: the player who took the last quinito is protected from the next one."""
    s = play(quinito(table(), "Ana", "Chloé"), [Submit("Chloé")])
    assert s.state.totems == ("Chloé",)
    s = play(s, [Throw("Ana", (2, 1)), ShowSpecial("Ana", 21)])
    with pytest.raises(Refused, match="totem_protects"):
        s.apply(Attack("Ana", "Chloé"))
    with pytest.raises(Refused):
        s.apply(Attack("Ana", "Ana"))
    s = play(s, [Attack("Ana", "David"), Submit("David")])
    assert s.state.totems == ("David",)


def test_q12_protection_lapses_when_nobody_else_is_left() -> None:
    """Q12 (decision): with two players, the only possible target stays attackable."""
    s = table(players=("Ana", "Bruno"))
    s = play(quinito(s, "Ana", "Bruno"), [Submit("Bruno")])
    s = quinito(s, "Ana", "Bruno")
    assert s.state.expecting() == Expectation("counter_or_submit", "Bruno", "Ana")


def test_q13_two_cups_each_with_its_own_holder_and_totem() -> None:
    """Q13: two cups at once; the second starts half-way round; two totems protect two players."""
    s = table("drinking", "Q13")
    assert [e.player for e in s.state.expecting_all()] == ["Ana", "Chloé"]
    assert s.state.expecting() == s.state.expecting_all()[0]
    s = play(s, [Throw("Chloé", (4, 1), 1), Announce("Chloé", 41, 1), Announce("Ana", 43)])
    assert s.state.expecting_all() == (
        Expectation("response", "Bruno", "Ana", 0),
        Expectation("response", "David", "Chloé", 1),
    )
    s = s.apply(Lift("David", 1))
    assert penalties(s) == [("David", 1, "dose", "wrong_lift")]
    assert s.state.expecting_all()[1] == Expectation("announce", "David", None, 1)
    assert s.state.expecting_all()[0] == Expectation("response", "Bruno", "Ana", 0)
    s = play(quinito(s, "David", "Ana", cup=1), [Submit("Ana")])
    s = play(s, [Lift("Bruno"), Reveal(54)])
    assert s.state.expecting() == Expectation("announce", "Bruno")
    s = play(s, [Throw("Bruno", (2, 1)), ShowSpecial("Bruno", 21)])
    with pytest.raises(Refused):
        s.apply(Attack("Bruno", "Ana"))
    s = play(s, [Attack("Bruno", "Chloé"), Submit("Chloé")])
    assert set(s.state.totems) == {"Ana", "Chloé"}
    with pytest.raises(Refused):
        table().apply(Announce("Ana", 43, 1))


def test_q13_a_defi_loser_is_matched_to_the_cup_of_their_race() -> None:
    """Q13, Q8: two défis at once; the loser named belongs to the second cup's race."""
    s = table("drinking", "Q13")
    s = play(s, [Throw("Ana", (3, 1)), ShowSpecial("Ana", 31), DefiPlayers("Ana", "Bruno", "Chloé")])
    s = play(
        s, [Throw("Chloé", (3, 1), 1), ShowSpecial("Chloé", 31, 1), DefiPlayers("Chloé", "David", "Ana")]
    )
    s = s.apply(DefiLoser("David"))
    assert penalties(s) == [("David", 1, "dose", "defi")]
    assert s.state.expecting_all()[1] == Expectation("announce", "Chloé", None, 1)
    assert s.state.expecting_all()[0] == Expectation("defi_loser", None, "Ana", 0)
