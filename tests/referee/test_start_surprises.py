"""No silent surprise at the start of a game, each gets one clear sentence.

- `hand` at a Cinquillo table of 3 or 4 (C2 deals every card): games/r19_c2_hand_unused_at_three.txt;
- a line from a name not at the table (typed "Zoé: ..." in `kinito play --input text`);
- an unfinished game in the store when `--resume` is not given: how to resume it.
"""

from __future__ import annotations

from pathlib import Path

from assistant.core.clock import FakeClock
from assistant.invocation import runnable
from assistant.referee.referee import Referee
from assistant.runtime.live import Utterance, from_text
from assistant.settings.table import table_config
from tests.robustness.faulty import kinito_process

STRANGER = "Zoé ne joue pas à cette table : j'écoute sa ligne comme celle de la table."


def test_a_typed_name_not_at_the_table_is_passed_on_as_its_speaker() -> None:
    lines = ["Zoé: soixante deux", "Jean-Luc: menteur", "table: cinquante quatre", "bon: ok"]
    assert list(from_text(lines, ("Ana", "Bruno"))) == [
        Utterance("Zoé", "soixante deux"),
        Utterance("Jean-Luc", "menteur"),
        Utterance(None, "cinquante quatre"),
        Utterance(None, "bon: ok"),
    ]


def test_a_name_not_at_the_table_is_said_once_and_heard_as_the_table() -> None:
    """Q5: Zoé's announcement is the table's (Ana's turn), after one sentence; said once per name."""
    referee = Referee(table_config({"game": "quinito", "players": "Ana,Bruno,Chloé"}), FakeClock())
    first = referee.hear("Zoé", "soixante deux")
    assert first[0] == STRANGER
    assert referee.state.current == "Bruno"
    assert STRANGER not in referee.hear("Zoé", "j'accepte")


def test_an_unfinished_game_is_named_with_how_to_resume_it(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    args = ["play", "--input", "text", "--no-speech", "--db", str(db), "--players", "Ana,Bruno,Chloé"]
    for _ in range(2):
        child = kinito_process([*args, "--slow", "off"])
        _out, err = child.communicate("Ana: soixante deux\n", timeout=60)
        assert child.returncode == 0, err
    assert "la partie n° 1 n'est pas finie" in err
    assert runnable("kinito play --resume") in err  # as it runs here
