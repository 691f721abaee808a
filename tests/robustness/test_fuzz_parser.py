"""Parser fuzzing: any unicode, empty and 10,000-character lines, every shape of player name.

The parser's contract (parser.py): `parse` never raises on any string, and its output is the JSON object of
`kinito parse --jsonl` (docs/command-line.md), so it must survive json.dumps.
"""

from __future__ import annotations

import json
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.game import get_game
from assistant.understanding.parser import Parser

PLAYERS = ("Ana", "Bruno", "Chloé", "David")
NAME_SHAPES = (
    ("Ana", "Bruno", "Chloé", "David"),
    ("Élodie", "Jean-Marc", "Anne Sophie", "Zoë"),
    ("A", "B", "É", "Ö"),
    ("🎲", "Léa 🍺", "O'Neil", "Ngũgĩ"),
    ("pierre", "ROSE", "marc-antoine", "李"),
    ("a-b-c", "x y z", "Ève", "Ï"),
)
"""Player names as people write them: accents, hyphens, spaces, emoji, one letter, other scripts."""
TRANSCRIPT_WORDS = st.sampled_from(
    [
        "arbitre",
        "soixante",
        "deux",
        "je",
        "lève",
        "bois",
        "ana",
        "chloé",
        "à",
        "ma",
        "gauche",
        "quinito",
        "défi",
        "annule",
        "pénalité",
        "pour",
        "vingt-et-un",
        "cinq",
        "de",
        "oros",
        "",
        "-",
        "'",
    ]
)


@lru_cache(maxsize=16)
def parser(game: str, players: tuple[str, ...], vigilance: bool = True) -> Parser:
    return Parser(get_game("quinito" if game == "quinito" else "cinquillo"), players, vigilance=vigilance)


def check(p: Parser, text: str) -> None:
    parsed = p.parse(text)
    out = parsed.to_json()
    assert out["text"] == text
    assert json.loads(json.dumps(out, ensure_ascii=False)) == out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=200), game=st.sampled_from(["quinito", "cinquillo"]))
def test_parse_never_raises_on_any_unicode(text: str, game: str) -> None:
    check(parser(game, PLAYERS), text)


@settings(max_examples=200, deadline=None)
@given(words=st.lists(TRANSCRIPT_WORDS, max_size=30), sep=st.sampled_from([" ", "  ", "-", "\t", " , "]))
def test_parse_never_raises_on_near_grammar_word_soup(words: list[str], sep: str) -> None:
    check(parser("quinito", PLAYERS), sep.join(words))


@pytest.mark.parametrize(
    "text", ["", " ", "\n", "\x00", "arbitre", "-", "'", "\u200b", "\ufeffarbitre annule"]
)
def test_parse_never_raises_on_empty_and_degenerate_lines(text: str) -> None:
    for game in ("quinito", "cinquillo"):
        check(parser(game, PLAYERS), text)


@pytest.mark.parametrize("unit", ["a", "soixante deux ", "é", "🎲", "arbitre annule ", "ana "])
def test_parse_of_a_10000_character_line_never_raises(unit: str) -> None:
    """Its speed is measured by `kinito bench`, not asserted here."""
    text = (unit * (10_000 // len(unit) + 1))[:10_000]
    check(parser("quinito", PLAYERS), text)


@pytest.mark.parametrize("players", NAME_SHAPES, ids=lambda names: "|".join(names))
def test_parser_builds_and_parses_with_every_shape_of_name(players: tuple[str, ...]) -> None:
    p = parser("quinito", players)
    for text in ("soixante deux", f"{players[0].lower()} tu bois", f"arbitre pénalité pour {players[1]}", ""):
        check(p, text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=80), players=st.sampled_from(NAME_SHAPES))
def test_parse_never_raises_with_odd_names_on_any_unicode(text: str, players: tuple[str, ...]) -> None:
    check(parser("quinito", players), text)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.lists(
        st.text(alphabet=st.characters(blacklist_categories=["Cs", "Cc"]), min_size=1, max_size=12),
        min_size=2,
        max_size=5,
        unique_by=str.casefold,
    ),
    text=st.text(max_size=60),
)
def test_parser_never_raises_with_generated_names(players: list[str], text: str) -> None:
    p = Parser(get_game("quinito"), tuple(players), vigilance=True)
    check(p, text)
    check(p, f"arbitre pénalité pour {players[0]}")
