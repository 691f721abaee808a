"""Everything the referee says, as short French sentences built from templates.

Q11: no template ever uses the verb "boire" (a test scans every template and every sentence said).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from assistant.core.events import PenaltyCalled, Reason, Unit

NUMBERS: tuple[str, ...] = (
    "zéro",
    "une",
    "deux",
    "trois",
    "quatre",
    "cinq",
    "six",
    "sept",
    "huit",
    "neuf",
    "dix",
    "onze",
    "douze",
    "treize",
    "quatorze",
    "quinze",
    "seize",
    "dix-sept",
    "dix-huit",
    "dix-neuf",
    "vingt",
)
"""Feminine cardinals (une dose, une vie, une gorgée, une carte) up to twenty."""

SCORES: Mapping[int, str] = {
    31: "trente et un",
    32: "trente-deux",
    41: "quarante et un",
    42: "quarante-deux",
    43: "quarante-trois",
    51: "cinquante et un",
    52: "cinquante-deux",
    53: "cinquante-trois",
    54: "cinquante-quatre",
    61: "soixante et un",
    62: "soixante-deux",
    63: "soixante-trois",
    64: "soixante-quatre",
    65: "soixante-cinq",
    11: "double as",
    22: "double deux",
    33: "double trois",
    44: "double quatre",
    55: "double cinq",
    66: "double six",
    21: "quinito",
}
"""Q2/Q3: the 21 scores as the referee says them."""

UNITS: Mapping[Unit, tuple[str, str]] = {
    "dose": ("dose", "doses"),
    "sip": ("gorgée", "gorgées"),
    "life": ("vie", "vies"),
}
"""Singular and plural of each stake unit."""

REASONS: Mapping[Reason, str] = {
    "bluff": "bluff",
    "wrong_lift": "levée à tort",
    "quinito": "quinito",
    "quinito_countered": "quinito contré",
    "defi": "défi perdu",
    "everyone_sips": "cinquante et un",
    "fantasy_announcement": "annonce fantaisiste",
    "slowness": "lenteur",
    "forbidden_word": "mot interdit",
    "name_called": "prénom prononcé",
    "fault": "faute",
}
"""Each penalty reason of contracts.md as said aloud."""

TEMPLATES: Mapping[str, str] = {
    "take": "{player} prend {amount} : {reason}.",
    "lose": "{player} perd {amount} : {reason}.",
    "give": "{player} donne {amount} à {beneficiary} : {reason}.",
    "repeat": "Tu peux répéter ?",
    "who_said": "Qui a dit ça ?",
    "who_penalty": "Qui faut-il pénaliser ?",
    "who_speaks": "Je ne sais pas qui parle : dis « arbitre, c'est » puis le prénom.",
    "which_racer": "{first} ou {second} ?",
    "nobody": "Personne n'est pénalisé.",
    "not_your_turn": "Ce n'est pas à toi, c'est à {player}.",
    "reveal": "Combien sous le gobelet ?",
    "show": "Montrez les dés : combien ?",
    "confirm": "{score}, {player}.",
    "attack_target": "Quinito ! {player}, qui attaques-tu ?",
    "counter_or_submit": "{player}, tu contres ou tu prends ?",
    "counter_throw": "{player}, lance pour faire un quinito.",
    "defi_players": "Défi ! {player}, nomme deux joueurs.",
    "defi_loser": "Qui a fini le dernier ?",
    "redemption_throw": "{player}, trois lancers pour refaire un quinito.",
    "drew": "{player} pioche une carte.",
    "who_plays": "Qui joue ?",
    "your_turn": "À {player}.",
    "new_round": "À {player} de lancer.",
    "whose_turn": "C'est à {player}.",
    "waiting_table": "J'attends la table.",
    "over": "Partie terminée.",
    "winner": "{player} gagne la partie !",
    "draw_game": "Égalité entre {players} !",
    "paused": "Pause. Je ne compte plus rien.",
    "resumed": "On reprend.",
    "already_paused": "Je suis déjà en pause.",
    "new_game": "Nouvelle partie.",
    "undone": "J'annule : {what}.",
    "nothing_to_undo": "Rien à annuler.",
    "names_are_words": (
        "Attention : {names}, c'est aussi un mot courant ; "
        "je ne l'entendrai comme un nom que sans article devant."
    ),
    "unsaved": "La partie continue en mémoire ; je réessaierai de sauvegarder à chaque coup.",
    "saved_again": "La sauvegarde fonctionne de nouveau.",
    "nothing_to_repeat": "Je n'ai encore rien dit.",
    "which_score": "Quel score ?",
    "which_target": "Qui vises-tu ?",
    "which_players": "Quels joueurs ?",
    "not_a_score": "Ce n'est pas un score possible.",
    "unknown_card": "Je n'ai pas compris la carte.",
    "reversed": "Changement de sens.",
    "no_standings": "Pas encore de compte.",
    "totem": "{player} prend le totem.",
    "eliminated": "{player} est éliminé.",
    "special": "{value} !",
    "announce": "À {player} d'annoncer.",
    "respond": "À {player} de répondre.",
    "round": "Manche {number}, je distribue.",
    "round_won": "Manche pour {players} : {points} points.",
    "five_of_oros": "Qui a le cinq de deniers ?",
    "no_fault": "Pas de pénalité à ce jeu.",
    "standings_title": "Le compte :",
    "everyone_sips": "Tout le monde prend {amount} : cinquante et un.",
}
"""Every fixed sentence, by key."""


DESCRIPTIONS: Mapping[str, str] = {
    "Announce": "l'annonce de {player}",
    "Accept": "{player} accepte",
    "Lift": "{player} soulève",
    "Pass": "la passe de {player}",
    "Reroll": "la relance de {player}",
    "Reveal": "la valeur du gobelet",
    "ShowSpecial": "le coup spécial de {player}",
    "Attack": "l'attaque de {player}",
    "Submit": "{player} prend sa double dose",
    "Counter": "le contre de {player}",
    "CounterThrow": "le lancer de {player}",
    "DefiPlayers": "le défi de {player}",
    "DefiLoser": "la fin du défi",
    "RedemptionThrow": "le lancer de {player}",
    "Fault": "la pénalité de {player}",
    "Play": "{card}, posé par {player}",
    "Draw": "la pioche de {player}",
    "Abandon": "l'abandon de {player}",
}
"""How "J'annule : ..." names each command class (undo)."""


def say(key: str, **values: str) -> str:
    """The sentence `key` with its blanks filled."""
    return TEMPLATES[key].format(**values)


def names(players: Sequence[str]) -> str:
    """ "Ana", "Ana et Bruno", "Ana, Bruno et Chloé"."""
    if len(players) <= 1:
        return "".join(players)
    return f"{', '.join(players[:-1])} et {players[-1]}"


def amount(count: int, unit: Unit) -> str:
    """ "une dose", "deux doses", "quatre vies"..."""
    singular, plural = UNITS[unit]
    word = NUMBERS[count] if 0 <= count < len(NUMBERS) else str(count)
    return f"{word} {singular if count <= 1 else plural}"


def penalty(event: PenaltyCalled) -> str:
    """The announcement of one penalty: "Bruno prend une dose : bluff." (Q6, Q9, Q10, L3)."""
    what = amount(event.amount, event.unit)
    reason = REASONS.get(event.reason, event.reason)
    if event.unit == "life":
        if event.beneficiary:
            return say("give", player=event.player, amount=what, beneficiary=event.beneficiary, reason=reason)
        return say("lose", player=event.player, amount=what, reason=reason)
    return say("take", player=event.player, amount=what, reason=reason)


def capital(text: str) -> str:
    """The sentence's first letter in upper case ("soixante-deux" -> "Soixante-deux")."""
    return text[:1].upper() + text[1:]


def score(value: int | str) -> str:
    """A score as said aloud ("soixante-deux", "double trois", "quinito"); "chance" as is."""
    if isinstance(value, int):
        return SCORES.get(value, str(value))
    return value


def standing(player: str, counters: Mapping[str, int | bool]) -> str:
    """One player's line of the standings: "Ana : deux doses, une gorgée." """
    parts: list[str] = []
    for key, unit in (("doses", "dose"), ("sips", "sip"), ("lives", "life")):
        value = counters.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and (value or key != "sips"):
            parts.append(amount(value, unit))  # type: ignore[arg-type]
    cards = counters.get("cards")
    if isinstance(cards, int) and not isinstance(cards, bool):
        parts.append(f"{NUMBERS[cards] if cards < len(NUMBERS) else cards} carte{'s' if cards != 1 else ''}")
    points = counters.get("points")
    if isinstance(points, int) and not isinstance(points, bool):
        parts.append(f"{points} point{'s' if abs(points) > 1 else ''}")
    if counters.get("eliminated") is True:
        parts.append("éliminé")
    return f"{player} : {', '.join(parts) if parts else 'rien'}."
