"""The Cinquillo rules in short spoken French, as this table has configured them (C1-C8): this module
picks which sentences apply; their words are data (grammars/responses/fr/, section `explain`).

Decision (C8), said in the rules: an abandon ends the match; among the others, the
highest score wins. The abandoner loses 20 when the others penalise it, else 10 like any loser.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.core.folding import fold
from assistant.games.cinquillo.config import RESPONSES, CinquilloConfig
from assistant.games.cinquillo.deck import DECK
from assistant.games.cinquillo.scoring import ORIGINAL_BONUS, XP_ABANDON, XP_LOSS, XP_PER_PLAYER
from assistant.responses import render, section

_NUMBERS = {2: "deux", 3: "trois", 4: "quatre"}


def _t(key: str, /, **values: object) -> str:
    """One sentence of the spoken rules, from this game's responses file (section `explain`)."""

    return render(section(RESPONSES, "explain")[key], values)


def _all(keys: list[str]) -> list[str]:
    return [_t(key) for key in keys]


def _deck(config: CinquilloConfig) -> list[str]:
    """C1."""
    return _all(["deck", "suit_order"])


def _deal(config: CinquilloConfig) -> list[str]:
    """C2."""
    n = len(config.players)
    if n == 2:
        return [_t("deal_two", hand=config.hand), _t("deal_two_stock", stock=len(DECK) - 2 * config.hand)]
    if n == 3:
        return _all(["deal_three", "deal_three_later"])
    return [_t("deal_four")]


def _order(config: CinquilloConfig) -> list[str]:
    """C3/C4."""
    return _all(["first_round", "clockwise", "later_rounds"])


def _moves(config: CinquilloConfig) -> list[str]:
    """C3/C6."""
    if config.mode == "caprone":
        return _caprone(config)
    return _all(["original_move", "cannot_play"])


def _caprone(config: CinquilloConfig) -> list[str]:
    """C6."""
    if config.mode != "caprone":
        return _all(["original_table", "caprone_elsewhere"])
    return _all(["caprone_move", "caprone_blocked", "caprone_end"])


def _stock(config: CinquilloConfig) -> list[str]:
    """C3."""
    if len(config.players) != 2:
        return [_t("no_stock", count=_NUMBERS[len(config.players)])]
    return _all(["stock_draw", "stock_empty"])


def _points(config: CinquilloConfig) -> list[str]:
    """C5/C6/C7."""
    if config.mode == "caprone":
        lines = _all(["caprone_points", "caprone_split"])
    else:
        lines = [_t("original_points", points=ORIGINAL_BONUS)]
    return [*lines, *_target(config)]


def _target(config: CinquilloConfig) -> list[str]:
    """C7."""
    return [_t("target", target=config.target), _t("target_tie")]


def _ranking(config: CinquilloConfig) -> list[str]:
    """C8, and the abandon's Decision (module docstring)."""
    n = len(config.players)
    return [
        _t("ranking", gain=XP_PER_PLAYER * n, loser=-XP_LOSS),
        _t("abandon", abandon=-XP_ABANDON, loser=-XP_LOSS),
        _t("abandon_ends"),
    ]


def _counts(config: CinquilloConfig) -> list[str]:
    """C3: the referee counts the hands from what it hears; the table corrects a count."""
    return [_t("counts", player=config.players[-1])]


TOPICS: dict[str, Callable[[CinquilloConfig], list[str]]] = {
    "cartes": _deck,
    "donne": _deal,
    "ordre": _order,
    "jouer": _moves,
    "caprone": _caprone,
    "pioche": _stock,
    "points": _points,
    "objectif": _target,
    "classement": _ranking,
    "compte": _counts,
}
"""Every topic `explain` knows, by its French key word."""

_ALIASES = {
    "tour": "ordre",
    "commencer": "ordre",
    "distribution": "donne",
    "piocher": "pioche",
    "score": "points",
    "scores": "points",
    "xp": "classement",
    "expérience": "classement",
    "abandon": "classement",
    "mode": "caprone",
    "coups": "jouer",
    "poser": "jouer",
    "deck": "cartes",
    "jeu": "cartes",
    "comptes": "compte",
    "nombre de cartes": "compte",
}


_DICE_TOPICS = {
    fold(said): said
    for said in (
        "défi",
        "quinito",
        "contre",
        "changement de sens",
        "totem",
        "chance",
        "doubles",
        "soulever",
        "vies",
    )
}
"""Topics of the dice game a card table may ask about (heard as free topics, compared folded, said back
accented): no topic of this game, and said so."""


def explain(config: CinquilloConfig, topic: str | None = None) -> list[str]:
    """Short French sentences on `topic` (see `TOPICS`), or a summary when None or unknown."""
    key = (topic or "").strip().lower()
    key = _ALIASES.get(key, key)
    if key in TOPICS:
        return TOPICS[key](config)
    if fold(key) in _DICE_TOPICS:
        return [_t("dice_topic", topic=_DICE_TOPICS[fold(key)], topics=", ".join(TOPICS))]
    n = len(config.players)
    mode = "caprone" if config.mode == "caprone" else "original"
    summary = [  # C1-C8: every rule that applies to this table, each said once
        _t("summary", count=_NUMBERS[n], mode=mode),
        *_deal(config),
        *(_stock(config) if n == 2 else []),
        *_order(config),
        *_moves(config),
        *_counts(config),
        *_points(config),
        *_ranking(config),
    ]
    if key:
        summary.insert(0, _t("unknown_topic"))
    return summary


def topics(config: CinquilloConfig) -> tuple[str, ...]:
    """The topics `explain` answers for this table."""
    return tuple(TOPICS)
