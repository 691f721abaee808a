"""The microphone set (natural/microphone.jsonl) is well formed: Vosk-like text, contract keys only."""

from __future__ import annotations

import json
import re
from pathlib import Path

MICROPHONE = Path(__file__).parent / "natural" / "microphone.jsonl"
SCORES = {31, 32, 41, 42, 43, 51, 52, 53, 54, 61, 62, 63, 64, 65, 11, 22, 33, 44, 55, 66, 21}
RANKS = {"1", "2", "3", "4", "5", "6", "7", "sota", "caballo", "rey"}
SUITS = {"oros", "copas", "espadas", "bastos"}
INTENTS = {
    "quinito": {
        None,
        "score",
        "accept",
        "challenge",
        "pass",
        "reroll",
        "quinito",
        "counter",
        "defi",
        "reverse",
    },
    "cinquillo": {None, "play", "pass", "draw"},
}
CLASSES = {"move_then_comment", "cest_moi_move", "verb_object", "two_moves", "negated_card", "chatter"}


def _rows() -> list[dict[str, object]]:
    return [json.loads(line) for line in MICROPHONE.read_text(encoding="utf-8").splitlines() if line]


def _check_move(game: str, move: dict[str, object]) -> None:
    assert set(move) <= {"intent", "score", "card"}, move
    assert move.get("intent") in INTENTS[game], move
    score = move.get("score")
    assert score is None or score == "chance" or score in SCORES, move
    card = move.get("card")
    if card is not None:
        rank, suit = str(card).split("-")
        assert rank in RANKS and suit in SUITS, move


def test_every_line_is_vosk_text_with_a_contract_expectation() -> None:
    rows = _rows()
    assert len(rows) >= 300
    for row in rows:
        text = str(row["text"])
        assert re.fullmatch(r"[a-zàâçéèêëîïôûùüÿœ' -]+", text), text
        assert row["class"] in CLASSES, row
        game = str(row["game"])
        expect = row["expect"]
        assert isinstance(expect, dict)
        moves = expect.get("moves", [expect])
        assert isinstance(moves, list) and moves
        for move in moves:
            _check_move(game, move)


def test_every_class_has_lines_of_both_games() -> None:
    seen = {(str(row["class"]), str(row["game"])) for row in _rows()}
    assert {name for name, _ in seen} == CLASSES
    assert {game for _, game in seen} == {"quinito", "cinquillo"}


def test_chatter_expects_no_move() -> None:
    for row in _rows():
        if row["class"] == "chatter":
            assert row["expect"] == {"intent": None}, row
