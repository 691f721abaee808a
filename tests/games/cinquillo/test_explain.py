"""The rules explained as configured (C1-C8), never with the verb "boire" (Q11)."""

from __future__ import annotations

import re

import pytest

from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.explain import TOPICS, explain

TABLES = [
    CinquilloConfig(("A", "B"), hand=14, target=40),
    CinquilloConfig(("A", "B", "C"), mode="caprone"),
    CinquilloConfig(("A", "B", "C", "D"), target=70),
]
BOIRE = re.compile(r"\b(boi\w*|bu|bue?s?|buv\w*|bû\w*|but|burent|bus)\b", re.IGNORECASE)


@pytest.mark.parametrize("config", TABLES)
@pytest.mark.parametrize("topic", [None, "inconnu", *TOPICS])
def test_every_topic_is_short_french_without_the_verb_boire(
    config: CinquilloConfig, topic: str | None
) -> None:
    lines = explain(config, topic)
    assert lines
    for line in lines:
        assert line.endswith((".", ":")) and len(line) < 220
        assert not BOIRE.search(line), line


def test_c2_c3_two_player_table_explains_its_hand_and_stock() -> None:
    text = " ".join(explain(TABLES[0], "donne") + explain(TABLES[0], "pioche"))
    assert "14 cartes" in text and "12 autres" in text and "pioche" in text


def test_c6_caprone_explanation_gives_the_blocking_example_and_the_13() -> None:
    caprone = TABLES[1]
    assert any("bloque le six et le sept" in line for line in explain(caprone, "caprone"))
    assert any("treize" in line for line in explain(caprone, "points"))
    assert any("mode original" in line for line in explain(TABLES[2], "caprone"))


def test_c7_c8_target_and_ranking_follow_the_table() -> None:
    assert "70 points" in " ".join(explain(TABLES[2], "objectif"))
    assert "40 points d'expérience" in " ".join(explain(TABLES[2], "classement"))
    summary = " ".join(explain(TABLES[1]))
    assert "trois joueurs" in summary and "caprone" in summary and "50 points" in summary
    assert explain(TABLES[1], "inconnu")[0].startswith("Je ne connais pas ce sujet")
