"""The seating arithmetic every game shares: who "à ma gauche", "en face", "le suivant" designate."""

from __future__ import annotations

from assistant.game.parse import Parse, Position


def seat(players: tuple[str, ...], speaker: str, position: Position, direction: int = 1) -> str | None:
    """docs/command-line.md seating: "à ma gauche" is the next player clockwise from the speaker, "à ma
    droite" the previous one, "le deuxième à ma gauche" two seats clockwise (`left2`, none when the table
    is too small for it), "en face" half-way round (even tables only), "le suivant" the next in play order."""
    if speaker not in players:
        return None
    n = len(players)
    i = players.index(speaker)
    if position[-1].isdigit():
        steps = int(position[-1])
        return players[(i + (steps if position.startswith("left") else -steps)) % n] if steps < n else None
    if position == "left":
        return players[(i + 1) % n]
    if position == "right":
        return players[(i - 1) % n]
    if position == "next":
        return players[(i + direction) % n]
    if n % 2:
        return None
    return players[(i + n // 2) % n]


def targets(parse: Parse, players: tuple[str, ...], speaker: str | None, direction: int = 1) -> list[str]:
    """The players a line designates: by name (after the wake word, or called outright) or by seat
    relative to the speaker, in the order said (names first, then seats)."""
    found: list[str] = []
    named = [parse.player] if parse.player else []
    named += list(parse.players)
    named += [v.player for v in parse.violations if v.rule == "name_called" and v.player]
    for name in named:
        if name in players and name not in found:
            found.append(name)
    positions = list(parse.positions) or ([parse.position] if parse.position else [])
    if speaker is not None:
        for position in positions:
            who = seat(players, speaker, position, direction)
            if who is not None and who not in found:
                found.append(who)
    return found


def is_self(parse: Parse) -> bool:
    """Whether the line designates its own speaker ("c'est moi")."""
    return bool(parse.extra.get("self"))
