"""Spans, then frames (spans.py, frames.py): moves inside ordinary speech, never a guess.

Each test names the rule or decision it checks. The properties draw their fillers from the grammar's
own skip words, so they test the principle, not a list of corpus lines.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.game import get_game
from assistant.understanding.grammar import build
from assistant.understanding.parser import Parser

PLAYERS = ("Ana", "Bruno", "Chloé", "David")


@cache
def quinito() -> Parser:
    return Parser(get_game("quinito"), PLAYERS, vigilance=True)


@cache
def cinquillo() -> Parser:
    return Parser(get_game("cinquillo"), PLAYERS[:3], vigilance=False)


def meaning(parser: Parser, text: str) -> tuple[object, ...]:
    parse = parser.parse(text)
    return parse.intent, parse.fields.get("score"), parse.fields.get("invalid"), parse.fields.get("card")


_GRAMMAR = build(get_game("quinito"))
SKIP = tuple(
    w
    for w in _GRAMMAR.skip_words
    if w not in ("et", "de", "du", "à", "en")
    and w not in _GRAMMAR.carriers
    and w not in _GRAMMAR.noun_markers
    and w not in _GRAMMAR.deferrals  # ending a line, they put the move off
    and w != "qui"  # before "à ..." it is the hedge "qui a" (accents folded): a question, no move
)
"""Skip words a table says before or after a move (small linking words are left out: "et un" reads on;
so are the skip words that also announce, "il y a": "il y a quinito" is the score 21, grammars/README.md;
and the articles and possessives, which make a number that follows them a quantity: "ton soixante deux",
leftovers.py rule 3)."""
MOVES = (
    ("soixante deux", ("score", 62, None, None)),
    ("double trois", ("score", 33, None, None)),
    ("je soulève", ("challenge", None, None, None)),
    ("j'accepte", ("accept", None, None, None)),
    ("quinito", ("quinito", 21, None, None)),
    ("changement de sens", ("reverse", None, None, None)),
    ("vingt trois", ("score", None, 23, None)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    move=st.sampled_from(MOVES),
    before=st.lists(st.sampled_from(SKIP), max_size=2),
    after=st.lists(st.sampled_from(SKIP), max_size=2),
)
def test_skip_words_around_a_move_never_change_it(
    move: tuple[str, tuple[object, ...]], before: list[str], after: list[str]
) -> None:
    """Frames rule 2: carriers and fillers around a move leave its meaning as it is."""
    text, expected = move
    line = " ".join([*before, text, *after])
    found = meaning(quinito(), line)
    if expected[0] == "quinito" and ANNOUNCING & set(before):  # "je t'annonce quinito": the score 21
        assert found in (expected, ("score", *expected[1:])), line
        return
    assert found == expected, line


ANNOUNCING = frozenset(w for w in SKIP if any(word.endswith(("annonce", "dis")) for word in w.split()))
"""Announcing carriers ("j'annonce", "je t'annonce", "je dis"): a quinito after them is the score 21."""
"""Skip words that announce ("je t'annonce", "et moi je dis"): a quinito named after them may be read as
its score, 21 (grammars/quinito.yaml: after an announcing carrier it is a `score`); same move."""


NOUNS = ("verre", "train", "voiture", "gâteau", "chaise", "euros", "ans", "kilos", "heures", "minutes")
"""Ordinary nouns: said with a game word they make it chatter."""


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=st.sampled_from(MOVES), noun=st.sampled_from(NOUNS), where=st.sampled_from(("after", "before")))
def test_a_move_word_used_with_another_noun_is_no_move(
    move: tuple[str, tuple[object, ...]], noun: str, where: str
) -> None:
    """Leftovers.py rule 2: a noun phrase that is no table talk ("un verre", "le
    train") makes the game words around it chatter, before or after them."""
    line = f"{move[0]} un {noun}" if where == "after" else f"le {noun} {move[0]}"
    assert quinito().parse(line).intent is None, line


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(score=st.sampled_from([m for m in MOVES if m[1][0] == "score"]), noun=st.sampled_from(NOUNS))
def test_a_number_followed_by_a_noun_is_a_quantity(score: tuple[str, tuple[object, ...]], noun: str) -> None:
    """Leftovers.py rule 3: "quarante deux ans" is an age, no announcement."""
    line = f"{score[0]} {noun}"
    assert quinito().parse(line).intent is None, line


@pytest.mark.parametrize(
    "text",
    [
        "je passe chez toi après",
        "je prends un verre d'eau",
        "elle a quarante et un ans",
        "on habite au trente deux",
        "change de chaîne",
        "montre",
        "rencontre",
        "conte",
        "raconte",
        "ma montre est cassée",
        "le bus soixante deux passe à côté",
        "je crois pas qu'il viendra",
    ],
)
def test_chatter_with_game_words_is_no_move(text: str) -> None:
    """Game words in another sense give no move; "montre" is no "contre"."""
    assert quinito().parse(text).intent is None


@pytest.mark.parametrize(
    ("text", "intent", "score"),
    [
        ("cinquante deux euh non cinquante trois", "score", 53),
        ("quarante et un enfin quarante deux", "score", 42),
        ("trente euh trente deux", "score", 32),
        ("je prends non je contre", "counter", None),
        ("kinito non pardon double six", "score", 66),
    ],
)
def test_a_self_correction_keeps_the_last_value(text: str, intent: str, score: int | None) -> None:
    """Frames rule 3: after "non", "pardon", "enfin" or a hesitation, the last value counts."""
    parse = quinito().parse(text)
    assert (parse.intent, parse.fields.get("score")) == (intent, score)


@pytest.mark.parametrize(
    ("text", "score"),
    [("un quatre et un six", 64), ("il y a trois cinq", 53), ("y a deux et cinq", 52), ("as et six", 61)],
)
def test_dice_read_lower_die_first(text: str, score: int) -> None:
    """Q2: the higher die is the tens whatever the order the dice are read in."""
    assert quinito().parse(text).fields.get("score") == score


def test_a_die_by_die_read_needs_a_throw_to_be_awaited() -> None:
    """Q2 with hassil's requires_context: "un deux" is a 21 while a throw is awaited, nothing otherwise."""
    assert quinito().parse("un deux", {"counter_throw"}).fields.get("score") == 21
    assert quinito().parse("un deux").intent is None
    assert quinito().parse("un deux", {"announce"}).intent is None


@pytest.mark.parametrize(
    ("text", "intent", "player"),
    [("bruno cinquante quatre", "score", "Bruno"), ("je soulève chloé", "challenge", "Chloé")],
)
def test_a_move_and_a_name_both_count(text: str, intent: str, player: str) -> None:
    """Q11 and The move is understood and the name is still a breach."""
    parse = quinito().parse(text)
    assert parse.intent == intent
    assert [v.player for v in parse.violations if v.rule == "name_called"] == [player]


def test_a_move_and_boire_both_count() -> None:
    """Q11: "je prends et je bois" is an accept and a forbidden word; "bois ton verre" is one breach."""
    parse = quinito().parse("je prends et je bois")
    assert parse.intent == "accept" and [v.rule for v in parse.violations] == ["forbidden_word"]
    assert quinito().parse("soixante cinq bois ton verre").fields.get("score") == 65


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("trente et un donc défi", "defi"),
        ("trente deux donc on change de sens", "reverse"),
        ("trente deux donc défi", None),
    ],
)
def test_a_special_and_the_score_it_shows_are_the_special(text: str, intent: str | None) -> None:
    """Q8: a special said with its own score is the special; with another score the cues conflict."""
    assert quinito().parse(text).intent == intent


@pytest.mark.parametrize("text", ["kini to", "qui nito", "ki nito", "qua rante trois", "je sous lève"])
def test_words_a_recogniser_split_are_glued_back(text: str) -> None:
    """Recogniser splits are understood by the parser itself, not only through Vosk."""
    assert quinito().parse(text).intent is not None


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("arbitre qui commence", "whose_turn"),
        ("arbitre qui lance", "whose_turn"),
        ("arbitre quelle partie", None),
        ("arbitre nouvelle partie", "new_game"),
        ("arbitre nouvelle partiz", None),
        ("arbitre les scores s'il te plaît", "standings"),
        ("l'arbitre les scores", "standings"),
        ("arbitre l'ovdre des scores", "rules"),  # the garbled word snaps within the command
    ],
)
def test_commands_never_snap_into_a_destructive_one(text: str, intent: str | None) -> None:
    """New_game is its exact phrase only; unknown words before a command veto it."""
    assert quinito().parse(text).intent == intent


def test_an_attempt_is_flagged_and_chatter_is_not() -> None:
    """A move phrase that fills no frame is an attempt (the referee asks); chatter is not."""
    assert quinito().parse("je prends un verre").attempt
    assert not quinito().parse("il fait chaud ici").attempt


def test_a_spoken_yes_confirms() -> None:
    """ "oui" is no move, but it confirms a destructive command."""
    parse = quinito().parse("oui")
    assert parse.intent is None and parse.confirm


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("hop le sept d'épées", "7-espadas"),
        ("le cheval d'épées", "caballo-espadas"),
        ("dix de deniers", "sota-oros"),
        ("onze de coupes", "caballo-copas"),
        ("douze de bâtons", "rey-bastos"),
    ],
)
def test_cinquillo_cards_as_a_table_says_them(text: str, card: str) -> None:
    """C1: the figures are 10, 11, 12 in the Spanish deck; "cheval" is the caballo."""
    assert cinquillo().parse(text).fields.get("card") == card


def test_cinquillo_pass_in_ordinary_speech() -> None:
    """C3: "j'peux pas je passe" is a pass."""
    assert cinquillo().parse("j'peux pas je passe").intent == "pass"
