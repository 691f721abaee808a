"""Quinito's table settings: edition and variants are parameters of one game (rules.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from assistant.core.table import ConfigError, check_players, comma_list, split_players, whole

Edition = Literal["drinking", "family"]

VARIANTS: dict[str, str] = {
    "V-11-high": "le double as est le plus fort des doubles",
    "V-65": "soixante-cinq est un second quinito",
    "V-31-replay": "trente et un fait rejouer au lieu d'un défi",
    "V-32": "trente-deux fait rejouer et change le sens",
    "V-51": "cinquante et un : tout le monde prend une gorgée",
    "V-forced-reroll": "accepter le gobelet oblige à relancer",
    "Q13": "double kinito : deux gobelets et deux totems",
    "L-V1": "relance à l'aveugle permise",
    "L-V2": "la mise passe à deux vies quand un vingt et un est annoncé ou révélé",
    "L-V3": "le perdant donne sa vie à celui qui a causé sa perte",
    "L-V4": "un vingt et un révélé change le sens du tour suivant",
    "L-V5": "trois lancers pour refaire un vingt et un et annuler sa perte",
    "L-V6": "on peut annoncer chance, vrai seulement pour trente et un",
    "L-V7": "deux quinitos : vingt et un et soixante-cinq",
}
"""Every variant id of rules.md with a short French description (spoken by the rules help)."""

FAMILY_ONLY = frozenset({"L-V1", "L-V2", "L-V3", "L-V4", "L-V5", "L-V6"})
DRINKING_ONLY = frozenset({"V-31-replay", "V-51", "Q13"})


@dataclass(frozen=True)
class QuinitoConfig:
    """How this table plays Quinito."""

    players: tuple[str, ...]
    """Seating order, clockwise; the first player starts."""
    edition: Edition = "drinking"
    """drinking (doses, Q5-Q13) or family (lives, L1-L4)."""
    variants: frozenset[str] = field(default_factory=frozenset)
    """Variant ids from rules.md (keys of VARIANTS)."""
    lives: int | None = None
    """Family edition starting lives; default 5 (L1), or 3 with L-V3."""

    def __post_init__(self) -> None:
        check_players(self.players, 2, 12, "Il faut entre 2 et 12 joueurs")
        if not isinstance(self.lives, int | None) or (self.lives is not None and self.lives < 1):
            raise ConfigError(f"Le nombre de vies doit être un entier positif, pas {self.lives!r}.")
        unknown = sorted(set(self.variants) - set(VARIANTS))
        if unknown:
            raise ConfigError(f"Variante inconnue : {', '.join(unknown)}. Connues : {', '.join(VARIANTS)}.")
        if self.edition not in ("drinking", "family"):
            raise ConfigError(f"Édition inconnue : {self.edition}. Choisissez drinking ou family.")

    @property
    def quinito_scores(self) -> frozenset[int]:
        """Q3, V-65, L-V7: the scores that count as a quinito."""
        return frozenset({21, 65}) if self.variants & {"V-65", "L-V7"} else frozenset({21})

    @property
    def starting_lives(self) -> int:
        """L1 / L-V3."""
        if self.lives is not None:
            return self.lives
        return 3 if "L-V3" in self.variants else 5

    @property
    def cups(self) -> int:
        """Q13: two cups in Double Kinito."""
        return 2 if "Q13" in self.variants else 1

    @property
    def vigilance(self) -> bool:
        """Q11: forbidden words and names are faults in the drinking edition only."""
        return self.edition == "drinking"

    @property
    def faults(self) -> bool:
        """Q10: the drinking edition charges faults (slowness counts by default); the family one none."""
        return self.edition == "drinking"

    def to_dict(self) -> dict[str, Any]:
        """The settings as script header keys."""
        out: dict[str, Any] = {"players": list(self.players), "edition": self.edition}
        out["variants"] = sorted(self.variants)
        if self.lives is not None:
            out["lives"] = self.lives
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> QuinitoConfig:
        """Build from a header or TOML table: players, edition, variants, lives."""
        players = split_players(data.get("players", ()))
        variants = data.get("variants", ())
        if isinstance(variants, str):
            variants = comma_list(variants)
        return cls(
            players=tuple(players),
            edition=data.get("edition", "drinking"),
            variants=frozenset(_canonical(variants)),
            lives=whole(data.get("lives")),
        )


def _canonical(ids: Iterable[str]) -> list[str]:
    """Variant ids as written in rules.md, whatever the case the table typed."""
    by_fold = {k.casefold(): k for k in VARIANTS}
    return [by_fold.get(v.casefold(), v) for v in ids]
