"""The rules as this table plays them, in short French sentences generated from its settings: this
module picks which sentences apply; their words are data (grammars/responses/fr/, section `explain`).

Never the verb of Q11 in any form: "prend une dose", "cul sec".
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.core.folding import fold
from assistant.games.quinito.config import RESPONSES, QuinitoConfig
from assistant.responses import render, section

TOPICS = (
    "ordre",
    "scores",
    "doubles",
    "soulever",
    "défi",
    "quinito",
    "contre",
    "totem",
    "sens",
    "chance",
    "vies",
    "fautes",
)
"""Topics the rules help knows (None: the whole summary)."""


def explain(config: QuinitoConfig, topic: str | None = None) -> list[str]:
    """Q1-Q13, V-*, L1-L4, L-V*: sentences for `topic` (see TOPICS), or the whole summary for None."""
    if topic is None or not topic.strip():
        lines: list[str] = [*_edition(config), *_turn(config)]
        for part in (_order, _specials, _chance, _lives, _faults):
            lines.extend(line for line in part(config) if line not in lines)
        return lines
    key = fold(topic.strip())
    for name, topic_part in _BY_TOPIC.items():
        if key.startswith(name) or name.startswith(key):
            return topic_part(config)
    return [_t("unknown_topic", topics=", ".join(TOPICS))]


def _t(key: str, /, **values: object) -> str:
    """One sentence of the spoken rules, from this game's responses file (section `explain`)."""

    return render(section(RESPONSES, "explain")[key], values)


def _all(keys: list[str]) -> list[str]:
    return [_t(key) for key in keys]


def _drinking(config: QuinitoConfig) -> bool:
    return config.edition == "drinking"


def _edition(config: QuinitoConfig) -> list[str]:
    """Q1, L1."""
    if _drinking(config):
        lines = [_t("drinking_edition")]
        if len(config.players) < 3:
            lines.append(_t("few_players"))
        return lines
    return [_t("family_edition")]


def _turn(config: QuinitoConfig) -> list[str]:
    """Q5-Q7, L2-L4, V-forced-reroll, L-V1."""
    if _drinking(config):
        keys = ["drinking_announce", "drinking_next", "drinking_lift", "drinking_loser_starts"]
        keys.append("forced_reroll" if config.forced_reroll else "free_reroll")
        return _all(keys)
    keys = ["family_announce", "family_believe", "family_reveal", "family_pass", "family_loser_starts"]
    if config.max_rerolls > 1:
        keys.append("blind_reshake")
    return _all(keys)


def _order(config: QuinitoConfig) -> list[str]:
    """Q2, Q3, V-11-high, V-65."""
    values = config.order
    lines = [_t("tens"), _t("order", order=", ".join(str(v) for v in values)), *_doubles(config)]
    if 65 in config.quinito_scores:
        lines.append(_t("v65"))
    return lines


def _doubles(config: QuinitoConfig) -> list[str]:
    """Q3, V-11-high."""
    return _all(["doubles", "aces_high" if config.aces_high else "aces_low"])


def _lift(config: QuinitoConfig) -> list[str]:
    """Q6, L3: lifting (revealing) the cup."""
    if _drinking(config):
        return _all(["drinking_lift_how", "drinking_lift_who"])
    return _all(["family_lift_how", "family_lift_who"])


def _defi(config: QuinitoConfig) -> list[str]:
    """Q8 31, V-31-replay."""
    if not _drinking(config):
        return [_t("family_no_defi")]
    if config.replay31:
        return [_t("replay31")]
    return _all(["defi", "defi_rethrow"])


def _quinito(config: QuinitoConfig) -> list[str]:
    """Q9, Q12, Q13, V-65, L-V2, L-V5, L-V7."""
    scores = " ou ".join(str(s) for s in sorted(config.quinito_scores, key=lambda s: s != 21))
    if not _drinking(config):
        lines = [_t("family_quinito", scores=scores)]
        if config.stake21:
            lines.append(_t("stake21"))  # L-V2, said once whether the quinito or the lives are explained
        if config.redemption:
            lines.append(_t("redemption"))
        return lines
    return [_t("quinito_attack", scores=scores), *_counter(config), *_totem(config), _t("quinito_rethrow")]


def _counter(config: QuinitoConfig) -> list[str]:
    """Q9."""
    if not _drinking(config):
        return [_t("family_no_counter")]
    return _all(["counter", "counter_result"])


def _totem(config: QuinitoConfig) -> list[str]:
    """Q12, Q13."""
    if not _drinking(config):
        return [_t("family_no_totem")]
    keys = ["totem", "totem_counter"]
    if config.cups == 2:
        keys.append("double_kinito")
    return _all(keys)


def _direction(config: QuinitoConfig) -> list[str]:
    """Q8 32, V-32, L-V4."""
    if _drinking(config):
        return _all(["direction", "reverse32"])
    return _all(["direction", "reverse21" if config.reverse_on_21 else "family_no_reverse"])


def _specials(config: QuinitoConfig) -> list[str]:
    """Q8, V-51: the special throws (drinking edition); L-V4, L-V5, L-V7 in the family edition."""
    if not _drinking(config):
        return [*_direction(config)[1:], *_quinito(config)]
    lines = [
        _t("special_shown"),
        *_defi(config),
        *_direction(config)[1:],
        *_quinito(config),
    ]
    if config.everyone_sips:
        lines.append(_t("everyone_sips"))
    return lines


def _chance(config: QuinitoConfig) -> list[str]:
    """L-V6."""
    if not config.chance:
        return [] if _drinking(config) else [_t("no_chance")]
    return _all(["chance", "chance_next"])


def _chance_topic(config: QuinitoConfig) -> list[str]:
    return _chance(config) or [_t("no_chance")]


def _lives(config: QuinitoConfig) -> list[str]:
    """L1, L-V2, L-V3."""
    if _drinking(config):
        return []
    lines = [_t("lives", lives=config.starting_lives), _t("last_lives")]
    if config.stake21:
        lines.append(_t("stake21"))
    if config.gift_life:
        lines.append(_t("gift_life"))
    return lines


def _lives_topic(config: QuinitoConfig) -> list[str]:
    return _lives(config) or [_t("no_lives")]


def _faults(config: QuinitoConfig) -> list[str]:
    """Q10, Q11."""
    if not _drinking(config):
        return _all(["family_no_faults", "family_slowness"])
    return _all(["faults", "forbidden_verb", "extra_rules"])


_BY_TOPIC: dict[str, Callable[[QuinitoConfig], list[str]]] = {
    "ordre": _order,
    "score": _order,
    "double": _doubles,
    "soulever": _lift,
    "lever": _lift,
    "menteur": _lift,
    "contre": _counter,
    "totem": _totem,
    "changement": _direction,
    "defi": _defi,
    "quinito": _quinito,
    "kinito": _quinito,
    "sens": _direction,
    "chance": _chance_topic,
    "vie": _lives_topic,
    "faute": _faults,
}


def topics(config: QuinitoConfig) -> tuple[str, ...]:
    """The topics `explain` answers for this table."""
    return tuple(TOPICS)
