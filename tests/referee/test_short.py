"""Short at a loud table: the rules in at most six sentences with the topics offered, the whole on
request, a big table's scores grouped, "répète" the last turn only, "on en est où" the state."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assistant.core.clock import FakeClock
from assistant.referee import short
from assistant.referee.referee import Referee
from assistant.settings.table import table_config

TWELVE = "Ana, Bruno, Chloé, David, Émile, Fanny, Gaël, Hugo, Inès, Jules, Karim, Léa"


def referee(players: str = "Ana, Bruno, Chloé, David") -> Referee:
    return Referee(table_config({"game": "quinito", "players": players}), FakeClock())


def test_rules_are_six_sentences_at_most_and_offer_the_topics_and_the_whole() -> None:
    r = referee()
    summary = r.hear("Ana", "arbitre les règles")
    whole = r.hear("Ana", "arbitre les règles en entier")
    assert len(summary) <= 6 < len(whole)
    assert summary[:5] == whole[:5]
    assert "« arbitre les règles en entier »" in summary[-1]


def test_repeat_after_the_rules_says_the_last_turn_only() -> None:
    r = referee()
    summary = r.hear("Ana", "arbitre les règles")
    again = r.hear("Bruno", "arbitre répète")
    assert again[: len(summary)] == summary and len(again) <= len(summary) + 1


def test_Q7_twelve_players_scores_are_grouped() -> None:
    r = referee(TWELVE)
    r.hear("Ana", "soixante deux")
    r.hear("Bruno", "menteur")
    r.hear(None, "cinq quatre")
    lines = r.hear("Chloé", "arbitre les scores")
    assert lines == ["Ana : une dose.", "Tous les autres : zéro dose."]


def test_on_en_est_ou_says_whose_turn_and_the_open_question() -> None:
    r = referee()
    r.hear(None, "il faut boire")
    lines = r.hear("Ana", "arbitre on en est où")
    assert "C'est à Ana." in lines
    assert lines[-1] == "J'attends une réponse à : Qui a dit ça ?"


@given(st.lists(st.sampled_from(["zéro dose.", "une dose.", "deux doses."]), min_size=1, max_size=12))
def test_grouped_scores_name_every_player_or_all_the_others(tails: list[str]) -> None:
    names = [f"P{i}" for i in range(len(tails))]
    lines = [(n, f"{n} : {t}") for n, t in zip(names, tails, strict=True)]
    out = short.grouped(lines)
    said = [line for line in out if not line.startswith("Tous les autres")]
    others = [line for line in out if line.startswith("Tous les autres")]
    assert len(others) <= 1
    if others:
        shared = others[0].removeprefix("Tous les autres : ")
        assert all(line in said for n, line in lines if not line.endswith(shared))
        assert all(line.endswith(shared) for n, line in lines if line not in said)
    else:
        assert said == [line for _, line in lines]


def test_no_sentence_is_said_three_times_in_a_row() -> None:
    r = referee()
    r.hear("Ana", "vingt et un")
    said = [r.hear(None, "je contre") for _ in range(5)]
    spoken = r.outcome()["spoken"]
    assert said[0] == ["Montre les dés : combien ?"] and said[1:] == [[]] * 4  # said twice, then quiet
    assert all(not (a == b == c) for a, b, c in zip(spoken, spoken[1:], spoken[2:], strict=False))
