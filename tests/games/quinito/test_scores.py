"""Q2, Q3, V-11-high, V-65, L-V6, L-V7: the score table, walked exhaustively."""

from __future__ import annotations

import pytest

from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.scores import (
    DOUBLES,
    SCORES,
    covers,
    from_dice,
    is_double,
    is_legal,
    order,
    outcomes,
    rank,
)

BASE = {score: i for i, score in enumerate(order())}


def ranks_with(variant: str) -> dict[int, int]:
    """The rank table of a table playing `variant` (resolved by the typed rules)."""
    return dict(QuinitoConfig(("Ana", "Bruno", "Chloé"), variants=frozenset({variant})).ranks)


Q3_TEXT = (
    "31 < 32 < 41 < 42 < 43 < 51 < 52 < 53 < 54 < 61 < 62 < 63 < 64 < 65 < 11 < 22 < 33 < 44 < 55 < 66 < 21"
)


def test_q3_order_is_the_rules_text() -> None:
    """Q3: the base order, lowest to highest, as written in docs/rules.md."""
    assert tuple(int(s) for s in Q3_TEXT.split(" < ")) == SCORES
    assert order() == SCORES
    assert [rank(s, BASE) for s in SCORES] == list(range(21))


def test_q2_every_throw_reads_higher_die_first() -> None:
    """Q2: 36 throws give exactly the 21 values; a 2 and a 6 read 62, never 26."""
    seen = {from_dice(a, b) for a in range(1, 7) for b in range(1, 7)}
    assert seen == set(SCORES)
    assert from_dice(2, 6) == from_dice(6, 2) == 62
    assert from_dice(1, 1) == 11
    assert sum(outcomes().values()) == 36
    with pytest.raises(ValueError):
        from_dice(0, 7)


def test_q3_doubles_beat_simple_scores_and_21_beats_all() -> None:
    """Q3: every double beats every simple score; 21 beats everything."""
    for score in SCORES:
        assert is_legal(score)
        assert is_double(score) == (score in DOUBLES)
        if score != 21:
            assert rank(21, BASE) > rank(score, BASE)
        if not is_double(score) and score != 21:
            assert all(rank(d, BASE) > rank(score, BASE) for d in DOUBLES)
    assert not is_legal(26) and not is_legal(23) and not is_legal(True) and not is_legal("chance")


def test_v11_high_puts_aces_double_just_under_21() -> None:
    """V-11-high: 11 is the highest double, still under 21."""
    high = order(aces_high=True)
    assert high[-2:] == (11, 21)
    assert rank(11, ranks_with("V-11-high")) > rank(66, ranks_with("V-11-high"))
    assert rank(11, BASE) < rank(22, BASE)
    assert sorted(high) == sorted(SCORES)


@pytest.mark.parametrize("variant", ["V-65", "L-V7"])
def test_v65_makes_65_a_second_quinito_just_under_21(variant: str) -> None:
    """V-65 / L-V7: 65 ranks above every double, under 21."""
    table = (
        ranks_with(variant)
        if variant == "V-65"
        else dict(
            QuinitoConfig(("Ana", "Bruno", "Chloé"), edition="family", variants=frozenset({variant})).ranks
        )
    )
    assert sorted(table, key=table.__getitem__)[-2:] == [65, 21]
    assert rank(65, table) > rank(66, table)


def test_lv6_chance_is_true_only_for_31() -> None:
    """L-V6: "chance" ranks as 31 and is covered only by a 31."""
    assert rank("chance", BASE) == rank(31, BASE)
    assert [s for s in SCORES if covers(s, "chance", BASE)] == [31]
    assert covers(54, 43, BASE) and covers(43, 43, BASE) and not covers(42, 43, BASE)
