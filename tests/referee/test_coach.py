"""The coach: Q3 odds spoken from the standing announcement, Cinquillo's "what can I play"
answered with the hands unseen (C3), and the summary at the end of a game (L1, C7) or on "bilan"."""

from __future__ import annotations

from assistant.core.clock import FakeClock
from assistant.core.events import PenaltyCalled
from assistant.games.quinito import events as qe
from assistant.games.quinito.summary import bluff_streaks
from assistant.referee.referee import Referee
from assistant.settings.table import table_config

ODDS_62 = "Soixante-deux : quarante-quatre pour cent de chances de faire au moins autant."


def referee(game: str = "quinito", players: str = "Ana,Bruno,Chloé", **header: str) -> Referee:
    return Referee(table_config({"game": game, "players": players, "slow": "off", **header}), FakeClock())


def test_q3_my_odds_answer_from_the_standing_announcement() -> None:
    """Q3: "arbitre mes chances" after 62 gives the issue's sentence; nothing changes in the game."""
    r = referee()
    assert r.hear("Bruno", "arbitre mes chances") == [
        "Pas d'annonce à battre : n'importe quel lancer convient."
    ]
    r.hear("Ana", "soixante deux")
    entries = r.session.entries
    assert r.hear("Bruno", "arbitre mes chances") == [ODDS_62]
    assert r.session.entries == entries and r.state.current == "Bruno"


def test_q3_odds_of_a_named_score_follow_the_table_order_v65() -> None:
    """Q3 / V-65: "combien de chances de battre soixante-cinq" is 10/36 in the base order, 4/36 with V-65."""
    asked = "arbitre combien de chances de battre soixante cinq"
    assert referee().hear("Ana", asked) == [
        "Soixante-cinq : vingt-huit pour cent de chances de faire au moins autant."
    ]
    assert referee(variants="V-65").hear("Ana", asked) == [
        "Soixante-cinq : onze pour cent de chances de faire au moins autant."
    ]


def test_q13_odds_read_the_speakers_cup() -> None:
    """Q13: with two cups, the odds are those of the cup awaiting the speaker."""
    r = referee(players="Ana,Bruno,Chloé,David", variants="Q13")
    cups = r.state.cups
    starters = [cup.actor for cup in cups]
    r.hear(starters[1], "soixante deux")
    responder = r.state.cups[1].actor
    assert r.hear(responder, "arbitre mes chances") == [ODDS_62]


def test_c3_what_can_i_play_is_not_answered_the_hands_are_unseen() -> None:
    """C3: the referee cannot see hands; it says so, and names only what the table accepts."""
    r = referee("cinquillo", "Ana,Bruno,Chloé,David")
    r.hear("Chloé", "cinq de deniers")
    said = r.hear("David", "arbitre qu'est-ce que je peux jouer")
    assert said[0] == "Je ne vois pas les mains, je ne peux pas te dire quoi jouer."
    assert said[1].startswith("La table accepte ") and "le quatre de deniers" in said[1]
    assert r.state.current == "David"
    assert r.hear("David", "arbitre mes chances") == ["Je ne calcule pas de chances à ce jeu."]


def test_l1_summary_follows_the_winner_at_the_end_of_the_game() -> None:
    """L1: when the last player with lives wins, the summary follows the winner's line."""
    r = referee(players="Ana,Bruno", edition="family")
    for _ in range(5):
        r.hear("Ana", "soixante deux")
        r.hear("Bruno", "menteur")
        last = r.hear(None, "quarante deux")
    assert last[-3:] == [
        "Bruno gagne la partie !",
        "Bilan de la partie.",
        "Le plus de vies perdues : Ana, cinq vies.",
    ]
    assert r.hear("Ana", "arbitre bilan")[:2] == ["Bilan de la partie.", "Bruno gagne la partie !"]


def test_q6_bilan_names_the_leader_the_most_doses_and_the_longest_streak() -> None:
    """Q6 (drinking): "arbitre bilan" mid-game names the fewest and most doses, and the longest run of
    announcements none caught as a bluff once it reaches two."""
    r = referee()
    assert r.hear("Ana", "arbitre bilan") == ["Bilan : rien n'a encore été joué."]
    for line in ("soixante deux", "j'accepte", "soixante trois", "j'accepte", "soixante quatre", "menteur"):
        speaker = r.state.current
        r.hear(speaker, line)
    r.hear(None, "double six")  # 66 covers 64: Ana lifted wrongly, Chloé's 64 stood
    assert r.hear("Bruno", "arbitre fais le bilan") == [
        "Bilan de la partie.",
        "En tête : Bruno et Chloé, zéro dose.",
        "Le plus de doses : Ana, une dose.",
    ]
    r.hear("Ana", "cinquante deux")  # Q7: Ana took the dose and starts; her first 62 stood
    assert r.hear("Bruno", "arbitre bilan")[-1] == (
        "Plus longue série d'annonces sans se faire prendre : Ana, deux de suite."
    )


def test_q6_bluff_streak_counts_announcements_until_one_is_caught() -> None:
    """Q6: Ana announces three times unharmed, is caught on the fourth, then announces twice: her
    best run is three; Bruno's one announcement is caught: none."""
    events = [
        *(qe.Announced("Ana", 62) for _ in range(3)),
        qe.Announced("Bruno", 63),
        PenaltyCalled("Bruno", 1, "dose", "bluff"),
        qe.Announced("Ana", 64),
        PenaltyCalled("Ana", 1, "dose", "bluff"),
        qe.Announced("Ana", 62),
        qe.Passed("Ana", 62),
    ]
    assert bluff_streaks(events) == {"Ana": 3, "Bruno": 0}


def test_new_game_says_the_summary_of_the_game_left_behind() -> None:
    """ "arbitre nouvelle partie" ends a game: its summary comes first."""
    r = referee()
    r.hear("Ana", "soixante deux")
    r.hear("Bruno", "menteur")
    r.hear(None, "quarante deux")
    assert r.hear("Chloé", "arbitre nouvelle partie") == ["Nouvelle partie ? Dis oui pour confirmer."]
    said = r.hear("Chloé", "oui")
    assert said[:3] == [
        "Bilan de la partie.",
        "En tête : Bruno et Chloé, zéro dose.",
        "Le plus de doses : Ana, une dose.",
    ]
    assert "Nouvelle partie." in said
