"""Q2, Q3, V-11-high, V-65, L-V7, L-V6: the coach's odds, checked against the 36 throws one by one."""

from __future__ import annotations

from fractions import Fraction

import pytest

from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.odds import at_least
from assistant.games.quinito.scores import SCORES, covers, from_dice

ORDER_VARIANTS: tuple[frozenset[str], ...] = (
    frozenset(),
    frozenset({"V-11-high"}),
    frozenset({"V-65"}),
    frozenset({"L-V7"}),
    frozenset({"V-11-high", "V-65"}),
)
"""Every set of variants that changes the Q3 order (and the base order)."""

THROWS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def rules(variants: frozenset[str] | set[str] = frozenset()) -> QuinitoConfig:
    """A table playing these variants (L-V7 is the family edition's)."""
    edition = "family" if "L-V7" in variants else "drinking"
    return QuinitoConfig(("Ana", "Bruno", "Chloé"), edition=edition, variants=frozenset(variants))


def enumerated(score: int | str, variants: frozenset[str]) -> Fraction:
    """The 36 throws, each read (Q2) and compared with the score by the engine's own `covers`."""
    ranks = rules(variants).ranks
    made = sum(1 for a, b in THROWS if covers(from_dice(a, b), score, ranks))  # type: ignore[arg-type]
    return Fraction(made, 36)


@pytest.mark.parametrize("variants", ORDER_VARIANTS, ids=lambda v: "+".join(sorted(v)) or "base")
@pytest.mark.parametrize("score", SCORES)
def test_q3_odds_equal_the_enumeration_of_36_throws(score: int, variants: frozenset[str]) -> None:
    """Q3, V-11-high, V-65, L-V7: for every score and every order, odds == counted throws / 36."""
    assert at_least(score, rules(variants).order).chance == enumerated(score, variants)


def test_q3_worked_examples_of_the_base_order() -> None:
    """Q3: worked by hand. 62 or more: 62-65 (4 x 2) + six doubles + 21 (2) = 16 throws, 44 %."""
    assert at_least(62).throws == 16 and at_least(62).percent == 44
    assert at_least(31).throws == 36 and at_least(31).percent == 100
    assert at_least(21).throws == 2 and at_least(21).percent == 6
    assert at_least(11).throws == 8  # the six doubles and 21
    assert at_least(65).throws == 10  # 65 (2), six doubles, 21 (2)


def test_v11_high_and_v65_change_the_odds_of_the_scores_they_move() -> None:
    """V-11-high: only 11 and 21 make at least 11. V-65: only 65 and 21 make at least 65, and a
    double no longer reaches 65's rank."""
    assert at_least(11, rules({"V-11-high"}).order).throws == 3
    assert at_least(22).throws == 7  # 22..66 and 21 (2)
    assert at_least(22, rules({"V-11-high"}).order).throws == 8  # and 11, now above 66
    assert at_least(65, rules({"V-65"}).order).throws == 4
    assert at_least(66, rules({"V-65"}).order).throws == 5  # 66, 65 (2), 21 (2)
    assert at_least(65, rules({"L-V7"}).order) == at_least(65, rules({"V-65"}).order)


def test_lv6_chance_is_made_only_by_31() -> None:
    """L-V6: "chance" is true only for 31, two throws of 36."""
    assert at_least("chance").chance == enumerated("chance", frozenset()) == Fraction(2, 36)


def test_odds_refuse_what_is_no_score() -> None:
    """Q2: 23 and 26 are no throw."""
    for bad in (23, 26, 0, True, "soixante"):
        with pytest.raises(ValueError):
            at_least(bad)  # type: ignore[arg-type]


def test_q3_spoken_odds_sentence_is_the_issue_example() -> None:
    """Q3 coach: the sentence the referee says for a standing 62."""
    from assistant.games.quinito.coach import odds_sentence
    from assistant.speech import percent_words

    assert odds_sentence(at_least(62)) == (
        "Soixante-deux : quarante-quatre pour cent de chances de faire au moins autant."
    )
    assert [percent_words(n) for n in (6, 21, 71, 100)] == [
        "six pour cent",
        "vingt et un pour cent",
        "soixante et onze pour cent",
        "cent pour cent",
    ]


@pytest.mark.parametrize(
    ("argv", "printed"),
    [
        (
            ["--odds", "62"],
            "Soixante-deux (62) : 44 % de chances de faire au moins autant (16 lancers sur 36).",
        ),
        (
            ["--odds", "65"],
            "Soixante-cinq (65) : 28 % de chances de faire au moins autant (10 lancers sur 36).",
        ),
        (
            ["--odds", "65", "--variants", "V-65"],
            "Soixante-cinq (65) : 11 % de chances de faire au moins autant (4 lancers sur 36).",
        ),
        (
            ["--odds", "11", "--variants", "V-11-high"],
            "Double as (11) : 8 % de chances de faire au moins autant (3 lancers sur 36).",
        ),
    ],
)
def test_kinito_rules_odds_prints_the_configured_order(
    argv: list[str], printed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/command-line.md `kinito rules --odds`, Q3 with V-65 and V-11-high: one French line, a
    percentage."""
    from assistant.cli import main

    assert main(["rules", "--game", "quinito", *argv]) == 0
    assert capsys.readouterr().out.strip() == printed


def test_kinito_rules_odds_json_and_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    """`--odds 62 --json` is one JSON object; 23 (no score, Q2) and Cinquillo are refused in a sentence."""
    import json

    from assistant.cli import main

    assert main(["rules", "--game", "quinito", "--odds", "62", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["throws"], data["of"], data["percent"]) == (16, 36, 44)
    assert main(["rules", "--game", "quinito", "--odds", "23"]) == 2
    assert "23 n'est pas un score" in capsys.readouterr().err
    assert main(["rules", "--game", "cinquillo", "--odds", "62"]) == 2
    assert "quinito" in capsys.readouterr().err
