"""Progress bars (tqdm) redraw on a terminal and write only start and end elsewhere."""

from __future__ import annotations

import io
import time

import pytest

from assistant.cli import main
from assistant.progress import progress_bar


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _renders(text: str) -> list[str]:
    return [part for part in text.replace("\n", "\r").split("\r") if part.strip()]


def test_a_log_gets_the_start_and_the_end_only() -> None:
    log = io.StringIO()
    with progress_bar(log, 2_000_000, "modele.zip", "o", in_bytes=True) as bar:
        for _ in range(200):
            bar.update(10_000)
    renders = _renders(log.getvalue())
    assert len(renders) == 2 and "0%" in renders[0]
    assert "100%" in renders[1] and "1.91M/1.91M" in renders[1] and log.getvalue().endswith("\n")


def test_a_terminal_sees_the_bar_move_with_rate_and_time_left() -> None:
    screen = Terminal()
    with progress_bar(screen, 3, "simulation", " partie") as bar:
        for _ in range(3):
            time.sleep(0.15)  # longer than the 0.1 s between redraws: each update is drawn
            bar.update()
    renders = _renders(screen.getvalue())
    assert len(renders) >= 4 and "1/3" in renders[1] and "<" in renders[1]  # elapsed<left
    assert "partie/s" in renders[-1]


def test_no_stream_no_output() -> None:
    with progress_bar(None, 10, "rien", "x") as bar:
        bar.update(10)
    assert bar.disable


def test_simulate_draws_one_bar_over_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--json"]) == 0
    err = capsys.readouterr().err
    assert err.count("simulation: 100%") == 1 and "3/3" in err
    assert "move" not in err


def test_the_kill_tests_move_lines_stay_bare(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--progress", "--json"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(line.startswith("move ") for line in lines)


def test_a_wait_without_progress_of_its_own_says_so_and_how_long_it_took() -> None:
    """A model load (a C call) is announced at once, then its end with its duration."""
    from assistant.progress import waiting

    stream = io.StringIO()
    with waiting(stream, "chargement du modèle vocal"):
        pass
    lines = stream.getvalue().splitlines()
    assert lines[0] == "kinito: chargement du modèle vocal…"
    assert lines[-1].startswith("kinito: chargement du modèle vocal : fait en ") and lines[-1].endswith(" s.")


def test_a_long_wait_writes_the_seconds_elapsed(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from assistant import progress

    monkeypatch.setattr(progress, "LOG_TICK_SECONDS", 0.01)
    stream = io.StringIO()
    ticked = threading.Event()
    with progress.waiting(stream, "chargement"):
        for _ in range(500):  # bounded: at most 5 s for the first tick on a loaded machine
            if stream.getvalue().count("\n") >= 2:
                ticked.set()
                break
            threading.Event().wait(0.01)
    assert ticked.is_set()
    assert "kinito: chargement… " in stream.getvalue()
