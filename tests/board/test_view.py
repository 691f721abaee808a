"""The board's JSON (pure): what the page draws for each game, from the referee's own state."""

from __future__ import annotations

from typing import Any

from assistant.board.view import board_view
from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.referee.snapshot import snapshot
from assistant.settings.table import table_config


def play(header: dict[str, str], *lines: tuple[str | None, str]) -> dict[str, Any]:
    """The board's JSON after these lines, through the real referee."""
    referee = Referee(table_config({"slow": "off", **header}), FakeClock())
    said: list[str] = []
    for speaker, text in lines:
        said = referee.hear(speaker, text)
    return board_view(snapshot(referee, said))


def test_q3_cup_shows_the_announcement_its_odds_and_the_ladder_in_the_table_order() -> None:
    """Q3 / V-65: 62 stands, 44 % make it; the ladder follows the configured order (65 just under 21)."""
    data = play(
        {"game": "quinito", "players": "Ana,Bruno,Chloé", "variants": "V-65"}, ("Ana", "soixante deux")
    )
    cup = data["cups"][0]
    assert (cup["announced"], cup["announced_text"], cup["odds"]) == (62, "soixante-deux", 44)
    assert [s["value"] for s in cup["ladder"]][-3:] == [66, 65, 21]
    states = {s["value"]: s["state"] for s in cup["ladder"]}
    assert (states[61], states[62], states[63], states[21]) == ("below", "at", "above", "above")
    assert data["current"] == "Bruno" and cup["status"] == "À Bruno : accepter ou soulever"
    assert data["status"] == cup["status"]
    assert data["journal"] == ["Ana annonce soixante-deux"]


def test_q6_penalty_chart_and_turn_after_a_caught_bluff() -> None:
    """Q6/Q7: the bluffer takes a dose (last penalty, in French), the chart steps up, and starts again."""
    data = play(
        {"game": "quinito", "players": "Ana,Bruno,Chloé"},
        ("Ana", "soixante deux"),
        ("Bruno", "menteur"),
        (None, "quarante deux"),
    )
    assert data["last_penalty"]["text"] == "Ana prend une dose : bluff."
    assert data["chart"]["series"] == {"Ana": [0, 1], "Bruno": [0, 0], "Chloé": [0, 0]}
    assert [p["name"] for p in data["players"] if p["turn"]] == ["Ana"]
    said = ["Quarante-deux sous le gobelet.", "Ana prend une dose : bluff.", "À Ana de lancer."]
    assert data["said"] == said
    assert data["summary"] is None


def test_l1_family_lives_elimination_winner_and_summary() -> None:
    """L1: lives per player, the eliminated greyed, the winner and the summary once it is over."""
    lines = [("Ana", "soixante deux"), ("Bruno", "menteur"), (None, "quarante deux")] * 5
    data = play({"game": "quinito", "players": "Ana,Bruno", "edition": "family"}, *lines)
    ana = data["players"][0]
    assert (ana["lives"], ana["max_lives"], ana["eliminated"]) == (0, 5, True)
    assert data["over"] and data["winners"] == ["Bruno"]
    assert data["summary"]["lines"][:2] == ["Bilan de la partie.", "Bruno gagne la partie !"]
    assert data["chart"]["series"]["Ana"] == [5, 4, 3, 2, 1, 0]
    assert data["chart"]["unit"] == "vies" and data["title"] == "Quinito — édition famille"
    assert data["journal"][-1] == "Ana n'a plus de vie"  # No guessed gender


def test_q13_title_names_the_edition_and_each_cup_says_what_it_waits_for() -> None:
    """Q13: two cups, two announcers; the title, the statuses and the chart's unit come from the
    game's responses file."""
    data = play({"game": "quinito", "players": "Ana,Bruno,Chloé", "variants": "Q13"})
    assert data["title"] == "Quinito — édition apéro — double kinito"
    assert [c["status"] for c in data["cups"]] == ["À Ana d'annoncer", "À Bruno d'annoncer"]
    assert data["status"] == "À Ana d'annoncer · À Bruno d'annoncer"
    assert data["chart"]["unit"] == "doses"


def test_summary_shows_when_asked() -> None:
    """ "arbitre bilan": the board shows the summary the referee has just said."""
    data = play(
        {"game": "quinito", "players": "Ana,Bruno,Chloé"},
        ("Ana", "soixante deux"),
        ("Bruno", "arbitre bilan"),
    )
    assert data["summary"]["lines"][0] == "Bilan de la partie."


def test_c3_layout_rows_card_counts_and_what_the_table_accepts() -> None:
    """C3: after the 5 of oros, the 4 and 6 of oros and the other fives are accepted; Chloé holds 9."""
    data = play({"game": "cinquillo", "players": "Ana,Bruno,Chloé,David"}, ("Chloé", "cinq de deniers"))
    oros = {c["label"]: c["state"] for c in data["layout"][0]["cards"]}
    assert (oros["5"], oros["4"], oros["6"], oros["7"]) == ("table", "next", "next", "empty")
    assert [row["cards"][4]["state"] for row in data["layout"][1:]] == ["next", "next", "next"]
    assert [p["cards"] for p in data["players"]] == [10, 10, 9, 10]
    assert data["status"] == "À David de jouer" and data["journal"][-1] == "Chloé pose le cinq de deniers"
    assert [c["label"] for c in data["layout"][0]["cards"]][-3:] == ["V", "C", "R"]


def test_c1_c2_title_mode_target_and_the_status_before_the_deal() -> None:
    """C1 (caprone), C2: the title names the mode and the target; before a line is heard, the deal."""
    data = play({"game": "cinquillo", "players": "Ana,Bruno,Chloé", "mode": "caprone", "target": "30"})
    assert data["title"] == "Cinquillo — caprone — en 30 points" and data["chart"]["unit"] == "points"
    assert data["status"] == "Distribution"


GENERIC = {"game", "title", "variants", "players", "status", "last_penalty", "journal", "chart", "said"}
GENERIC |= {"summary", "over", "winners", "paused", "moves"}
"""What the board's own script reads, whatever the game (the rest is the game's drawer's)."""


def test_both_games_give_the_generic_part_the_page_draws_alike() -> None:
    """The generic keys and each player's name, turn and elimination are in every game's JSON; the
    direction is the game's to give (Cinquillo has none to show)."""
    quinito = play({"game": "quinito", "players": "Ana,Bruno,Chloé"})
    cinquillo = play({"game": "cinquillo", "players": "Ana,Bruno,Chloé"})
    for data in (quinito, cinquillo):
        assert set(data) >= GENERIC, GENERIC - set(data)
        assert all({"name", "turn", "eliminated"} <= set(p) for p in data["players"])
    assert quinito["direction"] == 1 and "direction" not in cinquillo
