"""The rules help follows the table's settings (edition, variants) and never says the Q11 verb."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from assistant.games.quinito.config import Edition, QuinitoConfig, variants_for
from assistant.games.quinito.explain import TOPICS, explain

PLAYERS = ("Ana", "Bruno", "Chloé")
# Q11: every form of the verb (infinitive, conjugations, participles) starts like this.
FORBIDDEN = re.compile(r"\b(boi|bu|buv)\w*", re.IGNORECASE)


def config(edition: str = "drinking", *variants: str) -> QuinitoConfig:
    return QuinitoConfig(PLAYERS, edition=edition, variants=frozenset(variants))  # type: ignore[arg-type]


def text(c: QuinitoConfig, topic: str | None = None) -> str:
    return " ".join(explain(c, topic))


def test_q11_no_topic_in_any_configuration_says_the_forbidden_verb() -> None:
    """Q11: never the verb, in any form, whatever the settings and the topic."""
    editions: tuple[Edition, ...] = ("drinking", "family")
    for edition in editions:
        for pair in combinations(sorted(variants_for(edition)), 2):
            c = config(edition, *pair)
            for topic in (None, *TOPICS):
                lines = explain(c, topic)
                assert lines
                assert not [line for line in lines if FORBIDDEN.search(line)]


def test_q3_order_topic_lists_the_table_order() -> None:
    """Q3, V-11-high, V-65: the spoken order is the configured one."""
    assert "31, 32, 41" in text(config(), "ordre")
    assert "55, 66, 21." in text(config(), "scores")
    assert "66, 11, 21." in text(config("drinking", "V-11-high"), "ordre")
    assert "66, 65, 21." in text(config("drinking", "V-65"), "ordre")
    assert "second quinito" not in text(config(), "ordre")


def test_v31_replay_the_defi_text_says_31_replays() -> None:
    """V-31-replay: the défi help says 31 replays, and never describes a race."""
    replay = text(config("drinking", "V-31-replay"), "défi")
    assert "rejouer" in replay and "course" not in replay
    assert "course" in text(config(), "defi")
    assert "course" not in text(config("drinking", "V-31-replay"))


def test_q9_quinito_text_follows_the_edition_and_v65() -> None:
    """Q9, Q12, Q13, V-65: attacks in the drinking edition only; 65 named when it is a quinito."""
    assert "attaque" in text(config(), "quinito")
    assert "totem" in text(config(), "quinito")
    assert "65" in text(config("drinking", "V-65"), "quinito")
    assert "65" not in text(config(), "quinito")
    assert "deux totems" in text(config("drinking", "Q13"), "quinito")
    assert "pas d'attaque" in text(config("family"), "quinito")


@pytest.mark.parametrize(
    ("edition", "variants", "present", "absent"),
    [
        ("drinking", (), "32 change le sens", "21 est révélé"),
        ("family", ("L-V4",), "21 est révélé", "32"),
        ("family", (), "ne change pas", "32"),
    ],
)
def test_q8_lv4_direction_topic(edition: str, variants: tuple[str, ...], present: str, absent: str) -> None:
    """Q8 32 / L-V4: what changes the direction at this table."""
    said = text(config(edition, *variants), "sens")
    assert present in said and absent not in said


def test_lv6_chance_and_l1_lives_follow_the_settings() -> None:
    """L-V6, L1, L-V3: chance only when played; lives as configured (3 with L-V3)."""
    assert "seulement pour 31" in text(config("family", "L-V6"), "chance")
    assert "n'est pas jouée" in text(config("family"), "chance")
    assert "5 vies" in text(config("family"), "vies")
    assert "3 vies" in text(config("family", "L-V3"), "vies")
    assert "il la donne" in text(config("family", "L-V3"), "vies")
    assert "doses" in text(config(), "vies")


def test_q10_faults_cost_a_dose_or_a_life() -> None:
    """Q10: the fault's price depends on the edition (the family edition only counts slowness, when set)."""
    assert "dose" in text(config(), "fautes")
    assert "vie" in text(config("family"), "fautes")


def test_summary_and_unknown_topic() -> None:
    """None gives the whole summary; an unknown topic lists the topics."""
    summary = explain(config("drinking", "V-51"))
    assert len(summary) == len(set(summary)) > 8
    assert any("gorgée" in line for line in summary)
    assert "Demande :" in text(config(), "météo")
