"""What a Cinquillo line said, read from the parser's slots (the grammar's {rank}, {suit} and {cards}
lists), and the game's keys of the `kinito parse` object (docs/command-line.md: `card`, `score`, `cards`)."""

from __future__ import annotations

from collections.abc import Mapping

from assistant.game import Parse


def card_in(slots: Mapping[str, object]) -> str | None:
    """C1: the card said, as docs/command-line.md writes it ("<rank>-<suit>"), or None."""
    rank, suit = slots.get("rank"), slots.get("suit")
    return f"{rank}-{suit}" if rank is not None and suit is not None else None


def said_card(parse: Parse) -> str | None:
    """C1: the card a line said, or None."""
    return card_in(parse.slots)


def said_count(parse: Parse) -> int | None:
    """C3: a count of cards the table tells ("Bruno a douze cartes"), or None."""
    value = parse.slots.get("cards")
    return None if value is None else int(str(value))


def parse_fields(intent: str | None, slots: Mapping[str, object]) -> Mapping[str, object]:
    """docs/command-line.md: `score` (null: Cinquillo has no score), `card` (null when none), `suit`
    when a play names a suit but no rank (the recogniser lost it: `card` is null), and `cards` when a
    count of cards was told."""
    out: dict[str, object] = {"score": None, "card": card_in(slots)}
    if intent == "play" and out["card"] is None and "suit" in slots:
        out["suit"] = slots["suit"]
    if "cards" in slots:
        out["cards"] = int(str(slots["cards"]))
    return out
