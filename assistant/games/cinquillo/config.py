"""Cinquillo's table settings (C2, C6, C7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from assistant.core.table import ConfigError, check_players, split_players
from assistant.responses import error, errors

RESPONSES = "cinquillo.yaml"
"""This game's responses file (grammars/responses/fr/): its sentences and settings errors."""

Mode = Literal["original", "caprone"]


@dataclass(frozen=True)
class CinquilloConfig:
    """How this table plays Cinquillo."""

    players: tuple[str, ...]
    """Seating order, clockwise (2 to 4 players, C2)."""
    mode: Mode = "original"
    """original (C3-C5) or caprone (C6, 3 or 4 players only)."""
    hand: int = 12
    """C2: cards per player with 2 players (10 to 15)."""
    target: int = 50
    """C7: the match target score."""
    hand_unused: bool = False
    """C2: a hand was set at a table of 3 or 4, where every card is dealt: the referee says so at start."""

    def __post_init__(self) -> None:
        check_players(self.players, 2, 4, _messages())
        if self.mode not in ("original", "caprone"):
            raise ConfigError(_error("unknown_mode", mode=self.mode))
        if self.mode == "caprone" and len(self.players) == 2:
            raise ConfigError(_error("caprone_two"))
        if not 10 <= self.hand <= 15:
            raise ConfigError(_error("hand_range", hand=self.hand))
        if self.target <= 0:
            raise ConfigError(_error("target_positive"))

    @property
    def vigilance(self) -> bool:
        """Q11 is Quinito's: no forbidden words at a Cinquillo table."""
        return False

    @property
    def unspoken(self) -> frozenset[str]:
        """Moves of the grammar this table never makes (help): no draw without a stock (C2, C3)."""
        return frozenset() if len(self.players) == 2 else frozenset({"draw"})

    @property
    def faults(self) -> bool:
        """Cinquillo has no fault rule: silence is never charged unless `slow` is set."""
        return False

    def to_dict(self) -> dict[str, Any]:
        """The settings as script header keys."""
        data: dict[str, Any] = {"players": list(self.players), "mode": self.mode, "target": self.target}
        if len(self.players) == 2:
            data["hand"] = self.hand
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CinquilloConfig:
        """Build from a header or TOML table: players, mode, hand, target."""
        players = split_players(data.get("players", ()))
        try:
            hand, target = int(data.get("hand", 12)), int(data.get("target", 50))
        except (ValueError, TypeError, OverflowError):
            raise ConfigError(_error("whole_numbers")) from None
        unused = data.get("hand") is not None and len(players) != 2
        return cls(
            players=tuple(players),
            mode=data.get("mode", "original"),
            hand=12 if unused else hand,
            target=target,
            hand_unused=unused,
        )


def variant_lines() -> list[str]:
    """Cinquillo has no variant ids: its settings are the mode, the hand and the target."""
    return [_error("variants")]


def _messages() -> dict[str, str]:
    """The settings errors: the referee's shared ones, then this game's."""
    return errors("referee.yaml", RESPONSES)


def _error(key: str, /, **values: object) -> str:
    return error(RESPONSES, key, **values)
