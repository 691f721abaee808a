"""Clauses around a move: what frames.py reads besides the move phrases themselves (pure).

Each rule names a class of talk, never a line; the word classes are data (grammars/commands.yaml
`negators`, `object_markers`, `move_objects`, `comment_openers`; each game's `move_pairs`):

0. a turn claimed at the start of the line ("c'est moi soixante deux", "c'est à moi je soulève", said
   twice: "c'est moi c'est moi j'accepte") is dropped when a move follows it (alone it stays a
   self-designation; after a move it is about something else);
1. a negator right before a move phrase makes that phrase talk ("j'ai pas le cinq de coupes", "c'est
   pas soixante cinq"); a move said later in the line still counts ("... je passe"), and so does a
   move phrase that is negative itself ("je n'ai rien");
2. a move verb with its object ("je contre ton truc", "j'accepte ton quarante trois"): a possessive or
   demonstrative and a game noun or a number, at the end of the line, are the verb's object: the move
   alone, the number is the one accepted and no new announcement;
3. a remark after a complete move ("quarante et un et tu me dois une bière"): from a comment opener
   right after the last move phrase to the end of the line, words no phrase explains are the speaker's
   comment, when that remark holds no game word (no move, number or hedge) and two words at least
   after its opener, articles aside, or one after a subject ("ça chauffe"); skip words may stand between
   the move and the opener ("quatre deux pour toi et tu me dois une bière"); "six et deum" is a garbled
   value, "défi en face et le suivart" a garbled seat, "lève toi on y va" no lift: no remark;
4. two moves in one line ("j'accepte soixante cinq", "menteur y a soixante quatre"): the move phrases
   split in two runs that each agree, in an order the game allows (`move_pairs`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from assistant.understanding.leftovers import Piece
from assistant.understanding.spans import Span

Candidate = tuple[str, dict[str, Any], float]
"""A move reading of one span: intent, slots, confidence."""

REMARK_WORDS = 2
"""Words a remark holds after its opener, at least, articles aside (one is a garbled word, rule 3)."""
NEGATION_REACH = 3
"""Spans a negator reaches forward to the move phrase it negates ("je n'ai pas le cinq")."""


def claim_end(spans: Sequence[Span], keys: Sequence[str], claims: frozenset[tuple[str, ...]]) -> int:
    """Rule 0: the index of the word after the turn claims that open the line (0: none), after
    interjections, one claim or several ("ah c'est moi", "c'est moi c'est moi", "c'est à moi hein c'est
    moi"); the end may fall inside a span ("c'est à moi je passe": "moi je"), the parser then tags again."""
    ordered = sorted(claims, key=len, reverse=True)
    end = position = 0
    while position < len(keys):
        claim = next((c for c in ordered if tuple(keys[position : position + len(c)]) == c), None)
        if claim is not None:
            end = position = position + len(claim)
            continue
        span = next((s for s in spans if s.start == position), None)
        if span is None or span.kinds != {"skip"}:
            break
        position = span.end
    return end


def claimed(spans: Sequence[Span], keys: Sequence[str], claims: frozenset[tuple[str, ...]]) -> set[int]:
    """Rule 0: the indices of the leading spans that claim the turn (and the interjections around the
    claims), when a span follows them."""
    end = claim_end(spans, keys, claims)
    lead = [i for i, span in enumerate(spans) if span.end <= end]
    if not lead or spans[lead[-1]].end != end or lead[-1] + 1 >= len(spans):
        return set()
    return set(lead)


def negated(
    spans: Sequence[Span],
    keys: Sequence[str],
    found: Sequence[Sequence[Candidate]],
    negators: frozenset[str],
    stops: frozenset[str],
) -> set[int]:
    """Rule 1: the indices of the spans whose move phrase a negator before them makes talk; a new
    subject or a number stops its reach ("j'ai pas de cinq je passe", "n'importe quoi je lève")."""
    out: set[int] = set()
    for i, span in enumerate(spans):
        if found[i] or span.end - span.start != 1 or keys[span.start] not in negators:
            continue
        if "skip" in span.kinds and all(s.kinds == {"skip"} for s in spans[:i]):
            continue  # a skip word first ("plus soixante deux") negates nothing
        for j in range(i + 1, min(len(spans), i + 1 + NEGATION_REACH)):
            if keys[spans[j].start] in stops or ("number" in spans[j].kinds and not found[j]):
                break
            if found[j]:
                if not negators & set(keys[spans[j].start : spans[j].end]):
                    out.add(j)  # a move said in the negative ("je n'ai rien") is still that move
                break
    return out


def objects(
    spans: Sequence[Span],
    keys: Sequence[str],
    found: Sequence[Sequence[Candidate]],
    number_intent: str | None,
    markers: frozenset[str],
    nouns: frozenset[str],
    openers: frozenset[str],
) -> set[int]:
    """Rule 2: the indices of the spans that are a move verb's object (its marker and its noun)."""
    out: set[int] = set()
    for i in range(len(spans) - 2):
        verb, marker, noun = spans[i], spans[i + 1], spans[i + 2]
        intents = {intent for intent, _, _ in found[i]}
        if not intents or intents == {number_intent} or "number" in verb.kinds:
            continue
        if marker.end - marker.start != 1 or keys[marker.start] not in markers or found[i + 1]:
            continue
        words = keys[noun.start : noun.end]
        scored = bool(found[i + 2]) and {intent for intent, _, _ in found[i + 2]} == {number_intent}
        if not (scored or "number" in noun.kinds or (len(words) == 1 and words[0] in nouns)):
            continue
        after = i + 3
        if after == len(spans) or keys[spans[after].start] in openers:
            out.update((i + 1, i + 2))
    return out


def comment_start(
    pieces: Sequence[Piece],
    openers: frozenset[str],
    markers: frozenset[str],
    subjects: frozenset[str] = frozenset(),
    clause_openers: frozenset[str] = frozenset(),
) -> int:
    """Rule 3: where the remark after the move begins, or len(pieces) when there is none (`clause_openers`:
    the skip words that may not stand between the move and the remark, "que" or "si")."""
    moves = [i for i, p in enumerate(pieces) if p.role in ("move", "number")]
    moves = moves or [i for i, p in enumerate(pieces) if p.role == "seat"]  # a bare seat, then a remark
    if not moves:
        return len(pieces)
    last = moves[-1]
    for c in range(last + 1, len(pieces)):
        between = pieces[last + 1 : c]
        if between and (
            len(pieces[last].words) < 2
            or any(p.role != "other" or p.words[0] in clause_openers for p in between)
        ):
            break  # right after the last move, or after skip words that follow a phrase of several words
            # ("quatre deux pour toi et tu me dois une bière"; "lève toi on y va" is no lift)
        if pieces[c].words[0] not in openers or pieces[c].role not in ("unknown", "other", "hedge"):
            continue
        rest = pieces[c + 1 :]
        said = len(pieces[c].words) - 1  # an opener of several words ("et voilà", "t'as pas") counts them
        said += sum(1 for p in rest if p.words != (p.words[0],) or p.words[0] not in markers)
        least = 1 if pieces[c].words[0] in subjects else REMARK_WORDS  # a subject and its verb ("ça chauffe")
        if (
            all(p.role in ("unknown", "other", "seat") for p in rest)
            and said >= least
            and any(p.role == "unknown" for p in rest)
        ):
            return c
    return len(pieces)


def two_moves(
    groups: Sequence[Sequence[Candidate]],
    agree: Callable[[Sequence[Candidate]], Any],
    pairs: frozenset[tuple[str, str]],
) -> tuple[Any, ...] | None:
    """Rule 4: the frames the spans' move readings split into, in order (two or more, each next to the
    one before an order the game allows: "j'accepte je relance soixante quatre"), or None."""
    for k in range(1, len(groups)):
        first = agree([c for g in groups[:k] for c in g])
        if first is None or "invalid" in first.slots:
            continue  # a number no game value is no move of a line of several ("j'accepte soixante")
        tail = [c for g in groups[k:] for c in g]
        whole = agree(tail)
        rest = (whole,) if whole is not None else two_moves(groups[k:], agree, pairs)
        if rest is not None and "invalid" in rest[-1].slots:
            continue
        if rest is not None and (first.intent, rest[0].intent) in pairs:
            return (first, *rest)
    return None
