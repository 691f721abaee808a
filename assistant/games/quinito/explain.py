"""The rules as this table plays them, in short French sentences generated from its settings.

Never the verb of Q11 in any form: "prend une dose", "cul sec".
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.core.folding import fold
from assistant.games.quinito.config import QuinitoConfig

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
    return [f"Je ne connais pas ce sujet. Demande : {', '.join(TOPICS)}."]


def _drinking(config: QuinitoConfig) -> bool:
    return config.edition == "drinking"


def _edition(config: QuinitoConfig) -> list[str]:
    """Q1, L1."""
    if _drinking(config):
        lines = ["Édition apéro : chaque pénalité est une dose, et la partie ne s'arrête pas d'elle-même."]
        if len(config.players) < 3:
            lines.append("Attention : cette édition se joue normalement à trois joueurs ou plus.")
        return lines
    return ["Édition famille : on joue aux vies, sans doses."]


def _turn(config: QuinitoConfig) -> list[str]:
    """Q5-Q7, L2-L4, V-forced-reroll, L-V1."""
    if _drinking(config):
        lines = [
            "Le lanceur regarde seul les dés et annonce un score ; il peut bluffer.",
            "Le suivant accepte et doit annoncer strictement plus haut, ou soulève le gobelet.",
            "Au soulevé, si les dés valent au moins l'annonce, celui qui soulève prend une dose ; "
            "sinon c'est l'annonceur.",
            "Celui qui a pris la dose relance la manche suivante.",
        ]
        if config.forced_reroll:
            lines.append("À cette table, accepter le gobelet oblige à relancer les dés.")
        else:
            lines.append("Celui qui accepte peut relancer les dés avant d'annoncer.")
        return lines
    lines = [
        "Le lanceur secoue, regarde ou non, et annonce ce qu'il veut : la vérité, plus ou moins.",
        "Le suivant croit : il prend le gobelet, relance et annonce strictement plus haut.",
        "Ou il ne croit pas et révèle : si l'annonce dépasse les dés, l'annonceur perd ; "
        "sinon celui qui a révélé.",
        "Ou il passe sans regarder en annonçant autant ou plus ; si le gobelet fait le tour sans "
        "surenchère, l'auteur de l'annonce doit surenchérir ou révéler.",
        "Le perdant relance la manche suivante.",
    ]
    if config.max_rerolls > 1:
        lines.append("Après avoir relancé et regardé, on peut secouer une seconde fois sans regarder.")
    return lines


def _order(config: QuinitoConfig) -> list[str]:
    """Q2, Q3, V-11-high, V-65."""
    values = config.order
    lines = [
        "Le dé le plus haut donne les dizaines : un deux et un six font soixante-deux.",
        "Du plus faible au plus fort : " + ", ".join(str(v) for v in values) + ".",
        *_doubles(config),
    ]
    if 65 in config.quinito_scores:
        lines.append("65 est un second quinito, juste sous 21.")
    return lines


def _doubles(config: QuinitoConfig) -> list[str]:
    """Q3, V-11-high."""
    lines = ["Les doubles battent les scores simples, et 21, le quinito, bat tout."]
    if config.aces_high:
        lines.append("À cette table, le double as est le plus fort des doubles.")
    else:
        lines.append("Le double as est le plus faible des doubles.")
    return lines


def _lift(config: QuinitoConfig) -> list[str]:
    """Q6, L3: lifting (revealing) the cup."""
    if _drinking(config):
        return [
            "Soulever, c'est dire « je soulève » ou « menteur » : on montre les dés et quelqu'un les lit.",
            "Si les dés valent au moins l'annonce, celui qui soulève prend une dose, sinon l'annonceur.",
        ]
    return [
        "Révéler, c'est dire « je soulève » ou « menteur » : on montre les dés et quelqu'un les lit.",
        "Si l'annonce dépasse les dés, l'annonceur perd une vie ; sinon celui qui a révélé.",
    ]


def _defi(config: QuinitoConfig) -> list[str]:
    """Q8 31, V-31-replay."""
    if not _drinking(config):
        return ["Pas de défi à l'édition famille : 31 est le score le plus faible."]
    if config.replay31:
        return ["À cette table, 31 fait simplement rejouer : pas de défi."]
    return [
        "31, c'est le défi : le lanceur montre les dés et désigne deux joueurs qui font la course "
        "sur une dose cul sec ; le dernier prend une dose de pénalité.",
        "Puis le lanceur relance.",
    ]


def _quinito(config: QuinitoConfig) -> list[str]:
    """Q9, Q12, Q13, V-65, L-V2, L-V5, L-V7."""
    scores = " ou ".join(str(s) for s in sorted(config.quinito_scores, key=lambda s: s != 21))
    if not _drinking(config):
        lines = [f"Le quinito ({scores}) est l'annonce la plus forte ; il n'y a pas d'attaque en famille."]
        if config.stake21:
            lines.append(_STAKE21)
        if config.redemption:
            lines.append("Qui perd en révélant un 21 a trois lancers pour faire 21 et ne rien perdre.")
        return lines
    return [
        f"Quinito ({scores}) : le lanceur le montre et attaque un joueur, qui prend une double dose.",
        *_counter(config),
        *_totem(config),
        "Après un quinito, l'attaquant relance.",
    ]


_STAKE21 = "Quand un 21 a été annoncé ou révélé, la mise passe à deux vies."
"""L-V2, said once whether the quinito or the lives are explained."""


def _counter(config: QuinitoConfig) -> list[str]:
    """Q9."""
    if not _drinking(config):
        return ["Pas de contre en famille : le quinito n'attaque personne."]
    return [
        "L'attaqué peut contrer : il lance et doit faire un quinito ; les doubles et les coups "
        "spéciaux font relancer.",
        "Un contre réussi envoie une quadruple dose à l'attaquant ; un contre raté coûte la double dose.",
    ]


def _totem(config: QuinitoConfig) -> list[str]:
    """Q12, Q13."""
    if not _drinking(config):
        return ["Pas de totem en famille : le quinito n'attaque personne."]
    lines = [
        "Le joueur touché par un quinito prend le totem : on ne peut pas l'attaquer au quinito suivant.",
        "Après un contre réussi, c'est celui qui a contré qui prend le totem, même si l'attaquant "
        "prend la quadruple dose.",
    ]
    if config.cups == 2:
        lines.append("Double Kinito : deux gobelets et deux totems sont en jeu.")
    return lines


def _direction(config: QuinitoConfig) -> list[str]:
    """Q8 32, V-32, L-V4."""
    lines = ["Le jeu part du premier joueur et tourne vers sa gauche."]
    if _drinking(config):
        lines.append("32 change le sens du jeu, puis le lanceur relance.")
    elif config.reverse_on_21:
        lines.append("Quand un 21 est révélé, la manche suivante change de sens.")
    else:
        lines.append("Le sens ne change pas à l'édition famille.")
    return lines


def _specials(config: QuinitoConfig) -> list[str]:
    """Q8, V-51: the special throws (drinking edition); L-V4, L-V5, L-V7 in the family edition."""
    if not _drinking(config):
        return [*_direction(config)[1:], *_quinito(config)]
    lines = [
        "Un coup spécial se montre : on soulève le gobelet et on lit les dés à voix haute ; "
        "je demande la valeur si personne ne la dit, et un coup spécial démenti par les dés est une faute.",
        *_defi(config),
        *_direction(config)[1:],
        *_quinito(config),
    ]
    if config.everyone_sips:
        lines.append("51 se montre : chaque joueur prend une gorgée, puis le lanceur relance.")
    return lines


def _chance(config: QuinitoConfig) -> list[str]:
    """L-V6."""
    if not config.chance:
        return [] if _drinking(config) else ["L'annonce chance n'est pas jouée à cette table."]
    return [
        "Chance est une annonce vraie seulement pour 31.",
        "Après une chance, le suivant doit surenchérir sur la dernière vraie annonce.",
    ]


def _chance_topic(config: QuinitoConfig) -> list[str]:
    return _chance(config) or ["L'annonce chance n'est pas jouée à cette table."]


def _lives(config: QuinitoConfig) -> list[str]:
    """L1, L-V2, L-V3."""
    if _drinking(config):
        return []
    lines = [
        f"Chacun commence avec {config.starting_lives} vies ; sans vie on est éliminé.",
        "Le dernier joueur qui a encore des vies gagne.",
    ]
    if config.stake21:
        lines.append(_STAKE21)
    if config.gift_life:
        lines.append(
            "Le perdant ne jette pas la vie qu'il perd : il la donne au joueur qui a causé sa perte."
        )
    return lines


def _lives_topic(config: QuinitoConfig) -> list[str]:
    return _lives(config) or ["Pas de vies à l'édition apéro : on compte les doses."]


def _faults(config: QuinitoConfig) -> list[str]:
    """Q10, Q11."""
    if not _drinking(config):
        return [
            "Pas de faute à l'édition famille : une annonce impossible est simplement refusée.",
            "Seule la lenteur coûte une vie, quand la table a fixé un délai.",
        ]
    return [
        "Une faute coûte une dose tout de suite : annonce fantaisiste, dés lâchés, lenteur, "
        "ne pas suivre le jeu, mauvaise foi flagrante.",
        "Ne jamais prononcer le verbe interdit, sous aucune forme ; dis plutôt prendre une dose.",
        "Ne jamais appeler un joueur par son nom ni son prénom, ne pas pointer du doigt, "
        "et prendre sa dose de la main gauche.",
    ]


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
    "caprone": lambda config: ["Pas de caprone aux dés : c'est un mode du jeu de cartes."],
}


def topics(config: QuinitoConfig) -> tuple[str, ...]:
    """The topics `explain` answers for this table."""
    return tuple(TOPICS)
