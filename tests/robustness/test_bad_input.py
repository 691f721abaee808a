"""Bad input is one clear French line and a non-zero exit, never a traceback,
a hang or unbounded memory."""

from __future__ import annotations

import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.core.game import Session
from assistant.settings.table import table_config
from tests.robustness.faulty import ROOT

PLAY = [sys.executable, "-m", "assistant", "play", "--input", "text", "--no-speech", "--slow", "off"]
SCRIPT = "players: Ana,Bruno,Chloé\nslow: off\n---\nAna: soixante deux\nBruno: j'accepte\n"


def one_line(err: str) -> str:
    """The single `kinito:` sentence of a failure; no traceback, no unexpected error."""
    assert "Traceback" not in err and "erreur inattendue" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kinito: "), err
    return lines[0]


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_item6_invalid_utf8_on_stdin_loses_no_line_around_it(tmp_path: Path) -> None:
    """Under a UTF-8 locale a stray byte used to kill the loop (and the valid lines read with it in the
    same buffer); now every line around it is played."""
    env_lines = b"Ana: soixante deux\n\xff\xfe\xfd\nBruno: menteur\narbitre \xe0 qui le tour\n"
    child = subprocess.run(
        [*PLAY, "--players", "Ana,Bruno,Chloé", "--db", str(tmp_path / "k.sqlite3")],
        input=env_lines,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},  # as under fr_FR.UTF-8 (no C-locale escape)
        timeout=120,
    )
    assert child.returncode == 0 and b"Traceback" not in child.stderr
    assert "arbitre : Combien sous le gobelet ?" in child.stdout.decode()  # Bruno's line after the bad one


@pytest.mark.parametrize(
    ("encoding", "prefix"),
    [("utf-8", b"\xef\xbb\xbf"), ("utf-16", b""), ("utf-8", b"")],
    ids=["bom", "utf16", "plain"],
)
def test_item6_replay_reads_utf8_with_a_bom_and_utf16(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str, prefix: bytes
) -> None:
    script = tmp_path / "game.txt"
    script.write_bytes(prefix + SCRIPT.encode(encoding))
    code, out, err = run_cli(capsys, "replay", str(script), "--json")
    assert code == 0, err
    assert '"current": "Bruno"' in out


def test_item6_latin1_files_are_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "game.txt"
    script.write_bytes(SCRIPT.encode("latin-1"))
    code, _out, err = run_cli(capsys, "replay", str(script))
    assert code == 2 and "n'est pas en UTF-8" in one_line(err)
    toml = tmp_path / "kinito.toml"
    toml.write_bytes('players = "Ana,Bruno,Chloé"\n'.encode("latin-1"))
    code, _out, err = run_cli(capsys, "play", "--config", str(toml), "--db", str(tmp_path / "k.sqlite3"))
    assert code == 2 and "n'est pas en UTF-8" in one_line(err)


def test_item6_kinito_toml_with_a_bom_is_accepted(tmp_path: Path) -> None:
    from assistant.settings.play import load_settings

    (tmp_path / "kinito.toml").write_bytes(b"\xef\xbb\xbf" + 'players = "Ana,Bruno,Chloé"\n'.encode())
    assert load_settings({}, cwd=tmp_path, home=tmp_path).table.players == ("Ana", "Bruno", "Chloé")


def test_item6_deep_toml_arrays_are_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    toml = tmp_path / "deep.toml"
    toml.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    code, _out, err = run_cli(capsys, "play", "--config", str(toml), "--db", str(tmp_path / "k.sqlite3"))
    assert code == 2 and "imbrique" in one_line(err)


def test_item6_parse_bench_negative_is_one_sentence(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"soixante deux\n")))
    code, _out, err = run_cli(capsys, "parse", "--bench", "-5")
    assert code == 2 and "--bench" in one_line(err)


def test_item6_a_closed_pipe_is_no_traceback(tmp_path: Path) -> None:
    """`kinito parse | head -1`: the reader leaves early; exit 1, nothing on stderr."""
    lines = tmp_path / "lines.txt"
    lines.write_text("soixante deux\n" * 20_000, encoding="utf-8")
    err = tmp_path / "err.txt"
    kinito = f'"{sys.executable}" -m assistant parse --jsonl < "{lines}" 2> "{err}"'
    pipeline = f"{kinito} | head -1; exit ${{PIPESTATUS[0]}}"
    done = subprocess.run(["bash", "-c", pipeline], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stdout.count("\n") == 1
    assert done.returncode == 1 and err.read_text() == ""


def test_item6_say_refuses_empty_text_bad_utf8_and_bad_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args, fragment in [
        (["", "--out", str(tmp_path / "e.wav")], "Rien à dire"),
        (["\udcff\udcfe", "--out", str(tmp_path / "e.wav")], "UTF-8"),
        (["bonjour", "--out", str(tmp_path)], "dossier"),
        (["bonjour", "--out", str(tmp_path / "nope" / "x.wav")], "n'existe pas"),
    ]:
        code, _out, err = run_cli(capsys, "say", *args)
        assert code == 2 and fragment in one_line(err)
    assert not (tmp_path / "nope").exists() and not (tmp_path / "e.wav").exists()


def test_item6_transcribe_with_a_model_without_its_conf_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import wave

    model = tmp_path / "model"
    (model / "am").mkdir(parents=True)
    (model / "am" / "final.mdl").write_bytes(b"x")
    wav = tmp_path / "a.wav"
    with wave.open(str(wav), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(16000)
        out.writeframes(bytes(3200))
    code, _out, err = run_cli(capsys, "transcribe", str(wav), "--model", str(model))
    assert code == 2 and "conf/model.conf" in one_line(err)


def test_item7_wait_inf_and_nan_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("inf", "nan", "1e9"):
        script = tmp_path / "wait.txt"
        script.write_text(f"players: Ana,Bruno,Chloé\n---\nwait: {value}\n", encoding="utf-8")
        code, _out, err = run_cli(capsys, "replay", str(script))
        assert code == 2 and "wait" in one_line(err)


@pytest.mark.parametrize("command", ["replay", "config"])
def test_item7_dev_zero_as_a_file_is_refused_with_bounded_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    tracemalloc.start()
    try:
        if command == "replay":
            code, _out, err = run_cli(capsys, "replay", "/dev/zero")
        else:
            code, _out, err = run_cli(capsys, "play", "--config", "/dev/zero", "--db", str(tmp_path / "k.db"))
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code == 2 and "trop gros" in one_line(err)
    assert peak < 200 << 20  # the read stops at the size limit (32 MiB), it does not eat the machine


def test_item7_a_long_game_appends_moves_without_copying_its_log() -> None:
    """Replay was O(n²): each move copied the whole log. Appending to a 20,000-move session now
    allocates a few hundred bytes, not a copy of 20,000 entries (160 kB)."""
    from assistant.game import get_game

    config = table_config({"players": "Ana,Bruno,Chloé", "slow": "off"})
    book = get_game("quinito").rulebook(config.rules)
    fault = book.fault("Ana", "fault")
    session = Session.start(book.game)
    for _ in range(20_000):
        session = session.apply(fault)
    tracemalloc.start()
    try:
        longer = session.apply(fault)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(longer.entries) == 20_001 and len(session.entries) == 20_000
    assert peak < 40_000


def test_item7_sessions_branching_from_one_log_keep_their_own_entries() -> None:
    """The shared log behind O(1) appends: an older session that moves on copies, never overwrites."""
    from assistant.game import get_game

    config = table_config({"players": "Ana,Bruno,Chloé", "slow": "off"})
    book = get_game("quinito").rulebook(config.rules)
    base = Session.start(book.game).apply(book.fault("Ana", "fault"))
    one = base.apply(book.fault("Bruno", "fault"))
    other = base.apply(book.fault("Chloé", "fault"))
    assert [e.command.player for e in one.entries] == ["Ana", "Bruno"]
    assert [e.command.player for e in other.entries] == ["Ana", "Chloé"]
    assert len(base.entries) == 1 and one.entries != other.entries
    assert one.undo().entries == base.entries == tuple(base.entries)
