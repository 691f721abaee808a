"""The spoken rules are complete and true, for every registered game.

- every topic of the grammar's rules topic list (grammars/commands.yaml) gets an answer, never
  "Je ne connais pas ce sujet";
- no summary says a sentence twice;
- each configuration's summary covers the rules that apply (Cinquillo C2-C8; Quinito Q8, Q12);
- the family edition (no faults) never says a fault costs a life.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
import yaml

from assistant.game import game_names, get_game
from assistant.games.quinito.config import Edition, QuinitoConfig, variants_for
from assistant.settings.table import table_config

GRAMMAR = Path(__file__).resolve().parents[2] / "grammars" / "commands.yaml"
TOPICS = tuple(
    str(value["out"]) for value in yaml.safe_load(GRAMMAR.read_text("utf-8"))["lists"]["topic"]["values"]
)
"""Every topic a player can name in "arbitre c'est quoi le ..." (its canonical form)."""
UNKNOWN = "Je ne connais pas ce sujet"


def tables() -> list[tuple[str, Any]]:
    """(game, rules) for a spread of settings of every registered game."""
    out: list[tuple[str, Any]] = []
    for game in game_names():
        for players in ("Ana,Bruno", "Ana,Bruno,Chloé", "Ana,Bruno,Chloé,David"):
            header: dict[str, Any] = {"game": game, "players": players}
            try:
                out.append((game, table_config(header).rules))
            except Exception:  # a game that refuses this table size
                continue
    return out


@pytest.mark.parametrize("topic", TOPICS)
def test_every_grammar_topic_has_an_answer_in_every_game(topic: str) -> None:
    for game, rules in tables():
        lines = get_game(game).explain(rules, topic)
        assert lines, (game, topic)
        assert not any(UNKNOWN in line for line in lines), (game, topic, lines)


def quinito_configs() -> list[QuinitoConfig]:
    editions: tuple[Edition, ...] = ("drinking", "family")
    return [
        QuinitoConfig(("Ana", "Bruno", "Chloé"), edition=edition, variants=frozenset(pair))
        for edition in editions
        for pair in combinations(sorted(variants_for(edition)), 2)
    ]


def test_no_summary_says_a_sentence_twice() -> None:
    """L-V2 with L-V3 said the stake of a 21 twice; no configuration may repeat a line."""
    for rules in quinito_configs():
        lines = get_game("quinito").explain(rules, None)
        assert len(lines) == len(set(lines)), (rules.edition, rules.variants)
    for _game, rules in tables():
        lines = get_game(_game).explain(rules, None)
        assert len(lines) == len(set(lines)), _game


def test_family_edition_has_no_fault_costing_a_life() -> None:
    """The family edition has no faults (Q10 is the drinking edition's): the text must not say one costs."""
    for rules in quinito_configs():
        if rules.edition == "family":
            text = " ".join(get_game("quinito").explain(rules, None))
            assert "faute coûte" not in text


def test_q12_q8_quinito_summary_gives_the_counterer_the_totem_and_shows_specials() -> None:
    """Q12: a successful counterer takes the totem; Q8: a special is shown and read out."""
    rules = QuinitoConfig(("Ana", "Bruno", "Chloé"))
    text = " ".join(get_game("quinito").explain(rules, None))
    assert "contré qui prend le totem" in text
    assert "Un coup spécial se montre" in text


def test_c2_c8_cinquillo_summary_covers_every_rule_that_applies() -> None:
    """C2/C3 stock and draw (two players), C4 later rounds, C7 target and ties, C8 XP, C6 split."""
    two = table_config({"game": "cinquillo", "players": "Ana,Bruno", "hand": "12"}).rules
    text = " ".join(get_game("cinquillo").explain(two, None))
    for said in (
        "pioche une carte",
        "Chaque manche suivante",
        "le plus de points gagne",
        "points d'expérience",
    ):
        assert said in text, said
    caprone = table_config({"game": "cinquillo", "players": "Ana,Bruno,Chloé", "mode": "caprone"}).rules
    assert "partagent" in " ".join(get_game("cinquillo").explain(caprone, None))
