"""Quinito's table settings: edition and variants are parameters of one game (docs/rules.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from assistant.core.table import ConfigError, check_players, comma_list, split_players, whole
from assistant.games.quinito.scores import order
from assistant.responses import error, errors, section

RESPONSES = "quinito.yaml"
"""This game's responses file (grammars/responses/fr/): its sentences, variant texts included."""
GRAMMAR = "quinito.yaml"
"""This game's grammar file (grammars/): what the table may say, and its words (Q11 `common_words`)."""

Edition = Literal["drinking", "family"]

VARIANTS: Mapping[str, str] = section(RESPONSES, "variants")
"""Every variant id of docs/rules.md, in its order, with a short French description (spoken by the rules
help, shown on the board): the responses file's section `variants`."""

FAMILY_ONLY = frozenset({"L-V1", "L-V2", "L-V3", "L-V4", "L-V5", "L-V6"})
"""Variants of 001's family edition (lives); refused at the drinking edition."""
DRINKING_ONLY = frozenset({"V-31-replay", "V-51", "Q13"})
"""Variants of 000's drinking edition (doses, défis, sips, two cups); refused at the family edition."""


def variants_for(edition: Edition) -> tuple[str, ...]:
    """The variant ids a table of this edition may choose (docs/rules.md order)."""
    refused = FAMILY_ONLY if edition == "drinking" else DRINKING_ONLY
    return tuple(v for v in VARIANTS if v not in refused)


def variant_lines() -> list[str]:
    """Every variant id with its description and, where it applies to one edition only, which."""
    only = section(RESPONSES, "variant_only")
    marks = {**dict.fromkeys(FAMILY_ONLY, only["family"]), **dict.fromkeys(DRINKING_ONLY, only["drinking"])}
    return [
        f"{rule_id:16} {text}{f' ({marks[rule_id]})' if rule_id in marks else ''}"
        for rule_id, text in VARIANTS.items()
    ]


EDITION_NAMES: Mapping[str, str] = section(RESPONSES, "editions")
"""The editions as said aloud (section `editions`)."""


@dataclass(frozen=True)
class QuinitoConfig:
    """How this table plays Quinito."""

    players: tuple[str, ...]
    """Seating order, clockwise; the first player starts."""
    edition: Edition = "drinking"
    """drinking (doses, Q5-Q13) or family (lives, L1-L4)."""
    variants: frozenset[str] = field(default_factory=frozenset)
    """Variant ids from docs/rules.md (keys of VARIANTS)."""
    lives: int | None = None
    """Family edition starting lives; default 5 (L1), or 3 with L-V3."""
    confirm: bool = True
    """The referee repeats each announcement it records in a few words ("Soixante-deux, Ana."), so the
    table hears a mishearing at once; `confirm: off` silences it."""

    # Resolved once from edition and variants (docs/architecture.md): the engine, bot, flow and explanations
    # read these fields and never test a variant id.
    order: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Q3, V-11-high, V-65/L-V7: the 21 scores, lowest to highest, as this table plays them."""
    ranks: Mapping[int, int] = field(init=False, repr=False, compare=False)
    """Q3: score -> its place in `order` (0 for the lowest)."""
    aces_high: bool = field(init=False, repr=False, compare=False)
    """V-11-high: double aces is the highest double."""
    quinito_scores: frozenset[int] = field(init=False, repr=False, compare=False)
    """Q3, V-65, L-V7: the scores that count as a quinito."""
    low_specials: frozenset[int] = field(init=False, repr=False, compare=False)
    """Q8, V-51: specials under the bar that are shown, never raise it (31, 32, and 51 with V-51)."""
    everyone_sips: bool = field(init=False, repr=False, compare=False)
    """V-51: a shown 51 makes every player take a sip."""
    replay31: bool = field(init=False, repr=False, compare=False)
    """V-31-replay: 31 means throw again instead of a défi."""
    forced_reroll: bool = field(init=False, repr=False, compare=False)
    """V-forced-reroll, L3 "believe": accepting the cup makes the dice unknown until re-thrown."""
    max_rerolls: int = field(init=False, repr=False, compare=False)
    """Re-throws allowed in one turn: one, two with L-V1's blind re-shake."""
    chance: bool = field(init=False, repr=False, compare=False)
    """L-V6: "chance" may be announced (true only for 31)."""
    stake21: bool = field(init=False, repr=False, compare=False)
    """L-V2: the stake is two lives when a 21 was announced or revealed."""
    gift_life: bool = field(init=False, repr=False, compare=False)
    """L-V3: the loser gives the life to whoever caused the loss."""
    reverse_on_21: bool = field(init=False, repr=False, compare=False)
    """L-V4: a revealed 21 reverses the next round's direction."""
    redemption: bool = field(init=False, repr=False, compare=False)
    """L-V5: losing by revealing a 21 allows three throws to make one too."""
    cups: int = field(init=False, repr=False, compare=False)
    """Q13: two cups in Double Kinito, else one."""
    starting_lives: int = field(init=False, repr=False, compare=False)
    """L1 / L-V3 / `lives`: the family edition's starting lives."""

    def __post_init__(self) -> None:
        check_players(self.players, 2, 12, _messages())
        if not isinstance(self.lives, int | None) or (self.lives is not None and self.lives < 1):
            raise ConfigError(_error("lives", value=self.lives))
        unknown = sorted(set(self.variants) - set(VARIANTS))
        if unknown:
            raise ConfigError(_error("unknown_variant", names=", ".join(unknown), known=", ".join(VARIANTS)))
        if self.edition not in ("drinking", "family"):
            raise ConfigError(_error("unknown_edition", edition=self.edition))
        wrong = sorted(self.variants & (DRINKING_ONLY if self.edition == "family" else FAMILY_ONLY))
        if wrong:
            other = EDITION_NAMES["drinking" if self.edition == "family" else "family"]
            edition = EDITION_NAMES[self.edition]
            raise ConfigError(_error("wrong_edition", names=", ".join(wrong), other=other, edition=edition))
        self._resolve()

    def _resolve(self) -> None:
        """Edition + variants -> the typed fields above, once (frozen: set through object)."""
        v, family = self.variants, self.edition == "family"
        scores = order(aces_high="V-11-high" in v, sixty_five=bool(v & {"V-65", "L-V7"}))
        values: dict[str, object] = {
            "order": scores,
            "ranks": {score: i for i, score in enumerate(scores)},
            "aces_high": "V-11-high" in v,
            "quinito_scores": frozenset({21, 65}) if v & {"V-65", "L-V7"} else frozenset({21}),
            "low_specials": frozenset({31, 32, 51} if "V-51" in v else {31, 32}),
            "everyone_sips": "V-51" in v,
            "replay31": "V-31-replay" in v,
            "forced_reroll": family or "V-forced-reroll" in v,
            "max_rerolls": 2 if "L-V1" in v else 1,
            "chance": "L-V6" in v,
            "stake21": family and "L-V2" in v,
            "gift_life": family and "L-V3" in v,
            "reverse_on_21": family and "L-V4" in v,
            "redemption": family and "L-V5" in v,
            "cups": 2 if "Q13" in v else 1,
            "starting_lives": self.lives if self.lives is not None else (3 if "L-V3" in v else 5),
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @property
    def unspoken(self) -> frozenset[str]:
        """Moves of the grammar this table never makes (help): the pass is the family edition's (L3);
        the défi and the change of direction are the drinking edition's specials (Q8)."""
        return frozenset({"defi", "reverse"}) if self.edition == "family" else frozenset({"pass"})

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
        if not self.confirm:
            out["confirm"] = "off"
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
            confirm=switch(data.get("confirm", True), "confirm"),
        )


def switch(value: Any, key: str) -> bool:
    """An on/off setting: a bool, or "on"/"off" (also yes/no, true/false, oui/non) as typed."""
    if isinstance(value, bool):
        return value
    word = str(value).strip().casefold()
    if word in ("on", "yes", "true", "oui", "1"):
        return True
    if word in ("off", "no", "false", "non", "0"):
        return False
    raise ConfigError(_error("switch", key=key, value=value))


def _messages() -> dict[str, str]:
    """The settings errors: the referee's shared ones, then this game's."""
    return errors("referee.yaml", RESPONSES)


def _error(key: str, /, **values: object) -> str:
    return error(RESPONSES, key, **values)


def _canonical(ids: Iterable[str]) -> list[str]:
    """Variant ids as written in docs/rules.md, whatever the case the table typed."""
    by_fold = {k.casefold(): k for k in VARIANTS}
    return [by_fold.get(v.casefold(), v) for v in ids]
