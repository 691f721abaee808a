"""grammars/ as data: the Q3 order, every score and card reachable, hassil syntax, players filled in."""

from __future__ import annotations

import re
from pathlib import Path

from assistant.game import get_game
from assistant.games.cinquillo.deck import RANKS
from assistant.games.quinito.scores import order
from assistant.understanding.grammar import WILDCARD, build
from assistant.understanding.normalize import vosk_words

RULES = Path(__file__).resolve().parents[3] / "shared" / "docs" / "docs/rules.md"
Q3 = [31, 32, 41, 42, 43, 51, 52, 53, 54, 61, 62, 63, 64, 65, 11, 22, 33, 44, 55, 66, 21]


def test_q3_grammar_scores_are_the_engine_scores() -> None:
    """Q3: the grammar's {score} list says exactly the engine's 21 scores; the engine's order (the only
    copy of it) is the one of docs/rules.md, lowest to highest."""
    assert {v for v in build(get_game("quinito")).legal if isinstance(v, int)} == set(order(frozenset()))
    assert list(order(frozenset())) == Q3
    if RULES.exists():
        line = next(x for x in RULES.read_text(encoding="utf-8").splitlines() if "31 < 32" in x)
        assert [int(n) for n in re.findall(r"\d+", line)] == Q3


def test_every_q3_score_has_several_phrasings() -> None:
    """Q4: each of the 21 scores can be said at least three ways without a carrier."""
    grammar = build(get_game("quinito"))
    for score in Q3:
        bare = {
            p.text for p in grammar.phrases if p.intent == "score" and dict(p.slots).get("score") == score
        }
        assert len(bare) >= 3 * 10, (score, len(bare))  # three phrasings x ten carriers (or none)


def test_c1_every_card_in_french_and_spanish() -> None:
    """C1: the 40 cards, each reachable by a French and a Spanish name (and, C3, a suit alone: a card
    whose rank the recogniser lost)."""
    grammar = build(get_game("cinquillo"))
    plays = [dict(p.slots) for p in grammar.phrases if p.intent == "play"]
    cards = {(slots["rank"], slots["suit"]) for slots in plays if "rank" in slots}
    assert {slots["suit"] for slots in plays if "rank" not in slots} == {"oros", "copas", "espadas", "bastos"}
    assert len(cards) == 40
    assert {str(rank) for rank, _suit in cards} == {r.spanish for r in RANKS}
    texts = {vosk_words(p.text) for p in grammar.phrases if p.intent == "play"}
    assert {
        "sota de oros",
        "caballo de copas",
        "rey de espadas",
        "cavalier de bâtons",
        "roi d'épées",
    } <= texts


def test_players_and_wake_word_are_filled_in() -> None:
    """{player} and {wake_word} come from the table, not from the files."""
    grammar = build(get_game("quinito"), ["Zoé"], wake_word="juge")
    penalties = {p.text for p in grammar.phrases if p.intent == "penalty"}
    assert "juge pénalité pour Zoé" in penalties
    assert not any("arbitre" in t for t in penalties)


def test_free_topic_is_a_trailing_wildcard() -> None:
    """The rules command keeps an unlisted topic as said: the wildcard ends its phrases."""
    wild = [p for p in build(get_game("quinito")).phrases if p.wildcard]
    assert wild and all(p.text.endswith(WILDCARD) and p.intent == "rules" for p in wild)


def test_every_game_intent_says_when_it_is_expected() -> None:
    """Each game intent lists the Expectation.awaiting values it answers (phrases_for narrows with it)."""
    for game in ("quinito", "cinquillo"):
        assert all(build(get_game(game)).awaiting.values())


def test_a_game_adds_its_own_phrases_to_a_shared_command() -> None:
    """A game intent named like a commands.yaml intent adds its phrases to that command, at any moment
    (no move): Cinquillo's "quelle carte jouer" is a hint, Quinito's "qui a le gobelet" whose turn."""
    cinquillo, quinito = build(get_game("cinquillo")), build(get_game("quinito"))
    hint = {p.text for p in cinquillo.phrases if p.intent == "hint"}
    assert "arbitre quelle carte jouer" in hint and "arbitre je joue quoi" in hint
    assert "arbitre qui a le gobelet" in {p.text for p in quinito.phrases if p.intent == "whose_turn"}
    assert "arbitre qui a le gobelet" not in {p.text for p in cinquillo.phrases}
    assert {"hint", "undo", "totem"}.isdisjoint(cinquillo.awaiting)
    assert {"whose_turn", "penalty", "odds", "totem"}.isdisjoint(quinito.awaiting)


def test_a_game_adds_the_homophones_of_its_own_words() -> None:
    """C1: the card words' homophones ("dernier" for "deniers") are Cinquillo's (its grammar file),
    added to the shared ones ("saint" for "cinq") at its table only."""
    cinquillo, quinito = build(get_game("cinquillo")), build(get_game("quinito"))
    assert cinquillo.homophones["dernier"] == ("deniers",) and "dernier" not in quinito.homophones
    assert cinquillo.homophones["saint"] == quinito.homophones["saint"] == ("cinq",)
