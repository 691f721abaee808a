"""The Cinquillo rules in short spoken French, as this table has configured them (C1-C8)."""

from __future__ import annotations

from collections.abc import Callable

from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.scoring import ORIGINAL_BONUS, XP_ABANDON, XP_LOSS, XP_PER_PLAYER

_NUMBERS = {2: "deux", 3: "trois", 4: "quatre"}


def _deck(config: CinquilloConfig) -> list[str]:
    """C1."""
    return [
        "On joue avec le jeu espagnol de quarante cartes : deniers, coupes, épées et bâtons.",
        "Dans chaque couleur, l'ordre est : as, deux, trois, quatre, cinq, six, sept, valet, cavalier, roi.",
    ]


def _deal(config: CinquilloConfig) -> list[str]:
    """C2."""
    n = len(config.players)
    if n == 2:
        return [
            f"À deux, chacun reçoit {config.hand} cartes.",
            f"Les {40 - 2 * config.hand} autres forment la pioche, face cachée.",
        ]
    if n == 3:
        return [
            "À trois, on distribue toutes les cartes : un joueur tiré au sort en reçoit quatorze, "
            "les autres treize.",
            "À chaque manche suivante, les quatorze cartes passent au joueur de droite.",
        ]
    return ["À quatre, on distribue toutes les cartes, dix chacun."]


def _order(config: CinquilloConfig) -> list[str]:
    """C3/C4."""
    return [
        "La première manche commence avec le cinq de deniers, quel que soit son détenteur.",
        "On joue ensuite vers la gauche, chacun son tour.",
        "Chaque manche suivante commence avec le joueur à droite de celui qui avait commencé : "
        "il ouvre avec n'importe quel cinq, ou il passe.",
    ]


def _moves(config: CinquilloConfig) -> list[str]:
    """C3/C6."""
    if config.mode == "caprone":
        return _caprone(config)
    return [
        "À son tour, on pose une carte qui prolonge d'un cran une rangée déjà ouverte, "
        "vers le haut ou vers le bas, ou bien un cinq d'une nouvelle couleur.",
        "Celui qui ne peut pas jouer passe.",
    ]


def _caprone(config: CinquilloConfig) -> list[str]:
    """C6."""
    if config.mode != "caprone":
        return [
            "Cette table joue le mode original.",
            "En caprone, à trois ou quatre, on peut poser n'importe quelle carte plus haute ou plus basse "
            "d'une couleur ouverte, et les cartes sautées sont bloquées.",
        ]
    return [
        "Mode caprone : on peut poser n'importe quelle carte plus haute ou plus basse d'une couleur "
        "déjà ouverte, ou un cinq d'une nouvelle couleur.",
        "Les cartes sautées sont bloquées et ne se joueront plus de la manche : "
        "après le cinq de coupes, le valet de coupes bloque le six et le sept.",
        "La manche s'arrête quand plus personne ne peut jouer, ou dès qu'un joueur n'a plus de carte.",
    ]


def _stock(config: CinquilloConfig) -> list[str]:
    """C3."""
    if len(config.players) != 2:
        return [f"À {_NUMBERS[len(config.players)]}, toutes les cartes sont distribuées : pas de pioche."]
    return [
        "À deux, celui qui passe pioche une carte, puis c'est au tour de l'autre.",
        "Quand la pioche est vide, on passe sans piocher.",
    ]


def _points(config: CinquilloConfig) -> list[str]:
    """C5/C6/C7."""
    if config.mode == "caprone":
        lines = [
            "Le joueur qui a le moins de cartes gagne la manche et marque les cartes restées "
            "dans les mains des autres : avec un, trois, quatre et six cartes, le gagnant marque treize.",
            "En cas d'égalité, les gagnants partagent ces points, arrondis à l'unité inférieure.",
        ]
    else:
        lines = [
            f"Le premier qui n'a plus de carte gagne la manche : il marque {ORIGINAL_BONUS} points, "
            "plus un point par carte restée dans les mains des autres."
        ]
    return [*lines, *_target(config)]


def _target(config: CinquilloConfig) -> list[str]:
    """C7."""
    return [
        f"La partie se joue en {config.target} points.",
        "Si plusieurs joueurs les atteignent à la même manche, le plus haut score gagne ; "
        "à égalité, c'est un match nul.",
    ]


def _ranking(config: CinquilloConfig) -> list[str]:
    """C8."""
    n = len(config.players)
    return [
        f"Au classement, le gagnant prend {XP_PER_PLAYER * n} points d'expérience, "
        f"chaque perdant en perd {-XP_LOSS}.",
        f"Qui abandonne en perd {-XP_ABANDON} si les autres le pénalisent.",
    ]


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
    "mode": "caprone",
    "coups": "jouer",
    "poser": "jouer",
    "deck": "cartes",
    "jeu": "cartes",
}


_DICE_TOPICS = frozenset(
    {"défi", "quinito", "contre", "changement de sens", "totem", "chance", "doubles", "soulever", "vies"}
)
"""Topics of the shared rules topic list (grammars/commands.yaml) that only the dice game has."""


def explain(config: CinquilloConfig, topic: str | None = None) -> list[str]:
    """Short French sentences on `topic` (see `TOPICS`), or a summary when None or unknown."""
    key = (topic or "").strip().lower()
    key = _ALIASES.get(key, key)
    if key in TOPICS:
        return TOPICS[key](config)
    if key in _DICE_TOPICS:
        return [f"Pas de « {key} » au jeu de cartes. Demande : {', '.join(TOPICS)}."]
    n = len(config.players)
    mode = "caprone" if config.mode == "caprone" else "original"
    summary = [  # C1-C8: every rule that applies to this table, each said once
        f"Cinquillo à {_NUMBERS[n]} joueurs, mode {mode}.",
        *_deal(config),
        *(_stock(config) if n == 2 else []),
        *_order(config),
        *_moves(config),
        *_points(config),
        *_ranking(config),
    ]
    if key:
        summary.insert(0, "Je ne connais pas ce sujet ; voici le résumé.")
    return summary


def topics(config: CinquilloConfig) -> tuple[str, ...]:
    """The topics `explain` answers for this table."""
    return tuple(TOPICS)
