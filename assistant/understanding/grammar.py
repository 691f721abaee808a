"""The grammars of grammars/ (data) expanded into every phrase they allow, with its meaning.

The files use hassil's template format ((a|b), [optional], {list}, <rule>) and are parsed by
hassil itself (`Intents.from_dict`), so the syntax and its errors are hassil's. We do not use
hassil's recogniser: our grammars are finite (a few thousand phrases), so expanding them once
into a table lets the parser answer with one dictionary lookup (a few microseconds, against the
2 ms budget per line) and snap near misses to the closest phrase with rapidfuzz, and gives the
Vosk side (phrases.py) the very same phrases. hassil's own sampler yields text without the slot
values, hence the small expander below over hassil's expression tree.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hassil.expression import Alternative, Expression, ListReference, Permutation, RuleReference, TextChunk
from hassil.expression import Sequence as Seq
from hassil.intents import Intents, TextSlotList, WildcardSlotList

from assistant.game import GameModule, no_fields
from assistant.understanding.grammar_files import read_data

WILDCARD = "\x00"
"""Marks, in an expanded phrase, where a wildcard slot takes the rest of the line."""
_TEMPLATE_CHARS = re.compile(r"[()\[\]{}<>|]")
Slots = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Phrase:
    """One sentence a grammar allows, and what it means."""

    text: str
    """The sentence as written in the grammar (accents, apostrophes, hyphens kept)."""
    intent: str
    """The grammar intent it expresses."""
    slots: Slots
    """Slot values, in template order (the game's own lists, player, position, topic, wake_word...)."""
    context: frozenset[str] = frozenset()
    """hassil's `requires_context` (`awaiting`): the moments the phrase means this, empty for any moment."""

    @property
    def wildcard(self) -> str | None:
        """The slot name of a trailing wildcard, if the phrase ends with one."""
        return next((name for name, value in self.slots if value == WILDCARD), None)


@dataclass(frozen=True)
class Grammar:
    """Everything one table may say, expanded."""

    game: str
    """The registered game's name."""
    phrases: tuple[Phrase, ...]
    """Every allowed sentence with its meaning (wake-word commands included)."""
    invalid_numbers: str | None
    """The intent a bare number that is no legal value is heard as (with `invalid`), or None."""
    legal: frozenset[Any]
    """The legal values of the number list `invalid_numbers` names (a bare number outside: `invalid`)."""
    fillers: tuple[str, ...]
    """Words dropped anywhere before matching."""
    wake_prefixes: tuple[str, ...]
    """Words dropped just before the wake word ("hé arbitre")."""
    about_wake: tuple[str, ...]
    """Words after "l'<wake word>" that talk about the referee, not to it ("l'arbitre a sifflé")."""
    homophones: Mapping[str, tuple[str, ...]]
    """Words as a recogniser may write them -> the grammar words they may stand for ("saint" -> "cinq")."""
    value_words: frozenset[str]
    """Words of slot values (the game's list values, players, seats): a near miss may not change one into
    another."""
    carriers: tuple[str, ...]
    """Expansions of the game's <carrier> rule ("j'annonce", "il y a"...): a bare number may follow them."""
    awaiting: Mapping[str, frozenset[str]]
    """Intent -> the Expectation.awaiting values in which it makes sense (game intents only)."""
    respellings: Mapping[str, tuple[str, ...]]
    """Word -> spellings that sound alike, for models lacking the word (`respellings`: the shared ones and
    the game's)."""
    skip_words: tuple[str, ...] = ()
    """hassil's skip words (commands.yaml and the game's file): said around a move without changing it."""
    hesitations: tuple[str, ...] = ()
    """Fillers where a self-correction may start ("trente euh trente deux")."""
    corrections: tuple[str, ...] = ()
    """Words that take back what was just said: the value after them counts."""
    negations: tuple[str, ...] = ()
    """Negation words: a near miss may never add or drop one."""
    noun_markers: tuple[str, ...] = ()
    """Articles, possessives, prepositions: one before a word no phrase explains opens talk about
    something else ("je prends un verre"), and one before a bare number makes it a quantity or a date."""
    hedges: tuple[str, ...] = ()
    """Runs of words that make a line no commitment (a question, an alternative, reported speech)."""
    clause_openers: tuple[str, ...] = ()
    """Words that negate or subordinate the move phrase before them ("je contre pas", "je crois pas que")."""
    negators: tuple[str, ...] = ()
    """Words that make the move phrase right after them talk ("j'ai pas le cinq de coupes")."""
    turn_claims: tuple[str, ...] = ()
    """A turn claimed before the move ("c'est moi soixante deux"): dropped when a move follows."""
    comment_openers: tuple[str, ...] = ()
    """Words that open a remark after a complete move ("quarante et un et tu me dois une bière")."""
    comment_subjects: tuple[str, ...] = ()
    """The comment openers that are a subject: with one word after them they are a clause ("ça chauffe")."""
    deferrals: tuple[str, ...] = ()
    """Words that put a move off until later when they end the line ("je relance plus tard")."""
    negation_stops: tuple[str, ...] = ()
    """Words besides the comment openers that end a negator's reach ("j'sais plus moi double cinq")."""
    object_markers: tuple[str, ...] = ()
    """Possessives and demonstratives before the object of a move verb ("je contre ton truc")."""
    move_objects: tuple[str, ...] = ()
    """Nouns a move verb may take as its object ("j'accepte ton annonce"), besides a number."""
    move_pairs: tuple[tuple[str, str], ...] = ()
    """Intents that may follow each other in one line, in that order ("j'accepte soixante cinq")."""
    confirm: tuple[str, ...] = ()
    """A spoken yes (to confirm a destructive command)."""
    deny: tuple[str, ...] = ()
    """A spoken no (to a yes/no question of the referee)."""
    destructive: frozenset[str] = frozenset()
    """Commands that wipe the game: exact phrase only, and confirmed aloud."""
    shown_values: Mapping[str, Any] = field(default_factory=dict)
    """Intent -> the value of the number list it shows (the game file's `shown_values`): said with
    that number, it is one move, not a conflict."""
    number_joins: frozenset[str] = frozenset()
    """Intents that take a number said with them as their number slot (the game file's `number_joins`)."""
    fields: Callable[[str | None, Mapping[str, object]], Mapping[str, object]] = no_fields
    """The game's own keys of the `kinito parse` object, from a line's intent and slots."""


@functools.lru_cache(maxsize=8)
def moments(module: GameModule[Any, Any]) -> Mapping[str, frozenset[str]]:
    """Intent -> the moments (Expectation.awaiting) each of the game's own intents may be said at: its
    grammar file's `awaiting` lists (the recogniser's narrowing, the parser's context, the help). The
    game's table questions (`GameModule.questions`) and its own phrases of a shared command (an intent
    of commands.yaml) are no moves: like the shared commands, any moment."""
    intents = read_data(module.grammar)["intents"]
    shared = read_data("commands.yaml")["intents"]
    return {
        name: frozenset(spec.get("awaiting") or ())
        for name, spec in intents.items()
        if name not in module.questions and name not in shared
    }


def _merged_intents(shared: Mapping[str, Any], own: Mapping[str, Any]) -> dict[str, Any]:
    """commands.yaml's intents and the game's: a game intent named like a shared command adds its
    phrases to that command (a game's own way of asking for a hint, whose turn it is...)."""
    merged = dict(shared)
    for name, spec in own.items():
        merged[name] = {**spec, "data": [*shared[name]["data"], *spec["data"]]} if name in shared else spec
    return merged


class PlayerName(str):
    """A player's name as the value of a {player} slot: tells the phrases made from the table's
    players apart from the game's own (`names_a_player`), though it compares as the plain name."""

    __slots__ = ()


def names_a_player(phrase: Phrase) -> bool:
    """The phrase was expanded from the {player} list (it exists only for this table's players)."""
    return any(type(value) is PlayerName for _name, value in phrase.slots)


def _names(players: Sequence[str], nicknames: Mapping[str, Sequence[str]] | None) -> list[dict[str, str]]:
    values: list[dict[str, str]] = []
    for player in players:
        for spoken in (player, *(nicknames or {}).get(player, ())):
            clean = " ".join(_TEMPLATE_CHARS.sub(" ", spoken).split())
            if clean:
                values.append({"in": clean, "out": PlayerName(player)})
    return values


@functools.lru_cache(maxsize=16)
def built(module: GameModule[Any, Any], players: tuple[str, ...] = (), wake_word: str = "arbitre") -> Grammar:
    """`build` without nicknames, once per table setting: the parser, the Vosk phrase lists and the
    player-name check read the same expansion (a Grammar is read-only)."""
    return build(module, players, wake_word)


def build(
    module: GameModule[Any, Any],
    players: Sequence[str] = (),
    wake_word: str = "arbitre",
    nicknames: Mapping[str, Sequence[str]] | None = None,
) -> Grammar:
    """Load the game's grammar and commands.yaml, fill in players and wake word, and expand it all."""
    game_data, commands = read_data(module.grammar), read_data("commands.yaml")
    lists = {**commands.get("lists", {}), **game_data.get("lists", {})}
    lists["player"] = {"values": _names(players, nicknames)}
    wake = " ".join(_TEMPLATE_CHARS.sub(" ", wake_word).split()) or "arbitre"
    lists["wake_word"] = {"values": [{"in": wake, "out": wake}]}
    merged = {
        "language": "fr",
        "intents": _merged_intents(commands["intents"], game_data["intents"]),
        "expansion_rules": {**commands.get("expansion_rules", {}), **game_data.get("expansion_rules", {})},
        "lists": lists,
        "skip_words": [*commands.get("skip_words", ()), *game_data.get("skip_words", ())],
    }
    intents = Intents.from_dict(merged)
    phrases: list[Phrase] = []
    for name, intent in intents.intents.items():
        for data in intent.data:
            rules = {**intents.expansion_rules, **data.expansion_rules}
            slot_lists = {**intents.slot_lists, **data.slot_lists}
            fixed: Slots = tuple(data.slots.items())
            context = frozenset(str(a) for a in _as_list(data.requires_context.get("awaiting")))
            for sentence in data.sentences:
                for text, slots in _expand(sentence.expression, rules, slot_lists):
                    phrases.append(Phrase(" ".join(text.split()), name, slots + fixed, context))
    return Grammar(
        game=module.name,
        phrases=tuple(phrases),
        invalid_numbers=game_data.get("invalid_numbers"),
        legal=frozenset(
            value.value_out
            for value in getattr(intents.slot_lists.get(game_data.get("invalid_numbers") or ""), "values", ())
        ),
        fillers=tuple(commands.get("fillers", ())),
        wake_prefixes=tuple(commands.get("wake_prefixes", ())),
        about_wake=tuple(str(w) for w in commands.get("about_wake", ())),
        homophones=_homophones(commands, game_data),
        value_words=frozenset(
            word
            for slot_list in intents.slot_lists.values()
            if isinstance(slot_list, TextSlotList)
            for value in slot_list.values
            for text, _ in _expand(value.text_in, intents.expansion_rules, intents.slot_lists)
            for word in text.split()
        ),
        carriers=tuple(
            " ".join(t.split())
            for t, _ in (
                _expand(intents.expansion_rules["carrier"].expression, intents.expansion_rules, {})
                if "carrier" in intents.expansion_rules
                else ()
            )
        ),
        awaiting=moments(module),
        respellings=respellings(module),
        skip_words=tuple(map(str, intents.skip_words)),
        hesitations=tuple(map(str, commands.get("hesitations", ()))),
        corrections=tuple(map(str, commands.get("corrections", ()))),
        negations=tuple(map(str, commands.get("negations", ()))),
        noun_markers=tuple(map(str, commands.get("noun_markers", ()))),
        hedges=tuple(map(str, commands.get("hedges", ()))),
        clause_openers=tuple(map(str, commands.get("clause_openers", ()))),
        negators=tuple(map(str, commands.get("negators", ()))),
        turn_claims=tuple(map(str, commands.get("turn_claims", ()))),
        comment_openers=tuple(map(str, commands.get("comment_openers", ()))),
        comment_subjects=tuple(map(str, commands.get("comment_subjects", ()))),
        deferrals=tuple(map(str, commands.get("deferrals", ()))),
        negation_stops=tuple(map(str, commands.get("negation_stops", ()))),
        object_markers=tuple(map(str, commands.get("object_markers", ()))),
        move_objects=tuple(map(str, [*commands.get("move_objects", ()), *game_data.get("move_objects", ())])),
        move_pairs=tuple((str(a), str(b)) for a, b in game_data.get("move_pairs", ())),
        confirm=tuple(map(str, commands.get("confirm", ()))),
        deny=tuple(map(str, commands.get("deny", ()))),
        destructive=frozenset(map(str, commands.get("destructive", ()))),
        shown_values=dict(game_data.get("shown_values", {})),
        number_joins=frozenset(map(str, game_data.get("number_joins", ()))),
        fields=module.parse_fields,
    )


def _homophones(shared: Mapping[str, Any], own: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """commands.yaml's homophones and the game's (the homophones of its own words), heard -> meant."""
    out: dict[str, tuple[str, ...]] = {}
    for data in (shared, own):
        for heard, meant in data.get("homophones", {}).items():
            out[str(heard)] = (*out.get(str(heard), ()), *map(str, _as_list(meant)))
    return out


def _as_list(value: Any) -> list[Any]:
    """A YAML scalar or list, as a list (None: empty)."""
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def respellings(*modules: GameModule[Any, Any]) -> dict[str, tuple[str, ...]]:
    """Word -> in-vocabulary spellings that sound alike, best first: grammars/respellings.yaml's (the
    shared commands' words) and those each game's grammar file lists under `respellings` (its own)."""
    tables = [read_data("respellings.yaml"), *(read_data(m.grammar).get("respellings", {}) for m in modules)]
    return {str(k): tuple(str(v) for v in values) for table in tables for k, values in table.items()}


def _expand(
    expr: Expression, rules: Mapping[str, Any], lists: Mapping[str, Any]
) -> Iterator[tuple[str, Slots]]:
    """Every (text, slots) an expression can produce."""
    if isinstance(expr, TextChunk):
        yield expr.text, ()
    elif isinstance(expr, Permutation):
        for order in itertools.permutations(expr.items):
            yield from _expand(Seq(items=list(order)), rules, lists)
    elif isinstance(expr, Alternative):
        for item in expr.items:
            yield from _expand(item, rules, lists)
    elif isinstance(expr, Seq):
        parts = [list(_expand(item, rules, lists)) for item in expr.items]
        for combo in itertools.product(*parts):
            yield "".join(t for t, _ in combo), tuple(s for _, slots in combo for s in slots)
    elif isinstance(expr, RuleReference):
        yield from _expand(rules[expr.rule_name].expression, rules, lists)
    elif isinstance(expr, ListReference):
        slot_list = lists[expr.list_name]
        if isinstance(slot_list, WildcardSlotList):
            yield WILDCARD, ((expr.slot_name, WILDCARD),)
        elif isinstance(slot_list, TextSlotList):
            for value in slot_list.values:
                for text, slots in _expand(value.text_in, rules, lists):
                    yield text, ((expr.slot_name, value.value_out), *slots)
        else:
            raise ValueError(f"list {{{expr.list_name}}}: only text and wildcard lists are supported")
    else:
        raise ValueError(f"unsupported template expression: {expr!r}")
