"""The Vosk side: phrase lists from the same grammars, and respellings for words a model lacks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistant.game import get_game
from assistant.understanding.grammar import respellings
from assistant.understanding.normalize import key, vosk_words
from assistant.understanding.parser import Parser
from assistant.understanding.phrases import UNKNOWN, adapt_to_vocabulary, around_moves, phrases_for

PLAYERS = ("Ana", "Bruno")


def test_phrase_lists_are_vosk_ready() -> None:
    """Vosk splits on spaces: no hyphens, single spaces, lower case, apostrophes kept, "[unk]" present."""
    for game in ("quinito", "cinquillo"):
        phrases = phrases_for(get_game(game), None, PLAYERS)
        assert UNKNOWN in phrases
        assert len(phrases) == len(set(phrases))
        for phrase in phrases:
            assert "-" not in phrase and "  " not in phrase and phrase == phrase.strip()
            assert phrase == phrase.lower() or phrase == UNKNOWN
    assert "j'annonce soixante deux" in phrases_for(get_game("quinito"), "announce", PLAYERS)
    assert "roi d'épées" in phrases_for(get_game("cinquillo"), "play", PLAYERS)


def test_awaiting_narrows_the_list_but_commands_stay() -> None:
    """Q6: "je soulève" only when a response is awaited; wake-word commands whatever is awaited."""
    response = set(phrases_for(get_game("quinito"), "response", PLAYERS))
    reveal = set(phrases_for(get_game("quinito"), "reveal", PLAYERS))
    everything = set(phrases_for(get_game("quinito"), None, PLAYERS))
    assert "je soulève" in response and "je soulève" not in reveal
    assert "il y a cinquante quatre" in reveal
    assert response <= everything and reveal <= everything
    for awaiting in ("response", "reveal", "over"):
        listed = phrases_for(get_game("quinito"), awaiting, PLAYERS)
        assert {"arbitre annule", "arbitre pénalité pour bruno", "arbitre répète"} <= set(
            map(str.lower, listed)
        )


def test_q10_fantasy_numbers_are_hearable_when_announcing() -> None:
    """Q10: "vingt trois" must reach the parser (as a fantasy announcement), so Vosk may hear it."""
    assert "vingt trois" in phrases_for(get_game("quinito"), "announce", PLAYERS)
    assert "vingt trois" not in phrases_for(get_game("cinquillo"), "play", PLAYERS)


def test_every_listed_phrase_parses_to_something() -> None:
    """One source of truth: what Vosk may output, the parser understands (except "[unk]"; a rules question
    without its free topic is the rules command, topic None), at the moment it is listed for."""
    parser = Parser(get_game("quinito"), PLAYERS, vigilance=False)
    around = {vosk_words(w) for w in around_moves(parser.grammar)}  # chained with a move, not one alone
    for phrase in phrases_for(get_game("quinito"), "response", PLAYERS):
        if phrase == UNKNOWN or phrase in around:
            continue
        parse = parser.parse(phrase, ("response",))  # listed for that moment, understood in it
        assert parse.intent is not None or parse.position or parse.players or parse.player, phrase


def test_adapt_with_a_fake_vocabulary() -> None:
    """OOV words take the first all-known respelling, apostrophe words may split, unknowable phrases go."""
    phrases = ["quinito", "j'annonce soixante deux", "je relance", "zorglub", UNKNOWN]
    vocabulary = {"qui", "nito", "j'", "annonce", "soixante", "deux", "je", "relance"}
    adapted, back = adapt_to_vocabulary(phrases, vocabulary.__contains__, respellings(get_game("quinito")))
    assert adapted == ["qui nito", "j' annonce soixante deux", "je relance", UNKNOWN]
    assert back == {"qui nito": "quinito", "j' annonce": "j'annonce"}
    parser = Parser(get_game("quinito"), PLAYERS, vigilance=False, respellings=back)
    assert (
        parser.parse("qui nito").intent,
        parser.parse("j' annonce soixante deux").fields.get("score"),
    ) == (
        "quinito",
        62,
    )


def test_a_games_own_words_are_respelled_from_its_grammar_file() -> None:
    """C1: Cinquillo's card names are respelled from its grammar file (`respellings`), at its table only;
    the shared commands' words ("quinito") at every table; Vosk's spelling is mapped back."""
    cinquillo, quinito = respellings(get_game("cinquillo")), respellings(get_game("quinito"))
    assert cinquillo["espadas"][0] == "espada" and "espadas" not in quinito
    assert quinito["quinito"] == cinquillo["quinito"] == respellings()["quinito"]
    known = {"cinq", "de", "espada"}
    assert adapt_to_vocabulary(["cinq de espadas"], known.__contains__, cinquillo) == (
        ["cinq de espada", UNKNOWN],
        {"espada": "espadas"},
    )
    assert (
        Parser(get_game("cinquillo"), PLAYERS, vigilance=False).parse("le six d'or os").fields["card"]
        == "6-oros"
    )


def test_adapt_keeps_known_words_untouched() -> None:
    """A model that knows every word changes nothing and needs no map back."""
    phrases = phrases_for(get_game("quinito"), "response", PLAYERS)
    adapted, back = adapt_to_vocabulary(phrases, lambda word: True, respellings(get_game("quinito")))
    assert (adapted, back) == (phrases, {})


@pytest.fixture(scope="module")
def korean_model(ko_model_dir: Path) -> Any:
    vosk = pytest.importorskip("vosk")
    vosk.SetLogLevel(-1)
    return vosk.Model(str(ko_model_dir))


@pytest.mark.slow
def test_real_korean_model_knows_no_french_word(korean_model: Any) -> None:
    """The real decoder's vocabulary (the Korean model, the only one installed): every French word of our
    grammars is out of vocabulary and none has a Korean respelling, so only "[unk]" survives - the
    caller must then fall back to open decoding and the parser's fuzzy snapping."""

    def has_word(word: str) -> bool:
        return bool(korean_model.vosk_model_find_word(word) != -1)

    assert has_word("안녕")
    phrases = phrases_for(get_game("quinito"), None, PLAYERS) + phrases_for(
        get_game("cinquillo"), None, PLAYERS
    )
    words = {w for p in phrases if p != UNKNOWN for w in p.split()}
    assert not any(has_word(w) for w in words)
    adapted, back = adapt_to_vocabulary(
        phrases, has_word, respellings(get_game("quinito"), get_game("cinquillo"))
    )
    assert (adapted, back) == ([UNKNOWN], {})


def test_coverage_reports_respellings_unknown_words_and_dropped_phrases() -> None:
    """kinito doctor: "quinito" heard as its respelling, "arbitre" unknown drops its phrases."""
    from assistant.understanding.phrases import coverage

    known = {"kinito", "les", "scores", "deux"}
    seen = coverage(
        ["quinito", "arbitre les scores", "les scores", "[unk]"], known.__contains__, respellings()
    )
    assert seen.phrases == 3
    assert seen.respelled == {"quinito": "kinito"}
    assert seen.unknown == ("arbitre",)
    assert seen.dropped == ("arbitre les scores",)


@pytest.mark.parametrize("game", ["quinito", "cinquillo"])
def test_every_exact_phrase_of_a_moment_is_in_that_moments_vosk_list(game: str) -> None:
    """A phrase the parser's exact table knows for what the game awaits can come out of
    Vosk then (compared on parser keys, so accents, hyphens and respellings do not count)."""
    parser = Parser(get_game(game), PLAYERS, vigilance=False)
    grammar = parser.grammar
    moments = {m for ms in grammar.awaiting.values() for m in ms}
    for awaiting in sorted(moments):
        listed = {key(p) for p in phrases_for(get_game(game), awaiting, PLAYERS)}
        allowed = {i for i, ms in grammar.awaiting.items() if awaiting in ms}
        expected = {
            k for k, p in parser.exact.items() if p.intent in allowed or p.intent not in grammar.awaiting
        }
        assert sorted(expected - listed) == [], awaiting


@pytest.mark.parametrize("game", ["quinito", "cinquillo"])
def test_words_around_a_move_are_vosk_phrases(game: str) -> None:
    """Skip words, fillers, corrections, carriers and a spoken yes are phrases of their own,
    so Vosk can chain them with a move ("ouais je prends"); "[unk]" stays."""
    grammar = Parser(get_game(game), PLAYERS, vigilance=False).grammar
    for awaiting in (None, *sorted({m for ms in grammar.awaiting.values() for m in ms})):
        listed = set(phrases_for(get_game(game), awaiting, PLAYERS))
        assert UNKNOWN in listed
        assert {vosk_words(w) for w in around_moves(grammar)} <= listed
