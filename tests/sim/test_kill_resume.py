"""Crash safety: a real `kinito simulate --db` process is SIGKILLed mid-game; resuming its save file
reaches exactly the state and the outcome of an uninterrupted run with the same seed.

The parent reads the child's "move N" progress lines (printed after each move is committed) and
kills it after a randomly chosen number of them; the child may have run a little further by then,
which is fine: whatever it committed is what must resume.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.core.game import Session
from assistant.sim.simulate import driver, load_session, play_one, resume_game
from assistant.store.memory import MemoryStore
from assistant.store.sqlite import SqliteStore

ROOT = Path(__file__).resolve().parents[2]

CASES = [
    ("quinito", ["--games", "40"], 7),
    ("quinito", ["--games", "40", "--edition", "family", "--variants", "L-V2,L-V6"], 11),
    ("cinquillo", ["--games", "6", "--players", "Ana,Bruno,Chloé"], 13),
]


def _kill_midway(db: Path, game: str, extra: list[str], seed: int, after_lines: int) -> int:
    """Run the simulator, read `after_lines` progress lines, SIGKILL it; returns lines read."""
    command = [sys.executable, "-m", "assistant", "simulate", "--game", game, "--seed", str(seed)]
    command += [*extra, "--db", str(db), "--progress", "--json"]
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert child.stderr is not None
    read = 0
    try:
        for line in child.stderr:
            if line.startswith("move "):
                read += 1
                if read >= after_lines:
                    child.send_signal(signal.SIGKILL)
                    break
    finally:
        child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL, "the child ended before it could be killed"
    return read


def _check_killed_run(db: Path, seed: int) -> bool:
    """Check the save file of a killed run; False when the kill landed between two games."""
    store = SqliteStore(db)
    game_ids = store.game_ids()
    assert game_ids, "nothing was saved before the kill"
    unfinished = store.latest_unfinished()
    # Every game the child finished matches an uninterrupted run of the same index.
    for gid in game_ids:
        if gid == unfinished:
            continue
        settings, index, saved = load_session(store, gid)
        reference, _ = play_one(settings, index, MemoryStore())
        assert saved.entries == reference.session.entries
        assert store.load(gid).winner == reference.session.state.winner
    if unfinished is None:
        return False

    settings, index, at_kill = load_session(store, unfinished)
    assert settings.seed == seed
    reference, _ = play_one(settings, index, MemoryStore())
    moves_at_kill = len(at_kill.entries)
    # <=: the kill may land after a game's last move was saved but before it was marked finished.
    assert moves_at_kill <= len(reference.session.entries)
    # The state after resume equals the uninterrupted run's state at the same move.
    prefix = Session.from_entries(driver(settings).game, reference.session.entries[:moves_at_kill])
    assert at_kill.entries == prefix.entries
    assert at_kill.state == prefix.state

    outcome = resume_game(store, unfinished)
    assert outcome.session.entries == reference.session.entries
    assert outcome.session.state == reference.session.state
    stored = store.load(unfinished)
    assert stored.status == "finished"
    assert stored.winner == reference.session.state.winner
    assert len(stored.entries) == len(reference.session.entries)
    return True


@pytest.mark.parametrize(("game", "extra", "seed"), CASES)
def test_sigkilled_simulation_resumes_to_the_uninterrupted_outcome(
    tmp_path: Path, game: str, extra: list[str], seed: int
) -> None:
    """A random kill point; if it lands exactly between two games (nothing to resume), kill again."""
    picker = random.Random(seed)
    for attempt in range(4):
        db = tmp_path / f"kill{attempt}.sqlite3"
        after = picker.randint(50, 600)
        assert _kill_midway(db, game, extra, seed, after) == after
        if _check_killed_run(db, seed):
            return
    pytest.fail("four kills in a row landed between games: the resume path was never exercised")


def test_kill_after_moves_stops_exactly_after_the_kth_saved_move(tmp_path: Path) -> None:
    """--kill-after-moves K: the process SIGKILLs itself right after the K-th commit; K moves are saved."""
    db = tmp_path / "self.sqlite3"
    command = [sys.executable, "-m", "assistant", "simulate", "--game", "quinito", "--seed", "21"]
    command += ["--games", "3", "--db", str(db), "--kill-after-moves", "130", "--json"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL and done.stdout == ""
    store = SqliteStore(db)
    saved = sum(len(store.load(gid).entries) for gid in store.game_ids())
    assert saved == 130
    unfinished = store.latest_unfinished()
    assert unfinished is not None
    settings, index, _ = load_session(store, unfinished)
    reference, _ = play_one(settings, index, MemoryStore())
    assert resume_game(store, unfinished).session.entries == reference.session.entries
