"""Leftover words: when the words no table phrase explains veto a move, and how much they lower it.

frames.py finds the move a line says; this module reads what is left around it. A carrier, an
interjection or a tease the grammar does not list ("boum cinquante quatre", "wesh soixante trois",
"j'accepte volontiers") must not hide a clear move, but game words used about something else must give
none (a wrong move is worse than a missed one). Each rule names a class of talk, never a line; the word
classes are data (grammars/commands.yaml: `noun_markers`, `hedges`, `clause_openers`):

1. a hedge (a question, an alternative, reported speech, a doubt: "qui a le six de coupe", "je prends ou
   je prends pas", "il a dit menteur") makes the line no move;
2. a noun marker followed by an unknown word (no grammar word) is a noun phrase about something else
   ("je prends un verre", "relance la playlist", "banco pour le resto"), and so is a preposition the
   grammar never uses when no move follows it ("je passe chez toi après");
3. a number is a quantity, a date or an address when an unknown word follows it ("quarante et un ans",
   "trente deux euros") or a noun marker comes right before it ("au trente deux", "né en soixante cinq");
4. a number that is no legal value of the game's number list is no move among unknown words ("un peu de
   musique");
5. a move said only in one-word phrases is no move among unknown words ("bonne chance", "je suis contre",
   "c'est mon passe temps");
6. a move phrase followed by a negation or a subordinate clause is no move ("je contre pas", "je crois
   pas qu'il viendra", "j'accepte pas qu'on...");
7. two unknown words or more after the last move phrase: the sentence goes on about something else
   ("je peux pas venir samedi", "je passe te voir lundi");
8. a line that ends on words putting the move off is a plan, no move ("je relance plus tard").
Otherwise each unknown word lowers the confidence (LEFTOVER_FACTOR, at most three count).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

LEFTOVER_FACTOR = 0.9
"""Each leftover word multiplies the confidence of the move (or command) by this (at most three count)."""
MAX_COUNTED = 3
"""Leftover words beyond this many lower the confidence no further."""
MAX_AFTER = 1
"""Unknown words allowed after the last move phrase (rule 7)."""


@dataclass(frozen=True)
class Piece:
    """One span of a move line, as the leftover rules see it."""

    words: tuple[str, ...]
    """The span's words (keys)."""
    role: str
    """`move` (says a move), `number` (a value of the game's number list, or any number said), `seat` (a
    bare seat or name phrase), `unknown`, `hedge`, or `other`."""
    legal: bool = True
    """For `number`: the number is a legal value of the list (or one an intent shows)."""
    known: bool = False
    """For `unknown`: a word of the move's own phrases, said out of them (still about the move)."""


def lowered(confidence: float, unknown: int) -> float:
    """The confidence of a move or command said with `unknown` leftover words."""
    return confidence * LEFTOVER_FACTOR ** min(unknown, MAX_COUNTED)


def vetoed(
    pieces: Sequence[Piece],
    markers: frozenset[str],
    openers: frozenset[str],
    deferrals: frozenset[tuple[str, ...]] = frozenset(),
) -> bool:
    """Rules 1 to 8 of the module docstring: the leftover words show the game words are no move."""
    if any(p.role == "hedge" for p in pieces):
        return True
    if _deferred(pieces, deferrals):
        return True  # rule 8
    for i, piece in enumerate(pieces):
        if piece.role == "number" and _counted(pieces[:i], markers):
            return True  # rule 3: "au trente deux", "de la chance"
    unknown = [i for i, p in enumerate(pieces) if p.role == "unknown"]
    if not unknown:
        return False
    moves = [i for i, p in enumerate(pieces) if p.role in ("move", "number")]
    if not moves:
        return True
    for i, piece in enumerate(pieces):
        after = pieces[i + 1] if i + 1 < len(pieces) else None
        if _marker(piece, markers) and after is not None and after.role == "unknown" and not after.known:
            return True  # rule 2
        if _marker(piece, markers) and piece.role == "unknown" and (after is None or after.role == "other"):
            return True  # rule 2: a preposition the grammar never uses, before no move ("chez toi")
        if piece.role == "number":
            if not piece.legal:
                return True  # rule 4
            if after is not None and after.role == "unknown":
                return True  # rule 3
        if (
            piece.role in ("move", "number")
            and after is not None
            and after.words[0] in openers
            and (after.role != "other" or len(after.words) == 1)
        ):
            return True  # rule 6 (a set phrase said after the move is none: "pas de cadeau")
    if all(len(pieces[i].words) == 1 for i in moves):
        return True  # rule 5
    return sum(1 for i in unknown if i > moves[-1]) > MAX_AFTER  # rule 7


def _deferred(pieces: Sequence[Piece], deferrals: frozenset[tuple[str, ...]]) -> bool:
    """Rule 8: the skip words that end the line end on words that put the move off ("après", "plus tard")."""
    tail: tuple[str, ...] = ()
    for piece in reversed(pieces):
        if piece.role != "other":
            break
        tail = piece.words + tail
    return any(len(d) <= len(tail) and tail[-len(d) :] == d for d in deferrals)


def clause_start(pieces: list[Piece], markers: frozenset[str]) -> None:
    """Q11: drop the words before a form of "boire" that belong to its clause (its subject, auxiliaries,
    "et si j'ai tort je bois", "c'est toi qui bois"), back to the last move phrase; a noun phrase stays
    ("je prends un verre et on boit" is still no accept)."""
    while pieces and pieces[-1].role in ("other", "hedge", "unknown"):
        if pieces[-1].role == "unknown" and len(pieces) > 1 and _marker(pieces[-2], markers):
            return
        pieces.pop()


def _counted(before: Sequence[Piece], markers: frozenset[str]) -> bool:
    """Rule 3: the number right after these pieces is a quantity, a date or an address. Keys drop accents,
    so "la" may be "là" ("alors là quarante trois"): it counts only after another marker ("de la")."""
    if not before or not _marker(before[-1], markers):
        return False
    if before[-1].words[0] != "la":
        return True
    return len(before) > 1 and _marker(before[-2], markers) and before[-2].words[0] != "la"  # "là là"


def _marker(piece: Piece, markers: frozenset[str]) -> bool:
    roles = ("unknown", "other", "number")
    return piece.role in roles and len(piece.words) == 1 and piece.words[0] in markers
