"""Docs/architecture.md 11: every sentence the referee says is data (grammars/responses/fr/), and
each one, rendered with sample values, is French a French speaker would say: one register ("tu"),
elision ("d'Ana"), a capital at the start, no English, no "révélateur", no guessed gender, and (Q11)
never the verb "boire". Every refusal code an engine raises renders to such a sentence.
"""

from __future__ import annotations

import ast
import importlib
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

import assistant
from assistant import speech
from assistant.core.game import Refused
from assistant.game import get_game
from assistant.games import GAMES
from assistant.responses import LANGUAGE, render, responses
from assistant.understanding.grammar_files import grammar_dir
from tests.referee.test_speech import BOIRE, forbidden

RESPONSES = Path(str(grammar_dir())) / "responses" / LANGUAGE
FILES = sorted(p.name for p in RESPONSES.glob("*.yaml"))

SAMPLES: dict[str, object] = {
    "url": "http://192.168.1.20:8000/",
    "port": 8000,
    "player": "Ana",
    "of_player": speech.of("Ana"),
    "players": "Ana et Émile",
    "moves": "le cinq de bâtons, posé par Ana",
    "names": "Pierre",
    "beneficiary": "Émile",
    "expected": "Émile",
    "winner": "Ana",
    "first": "Ana",
    "second": "Émile",
    "amount": "deux doses",
    "reason": "bluff",
    "score": "Soixante-deux",
    "value": 43,
    "dice": 54,
    "to_beat": 43,
    "number": 2,
    "points": 12,
    "count": 16,
    "most": 12,
    "low": 2,
    "high": 12,
    "mode": "mixte",
    "edition": "apéro",
    "known": "V-65, V-51",
    "path": "kinito.toml",
    "section": "play",
    "key": "confirm",
    "kind": "micro",
    "game": "Quinito",
    "topic": "totem",
    "topics": "cartes, donne, ordre",
    "order": "31, 32, 41",
    "scores": "21 ou 65",
    "lives": 5,
    "stock": 16,
    "target": 50,
    "gain": 40,
    "says": "« j'accepte » ou « je passe »",
    "loser": 10,
    "abandon": 20,
    "hand": 13,
    "what": "l'annonce d'Ana",
    "cup": "premier gobelet",
    "part": "premier gobelet",
    "line": "Combien sous le gobelet ?",
    "other": "Émile",
    "card": "le cinq de deniers",
    "suit": "de coupes",
    "row": "va du quatre au sept",
    "percent": "quarante-quatre pour cent",
    "cards": "le cinq de deniers et le sept de coupes",
    "unit": "doses",
    "actor": "Émile",
    "attacker": "Ana",
    "round": 2,
    "winners": "Ana et Émile",
    "address": "127.0.0.1:8000",
    "phrase": "soixante deux",
    "heard": "soixante deux",
    "conf": "0.82",
    "min_conf": "0.74",
    "verdict": "juste",
    "noise": "-58",
    "speech": "-22",
    "snr": "36",
    "right": 4,
    "rank": "huit",
    "question": "Qui a dit ça ?",
    "state": "Ana a annoncé soixante-deux.",
    "waiting": "la réponse de Bruno.",
    "hint": " (veux-tu dire « edition » ?)",
}
"""A value for every blank a response may have: names starting with a vowel, so that a missing
elision ("de Ana") shows."""

ENGLISH = frozenset(
    {"utterance", "player", "players", "turn", "the", "and", "you", "round", "match", "undo", "game", "error"}
)
"""English words that slipped into French sentences before (and a few likely ones)."""
VOUS = re.compile(r"\b(vous|votre|vos)\b|\b\w+ez\b", re.IGNORECASE)
"""The "vous" register: its pronouns and imperatives/presents in -ez."""
NOT_VOUS = frozenset({"chez", "assez", "nez"})
NO_ELISION = re.compile(r"\b(de|que|le|la|ne|je|me|te|se) [AEIOUÉÈÊaeiouéèê]\w*")
"""A word French elides before a vowel, not elided ("de Ana", "que Émile")."""
GENDERED = re.compile(r"\b(éliminée?s?|prête?s?|content(e|s)?|seule?)\b", re.IGNORECASE)
"""Adjectives that guess a player's gender."""
SENTENCE_START = re.compile(r"(?:^|[.!?] )([a-zéèêàâîôûç])")


BOARD_LINES = ("board_status", "board_journal")
"""The party board's statuses and journal lines: shown, not said, but French all the same."""


def _strings(data: object, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, f"{path}[{i}]")


def sentences() -> list[tuple[str, str]]:
    """(file:key, sentence rendered with sample values) for every sentence template of every file."""
    out: list[tuple[str, str]] = []
    for name in FILES:
        data = responses(name)
        for section in ("sentences", "refusals", "help", "errors", "explain", *BOARD_LINES):
            for key, template in (data.get(section) or {}).items():
                out.append((f"{name}:{section}.{key}", render(str(template), SAMPLES)))
    return out


RENDERED = sentences()


def problems(sentence: str) -> list[str]:
    """What item 9 finds wrong with one sentence."""
    found: list[str] = []
    if any(w not in NOT_VOUS for w in (m.group(0).lower() for m in VOUS.finditer(sentence))):
        found.append("register: use tu")
    if NO_ELISION.search(sentence):
        found.append("elision")
    if GENDERED.search(sentence):
        found.append("guessed gender")
    if SENTENCE_START.search(sentence):
        found.append("capital at sentence start")
    words = set(re.findall(r"[a-zA-Zéèêàâîôûç]+", sentence.lower()))
    if words & ENGLISH:
        found.append(f"English: {sorted(words & ENGLISH)}")
    if "révélateur" in sentence.lower():
        found.append("révélateur")
    if BOIRE.search(sentence) or forbidden(sentence):
        found.append("Q11: boire")
    return found


def test_the_responses_files_are_found_and_every_game_names_its_own() -> None:
    assert "referee.yaml" in FILES
    for name in GAMES:  # the game folders of the package (a toy game of the tests may have none)
        module = get_game(name)
        assert module.responses in FILES, name


@pytest.mark.parametrize(("where", "sentence"), RENDERED, ids=[w for w, _ in RENDERED])
def test_every_response_is_french_a_french_speaker_would_say(where: str, sentence: str) -> None:
    """Q11 and the responses data, on every sentence template of grammars/responses/fr/."""
    assert problems(sentence) == []


def test_the_checks_catch_what_item_9_reported() -> None:
    assert "register: use tu" in problems("Vous avez déjà relancé : annoncez maintenant.")
    assert "elision" in problems("La passe de Ana.")
    assert "guessed gender" in problems("Ana est éliminé.")
    assert "capital at sentence start" in problems("trente et un !")
    assert "révélateur" in problems("Sinon le révélateur.")
    assert any(p.startswith("English") for p in problems("Je n'ai pas compris l'utterance."))
    assert "Q11: boire" in problems("Tu bois.")
    assert problems("Tu as déjà relancé : annonce maintenant.") == []


def test_every_word_file_entry_is_free_of_boire_Q11() -> None:
    """Q11 on everything in the responses files: reasons, units, descriptions, scores, words."""
    for name in FILES:
        for where, text in _strings(responses(name)):
            assert not BOIRE.search(text), (name, where, text)


def test_every_template_blank_has_a_sample_value() -> None:
    blanks = {
        field
        for name in FILES
        for _, text in _strings(responses(name))
        for _, field, _, _ in string.Formatter().parse(text)
        if field
    }
    assert blanks - set(SAMPLES) == set()


def refusal_codes(game: str) -> set[str]:
    """Every literal `Refused("code", ...)` in a game's folder (f-string codes expanded below)."""
    folder = Path(assistant.__file__).parent / "games" / game
    codes: set[str] = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refused" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes.add(first.value)
                elif isinstance(first, ast.JoinedStr):  # f"waiting_{cup.phase}": one code per phase
                    prefix = "".join(v.value for v in first.values if isinstance(v, ast.Constant))
                    codes.add(prefix + "*")
    return codes


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_code_an_engine_raises_renders_to_french(game: str) -> None:
    """docs/architecture.md: the engines refuse with codes; each one has a sentence in the game's file."""
    module = get_game(game)
    refusals = responses(module.responses).get("refusals") or {}
    codes = refusal_codes(game)
    assert codes, game
    for code in codes:
        if code.endswith("*"):
            assert any(k.startswith(code[:-1]) for k in refusals), code
            continue
        assert code in refusals, code
        sentence = render(str(refusals[code]), SAMPLES)
        assert sentence != code and problems(sentence) == [], (code, sentence)


def test_waiting_refusals_cover_every_phase_of_quinito() -> None:
    from assistant.games.quinito.state import PLAYER_BOUND, TABLE_PHASES

    refusals = responses(get_game("quinito").responses)["refusals"]
    for phase in {*PLAYER_BOUND, *TABLE_PHASES, "counter_throw", "redemption_throw"}:
        assert f"waiting_{phase}" in refusals, phase


def test_a_refusal_is_said_through_the_book_with_its_values() -> None:
    module = get_game("quinito")
    book = module.rulebook(module.rules({"players": "Ana,Bruno,Chloé"}))
    said = book.refusal(Refused("not_lower", to_beat=43))
    assert said == "Il faut annoncer un vrai score supérieur ou égal à 43."


BOARD_SECTIONS = ("board", *BOARD_LINES)
"""What the party board shows of a game, in the game's own responses file."""


@pytest.mark.parametrize("game", GAMES)
def test_every_board_text_renders_with_all_its_blanks_filled(game: str) -> None:
    """The board: titles, words, statuses and journal lines are data, each one
    rendered with sample values fills every blank and passes the checks of a sentence (words: no
    English, no guessed gender, never boire)."""
    data = responses(get_game(game).responses)
    for part in BOARD_SECTIONS:
        templates = data.get(part) or {}
        assert templates, (game, part)
        for key, template in templates.items():
            shown = render(str(template), SAMPLES)
            assert shown.strip() and "{" not in shown and "}" not in shown, (part, key, shown)
            assert problems(shown) == [], (part, key, shown)


@pytest.mark.parametrize("game", GAMES)
def test_the_board_journal_names_events_of_its_game(game: str) -> None:
    """A journal line is keyed by the name of the event it describes: a misspelt key would silently
    leave that move out of the journal."""
    events = importlib.import_module(f"assistant.games.{game}.events")
    names = {name for name, value in vars(events).items() if isinstance(value, type)}
    journal = responses(get_game(game).responses)["board_journal"]
    assert set(journal) <= names, set(journal) - names


def test_every_quinito_cup_phase_has_a_board_status_q5() -> None:
    """Q5-Q13, L3: whatever a cup waits for, the board's banner says it (family answers included)."""
    from assistant.games.quinito.state import PLAYER_BOUND, TABLE_PHASES

    statuses = responses(get_game("quinito").responses)["board_status"]
    phases = {*PLAYER_BOUND, *TABLE_PHASES, "counter_throw", "redemption_throw", "response_family"}
    assert set(statuses) == phases
