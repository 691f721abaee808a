"""Loads tests/understanding/corpus/utterances.tsv: utterances with their expected parse (data)."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.game import get_game
from assistant.understanding.parser import Parser

CORPUS = Path(__file__).parent / "corpus" / "utterances.tsv"
PLAYERS = {"quinito": ("Ana", "Bruno", "Chloé", "David"), "cinquillo": ("Ana", "Bruno", "Chloé")}


@dataclass(frozen=True)
class Row:
    """One utterance and what it must mean."""

    game: str
    """quinito or cinquillo."""
    text: str
    """The transcript."""
    expected: dict[str, Any]
    """intent, score, card, invalid, player, players, position, positions, topic."""


def _score(raw: str) -> int | str | None:
    if not raw:
        return None
    return raw if raw == "chance" else int(raw)


def load() -> list[Row]:
    """Every row of the corpus, in file order."""
    rows = []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        game, text, intent, score, card, slots = (line.split("\t") + [""] * 6)[:6]
        extra = json.loads(slots) if slots else {}
        expected = {
            "intent": intent or None,
            "score": _score(score),
            "card": card or None,
            "invalid": extra.get("invalid"),
            "player": extra.get("player"),
            "players": tuple(extra.get("players", ())),
            "position": extra.get("position"),
            "positions": tuple(extra.get("positions", ())),
            "topic": extra.get("topic"),
        }
        rows.append(Row(game, text, expected))
    return rows


def actual(parse: Any) -> dict[str, Any]:
    """The fields of a Parse that the corpus checks."""
    return {
        name: parse.fields.get(name) if name in ("score", "card", "invalid") else getattr(parse, name)
        for name in (
            "intent",
            "score",
            "card",
            "invalid",
            "player",
            "players",
            "position",
            "positions",
            "topic",
        )
    }


@functools.lru_cache(maxsize=4)
def parser_for(game: str) -> Parser:
    """The corpus table's parser, built once per test session, vigilance off (intents only)."""
    assert game in ("quinito", "cinquillo")
    return Parser(get_game(game), PLAYERS[game], vigilance=False)
