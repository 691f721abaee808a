"""Frames: the one move (or command) a tagged transcript fills, or none (spans.py tags it first).

Rules, in order (precision first: a wrong move is worse than a missed one):
1. A line holding the wake word is a command: exactly one command meaning must be heard (a command
   phrase, or the wake word and a command body); words after the command lower the confidence, words
   between the wake word and the command veto it (they may change it). A wake word said last, after a
   move and no command, calls the referee: the move counts ("cinq et deux arbitre").
   Destructive commands (`new_game`) are never filled here: only their exact phrase counts (parser.py).
2. Otherwise a move. Leftover words (no grammar word, skip word, player, form of "boire" or number)
   lower its confidence; they veto it only when they show the game words mean something else
   (leftovers.py: a hedge such as a question or reported speech, a noun phrase "je prends un verre",
   a quantity "quarante deux ans", a negation "je contre pas", a long tail "je peux pas venir samedi").
   A vetoed line is only an attempt (the referee may ask) when a move phrase was heard in it. The
   words that follow a form of "boire" up to the next phrase, and its subject before it, are its clause
   ("soixante cinq bois ton verre", "je soulève et tu vas boire"): the breach is charged (Q11) and the
   move still counts.
3. A self-correction ("non", "pardon", "enfin", a hesitation between two values) starts a new segment:
   the last segment that says a move counts ("cinquante deux euh non cinquante trois" is 53). A
   correction followed by no new value and more words takes the move back ("le cinq d'épée euh non
   attends" is nothing), while a lone one after it confirms ("je crois pas non").
4. Inside that segment every move phrase must agree: repeats are one move ("menteur menteur"); an
   intent and the number it shows are that intent (the game's `shown_values`, Q8: "trente et un donc
   défi"); an intent that takes a number and a number are that intent with it (the game's
   `number_joins`, L3: a family pass with its number); anything else conflicts, nothing is understood.
5. A phrase that is also a skip word ("ok", "d'accord") is a move only when nothing else is said.
6. Seats and names fill the target of the intents whose grammar phrases take one (a special's attack, défi);
   a line of seats or names alone is no move, with its targets kept (Q8, Q9). A seat or "c'est moi" said
   with a move that takes none (an accept, a challenge) is about something else: nothing is understood.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from assistant.understanding import clauses
from assistant.understanding.clauses import Candidate
from assistant.understanding.command_frame import command
from assistant.understanding.frame import TARGET_INTENT, Filled, Frame, Rules, usable
from assistant.understanding.leftovers import Piece, clause_start, lowered, vetoed
from assistant.understanding.spans import Span


def fill(
    spans: Sequence[Span],
    rules: Rules,
    awaiting: Collection[str] | None,
    pause_before: Collection[int],
    keys: Sequence[str],
) -> Filled:
    """The frame the spans fill (module docstring), or why none; `keys` are the words the spans cover."""
    if any(r.kind == "wake" or (r.command and r.kind == "phrase") for s in spans for r in s.readings):
        if len(spans) > 1 and spans[-1].kinds == {"wake"} and not _commands(spans[:-1]):
            said = _move(spans[:-1], rules, awaiting, pause_before, keys)
            if said.frame is not None:
                return said  # rule 1: the wake word said last calls the referee ("cinq et deux arbitre")
        return command(spans, rules, awaiting)
    return _move(spans, rules, awaiting, pause_before, keys)


def _commands(spans: Sequence[Span]) -> bool:
    """Whether the spans hold the wake word or a command phrase."""
    return any(r.kind == "wake" or (r.command and r.kind == "phrase") for s in spans for r in s.readings)


def _candidates(
    span: Span, rules: Rules, awaiting: Collection[str] | None
) -> list[tuple[str, dict[str, Any], float]]:
    """The move readings of one span as (intent, slots, confidence)."""
    out: list[tuple[str, dict[str, Any], float]] = []
    for reading in span.readings:
        if (
            reading.kind == "phrase"
            and reading.phrase is not None
            and not reading.command
            and usable(reading, awaiting)
        ):
            out.append((reading.phrase.intent, dict(reading.phrase.slots), reading.confidence))
        elif reading.kind == "number" and rules.invalid_intent is not None:
            value = reading.value
            slots: dict[str, Any] = (
                {rules.invalid_intent: value} if value in rules.legal else {"invalid": value}
            )
            out.append((rules.invalid_intent, slots, reading.confidence))
    return out


def _move(
    spans: Sequence[Span],
    rules: Rules,
    awaiting: Collection[str] | None,
    pause_before: Collection[int],
    keys: Sequence[str],
) -> Filled:
    """Rules 2 to 6."""
    strong: list[list[Candidate]] = [[]]
    groups: list[list[list[Candidate]]] = [[]]
    """The same move readings, one list per span (two moves in one line split between spans)."""
    weak: list[Candidate] = []
    players: list[str] = []
    pieces: list[Piece] = []
    dangling = False
    """A number said after the last correction that made no move ("... non le sept")."""
    withdrawn = False
    """A correction came after the last move and nothing replaced it ("je prends euh non attends")."""
    tail = 0
    """Words said since the last move phrase."""
    in_breach = False
    found_all = [_found(span, keys, rules, awaiting) for span in spans]
    denied = clauses.negated(spans, keys, found_all, rules.negators, rules.negation_stops)
    taken = clauses.objects(
        spans,
        keys,
        found_all,
        rules.invalid_intent,
        rules.object_markers,
        rules.move_objects,
        rules.comment_openers,
    )
    taken |= clauses.claimed(spans, keys, rules.turn_claims)
    for index, span in enumerate(spans):
        if index in taken:
            continue  # clauses.py rules 0 and 2: a turn claimed first, the verb's object
        kinds = span.kinds
        words = tuple(keys[span.start : span.end])
        if "breach" in kinds:
            in_breach = True  # Q11: the clause of "boire" ("bois ton verre") is the breach, not chatter
            clause_start(pieces, rules.markers)  # and so are its subject and auxiliaries ("tu vas boire")
            continue
        if kinds == {"unknown"} and in_breach:
            continue
        if kinds & {"unknown", "correction", "hedge"}:
            tail += len(words)
        in_breach = in_breach and kinds <= {"skip", "player", "unknown"}
        found = [] if index in denied else found_all[index]
        if ("correction" in kinds and not found) or span.start in pause_before:
            if strong[-1]:
                strong.append([])
                groups.append([])
                dangling = False
                withdrawn = "correction" in kinds
            if "correction" in kinds:
                continue
        if index in denied:
            pieces.append(Piece(words, "other"))  # clauses.py rule 1: a move named in a negation
            continue
        pieces.append(_piece(words, kinds, found, rules))
        if kinds <= {"unknown", "hedge"} or "player" in kinds:
            players.extend(r.value for r in span.readings if r.kind == "player")
            continue
        if len(strong) > 1 and not strong[-1] and "number" in kinds and not found:
            dangling = True
        if "skip" in kinds:
            weak.extend(found)
        else:
            strong[-1].extend(found)
            if found:
                groups[-1].append(found)
            withdrawn = withdrawn and not found
        if found:
            tail = 0
    if not strong[-1] and (dangling or (withdrawn and tail > 1)):
        return Filled(attempt=True, refused=True)  # "le six de coupes ah non le sept", "je prends euh non"
    segments = [i for i, segment in enumerate(strong) if segment]
    chosen = strong[segments[-1]] if segments else weak
    if not chosen:
        return Filled(refused=bool(denied))
    said = frozenset(w for intent, _, _ in chosen for w in rules.words.get(intent, ()))
    pieces = [replace(p, known=p.role == "unknown" and p.words[0] in said) for p in pieces]
    remark = clauses.comment_start(
        pieces, rules.comment_openers, rules.markers, rules.comment_subjects, rules.openers
    )
    unexplained = sum(1 for p in pieces[:remark] if p.role == "unknown")
    unknown = unexplained + (remark < len(pieces))
    pieces = pieces[:remark]  # clauses.py rule 3: the remark after a complete move is no leftover
    breached = any(
        "breach" in span.kinds for span in spans
    )  # "je prends et je boirai plus tard": Q11's clause
    if vetoed(pieces, rules.markers, rules.openers, frozenset() if breached else rules.deferrals):
        hedged = any(p.role == "hedge" for p in pieces)
        attempt = not hedged and any(intent != TARGET_INTENT for intent, _, _ in chosen)
        heard = [p for p in pieces if p.role in ("move", "number")]
        single = bool(heard) and all(p.role == "move" and len(p.words) == 1 for p in heard)
        # an unknown word may be a garbled one; a one-word move among them is no whole-line snap (rule 5)
        return Filled(attempt=attempt, refused=hedged or bool(denied), vetoed=single)
    if unexplained and all(intent == TARGET_INTENT for intent, _, _ in chosen):  # a remark may follow a seat
        return Filled()
    frame = _agree(chosen, rules)
    if frame is None and segments:
        pair = clauses.two_moves(groups[segments[-1]], lambda run: _agree(run, rules), rules.move_pairs)
        if pair is not None:
            first, *then = (
                _with_targets(Frame(f.intent, f.slots, lowered(f.confidence, unknown)), players, rules)
                for f in pair
            )
            return Filled(first, then=tuple(then))
    if frame is None:
        return Filled(attempt=True)  # conflicting cues; a near miss of one whole phrase may still tell
    frame = Frame(frame.intent, frame.slots, lowered(frame.confidence, unknown))
    return Filled(_with_targets(frame, players, rules))


def _found(
    span: Span, keys: Sequence[str], rules: Rules, awaiting: Collection[str] | None
) -> list[Candidate]:
    """The move readings of one span, an article said as "un" or "une" excepted."""
    words = keys[span.start : span.end]
    if "number" in span.kinds and len(words) == 1 and words[0] in rules.markers:
        return []  # "un verre", "une part": an article, no number
    return _candidates(span, rules, awaiting)


def _piece(
    words: tuple[str, ...],
    kinds: frozenset[str],
    found: Sequence[tuple[str, dict[str, Any], float]],
    rules: Rules,
) -> Piece:
    """The leftover rules' view of one span (leftovers.py)."""
    if kinds == {"unknown"}:
        return Piece(words, "unknown")
    if "hedge" in kinds and not found:
        return Piece(words, "hedge")
    moves = [(i, s) for i, s, _ in found if i != TARGET_INTENT]
    if moves and all(i == rules.invalid_intent for i, _ in moves):
        return Piece(words, "number", legal=all("invalid" not in s for _, s in moves))
    if moves and "skip" not in kinds:
        return Piece(words, "move")
    if found and "skip" not in kinds:
        return Piece(words, "seat")  # a bare seat or name phrase ("à ma gauche"): a remark may follow it
    return Piece(words, "other")


def _agree(found: Sequence[tuple[str, dict[str, Any], float]], rules: Rules) -> Frame | None:
    """Rule 4: the one meaning the move phrases of a segment share, or None when they conflict."""
    confidence = min(c for _, _, c in found)
    moves = [(i, s) for i, s, _ in found if i != TARGET_INTENT]
    targets = [s for i, s, _ in found if i == TARGET_INTENT]
    if not moves:
        return Frame(TARGET_INTENT, _merge_targets({}, targets), confidence)
    takes_target = rules.targeted | rules.number_joins | {rules.invalid_intent}
    if targets and moves[0][0] not in takes_target:
        return None  # a seat or "c'est moi" said with a move that takes no target: about something else
    intents = {i for i, _ in moves}
    if len(intents) > 1:
        number = rules.invalid_intent or ""
        shows = intents & set(rules.shown_values)
        values = {s.get(number) for i, s in moves if i == number}
        joins = intents & rules.number_joins
        if len(shows) == 1 and intents == shows | {number}:
            shown = next(iter(shows))
            if values != {rules.shown_values[shown]}:
                return None
            moves = [(i, s) for i, s in moves if i == shown]
        elif len(joins) == 1 and intents == joins | {number} and len(values) == 1:
            moves = [(i, {**s, number: next(iter(values))}) for i, s in moves if i in joins]
        else:
            return None
    merged: dict[str, Any] = {}
    for _, slots in moves:
        for name, value in slots.items():
            if name in merged and merged[name] != value and not name.startswith(("position", "player")):
                return None
            merged.setdefault(name, value)
    return Frame(moves[0][0], _merge_targets(merged, targets), confidence)


def _merge_targets(slots: dict[str, Any], targets: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Seats said next to a move ("... à ma gauche") join its slots."""
    out = dict(slots)
    for target in targets:
        for name, value in target.items():
            if name.startswith("position"):
                free = "position" if "position" not in out else "position2"
                out.setdefault(free, value)
            else:
                out.setdefault(name, value)
    return out


def _with_targets(frame: Frame, players: Sequence[str], rules: Rules) -> Frame:
    """Rule 6: names said with a targeted move are its targets (they stay Q11 breaches)."""
    if frame.intent not in rules.targeted or not players:
        return frame
    slots = dict(frame.slots)
    for player in dict.fromkeys(players):
        if "player" not in slots:
            slots["player"] = player
        elif "player2" not in slots and slots["player"] != player:
            slots["player2"] = player
    return Frame(frame.intent, slots, frame.confidence)
