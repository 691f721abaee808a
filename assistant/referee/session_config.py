"""The table settings the referee runs with, built from a script header or command-line flags."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from assistant.errors import UserError
from assistant.rules.cinquillo.config import CinquilloConfig
from assistant.rules.quinito.config import ConfigError, QuinitoConfig

GameKind = Literal["quinito", "cinquillo"]
DEFAULT_SLOW = 30.0
"""Q10: seconds of silence from the expected player before a slowness fault, unless `slow` says otherwise.
Decision: the family edition (001 has no fault rule) and Cinquillo count no slowness unless `slow` is set."""
DEFAULT_CONFIRM = 0.6
"""Recognition confidence under which the referee asks to repeat instead of acting."""


@dataclass(frozen=True)
class TableConfig:
    """One table: which game, its rules settings, and the referee's own settings."""

    game: GameKind
    """quinito or cinquillo."""
    rules: QuinitoConfig | CinquilloConfig
    """The game's settings (edition, variants / mode, hand, target)."""
    slow: float | None = DEFAULT_SLOW
    """Q10: seconds before a slowness fault; None when disabled (`slow: off`)."""
    wake_word: str = "arbitre"
    """The word that addresses the referee."""
    confirm_below: float = DEFAULT_CONFIRM
    """Confidence under which a move is not acted on and the referee asks to repeat."""

    @property
    def players(self) -> tuple[str, ...]:
        """Seating order, clockwise."""
        return self.rules.players

    @property
    def drinking(self) -> bool:
        """Q11 applies (forbidden words and names) only in Quinito's drinking edition."""
        return isinstance(self.rules, QuinitoConfig) and self.rules.edition == "drinking"

    def to_dict(self) -> dict[str, Any]:
        """A JSON object for the store (same keys as a script header)."""
        out: dict[str, Any] = {"game": self.game, "players": list(self.players)}
        if isinstance(self.rules, QuinitoConfig):
            out["edition"] = self.rules.edition
            out["variants"] = sorted(self.rules.variants)
            if self.rules.lives is not None:
                out["lives"] = self.rules.lives
        else:
            out.update(mode=self.rules.mode, hand=self.rules.hand, target=self.rules.target)
        out["slow"] = "off" if self.slow is None else self.slow
        return out


def _slow(value: Any) -> float | None:
    if value is None:
        return DEFAULT_SLOW
    if isinstance(value, int | float):
        seconds = float(value)
    else:
        text = str(value).strip().lower()
        if text in ("off", "non", "no", "false", "0"):
            return None
        try:
            seconds = float(text.removesuffix("s"))
        except ValueError:
            raise UserError(f"Réglage « slow » invalide : {value} (un nombre de secondes ou off).") from None
    if seconds <= 0:
        return None
    return seconds


def table_config(header: Mapping[str, Any]) -> TableConfig:
    """A TableConfig from a script header (or the same keys from flags); config errors are UserErrors."""
    game = str(header.get("game", "quinito")).strip().lower()
    if game not in ("quinito", "cinquillo"):
        raise UserError(f"Jeu inconnu : {game}. Choisissez quinito ou cinquillo.")
    try:
        if game == "quinito":
            rules: QuinitoConfig | CinquilloConfig = QuinitoConfig.from_dict(
                {k: header[k] for k in ("players", "edition", "variants", "lives") if k in header}
            )
        else:
            rules = CinquilloConfig.from_dict(
                {k: header[k] for k in ("players", "mode", "hand", "target") if k in header}
            )
    except ConfigError as error:
        raise UserError(str(error)) from None
    except (ValueError, TypeError):
        raise UserError("Les réglages « hand » et « target » doivent être des nombres entiers.") from None
    kind: GameKind = "quinito" if game == "quinito" else "cinquillo"
    drinking = isinstance(rules, QuinitoConfig) and rules.edition == "drinking"
    if header.get("slow") is None and not drinking:
        return TableConfig(kind, rules, None)  # Q10 faults are the drinking edition's: off unless asked
    return TableConfig(kind, rules, _slow(header.get("slow")))
