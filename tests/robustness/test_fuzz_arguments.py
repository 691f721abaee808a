"""Every subcommand with hostile arguments and hostile stdin, each in a real process: values that are no
numbers or huge ones, bytes that are not UTF-8, devices (`/dev/full`, `/dev/zero`), a FIFO, a folder,
missing paths, dead addresses. Whatever comes in: exit 0, 1, 2 or 130, no traceback, never the
catch-all "erreur inattendue", and an end within 20 s (a server is stopped with Ctrl-C after 8 s and
must then end cleanly).

The suite runs two seeds per subcommand; `python -m tests.robustness.test_fuzz_arguments N` runs N
seeds per subcommand and prints the figures (cases, exit codes, catch-alls, tracebacks, slowest).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from assistant.cli import SUBCOMMANDS, build_parser
from tests.cli.kinito_run import ROOT

TIMEOUT = 20.0
SERVER_SECONDS = 8.0
"""How long a server (`serve`) that did start is left running before Ctrl-C."""
SKIPPED = frozenset({"--help", "--kill-after-moves", "--progress", "--verbose", "--compare"})
"""Options that end the process by design (help, the kill test's hook) or only add output."""
LONG = frozenset({"bench"})
"""Subcommands that measure for a minute by design: only a --soak that is no duration is fuzzed (a
valid one simulates hours of party, by design longer than 20 s)."""
NO_DURATION = ("nan", "inf", "-inf", "-1", "1e400", "99999999999999999999999", "x", "", "💥", "49")


def hostile_values(tmp: Path) -> list[str]:
    """Values no option expects (and a few it does, so that the run goes on past parsing)."""
    return [
        *("nan", "inf", "-inf", "-1", "0", "1", "1e400", "99999999999999999999999", "0x10", "١٢"),
        *("", " ", "💥", "é" * 3000, "x" * 100_000, os.fsdecode(b"\xff\xfe"), "\u2028", "\u200b"),
        *("Ana,Ana", "Ana,Bruno,Chloé", "Arbitre,Bruno", ",,,", "-", "--", "--json"),
        *("/dev/full", "/dev/zero", "/dev/null", str(tmp / "fifo"), str(tmp / "dir"), str(tmp / "no" / "x")),
        *(str(tmp / "junk.bin"), "tcp://127.0.0.1:1", "unix:///nonexistent.sock", "http://127.0.0.1:1/x.zip"),
        *("file:///dev/zero", "V-65,Q99", "62", "chance", "quinito", "cinquillo", "texte", "micro"),
    ]


def _subparser(name: str) -> argparse.ArgumentParser:
    parser = build_parser(only=name)
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[name]


def _arguments(rng: random.Random, parser: argparse.ArgumentParser, values: list[str]) -> list[str]:
    """Positionals and 0-4 options of `parser`, each with a hostile value (a nested action chosen)."""
    args: list[str] = []
    options = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            nested = rng.choice(sorted(action.choices))
            return [nested, *_arguments(rng, action.choices[nested], values)]
        if not action.option_strings:
            args.append(rng.choice(values))
        elif not SKIPPED & set(action.option_strings):
            options.append(action)
    for action in rng.sample(options, k=min(len(options), rng.randint(0, 4))):
        args.append(action.option_strings[-1])
        if action.nargs != 0:
            choices = [str(c) for c in action.choices or ()]
            args.append(rng.choice(choices) if choices and rng.random() < 0.4 else rng.choice(values))
    return args


def hostile_case(name: str, seed: int, tmp: Path) -> tuple[list[str], bytes]:
    """The arguments after `kinito` and the bytes on stdin for one subcommand and seed."""
    rng = random.Random(f"hostile-{name}-{seed}")
    values = hostile_values(tmp)
    if name in LONG:
        args = ["bench", "--soak", rng.choice(NO_DURATION)]
    else:
        args = [name, *_arguments(rng, _subparser(name), values)]
    if name == "serve" and "--uri" not in args:
        args += ["--uri", f"unix://{tmp / 's.sock'}"]
    stdin = rng.choice(
        [
            b"",
            bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 3000))),
            "Ana: soixante deux\nmenteur\nchloe: je soulève\ntable: cinquante quatre\n".encode(),
            b"\xff\xfe" + "Ana: quinito\n".encode("utf-16-le"),
            b"x" * 200_000,
        ]
    )
    return args, stdin


@dataclass(frozen=True)
class Ending:
    """How one hostile case ended."""

    args: list[str]
    """The arguments after `kinito`."""
    code: int | None
    """The exit code (None: still running at the deadline)."""
    seconds: float
    """Wall time of the process."""
    stderr: str
    """Its last 2,000 characters of stderr."""

    @property
    def catch_all(self) -> bool:
        """The catch-all sentence, instead of a failure's own."""
        return "erreur inattendue" in self.stderr

    @property
    def traceback(self) -> bool:
        """A stack trace reached the person."""
        return "Traceback" in self.stderr

    @property
    def clean(self) -> bool:
        """Ended in time, with an expected code, its own sentence, no traceback."""
        return self.code in (0, 1, 2, 130) and not self.catch_all and not self.traceback


def _prepare(tmp: Path) -> None:
    (tmp / "dir").mkdir(exist_ok=True)
    (tmp / "junk.bin").write_bytes(bytes(range(256)) * 8)
    if not (tmp / "fifo").exists():
        os.mkfifo(tmp / "fifo")


def run_case(name: str, seed: int, tmp: Path) -> Ending:
    """One hostile case in a fresh process, in `tmp`, with its own HOME and no kinito on the PATH."""
    _prepare(tmp)
    args, stdin = hostile_case(name, seed, tmp)
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp),
        "XDG_DATA_HOME": str(tmp / "data"),
        "XDG_CACHE_HOME": str(tmp / "cache"),
        "XDG_CONFIG_HOME": str(tmp / "config"),
        "PYTHONPATH": str(ROOT),
        "PYTHONIOENCODING": "utf-8:strict",
    }
    began = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-m", "assistant", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=tmp,
        env=env,
    )
    first = SERVER_SECONDS if name == "serve" else TIMEOUT
    try:
        _out, err = child.communicate(stdin, timeout=first)
    except subprocess.TimeoutExpired:
        if name != "serve":
            child.kill()
            _out, err = child.communicate()
            return Ending(args, None, time.monotonic() - began, err.decode("utf-8", "replace")[-2000:])
        child.send_signal(signal.SIGINT)  # a server that started: Ctrl-C must end it cleanly
        try:
            _out, err = child.communicate(timeout=TIMEOUT - SERVER_SECONDS)
        except subprocess.TimeoutExpired:
            child.kill()
            _out, err = child.communicate()
            return Ending(args, None, time.monotonic() - began, err.decode("utf-8", "replace")[-2000:])
    except BrokenPipeError:
        _out, err = child.communicate()
    return Ending(args, child.returncode, time.monotonic() - began, err.decode("utf-8", "replace")[-2000:])


SUITE_SEEDS = (1, 2)


@pytest.mark.parametrize(("name", "seed"), [(n, s) for n in SUBCOMMANDS for s in SUITE_SEEDS])
def test_hostile_arguments_end_cleanly_on_every_subcommand(tmp_path: Path, name: str, seed: int) -> None:
    ending = run_case(name, seed, tmp_path)
    assert ending.clean, f"{name} seed {seed}: {ending.args!r} -> {ending.code}\n{ending.stderr}"


def test_the_hostile_values_reach_every_option_kind() -> None:
    """The generator does give numbers, devices, bad bytes and each subcommand's options."""
    tmp = Path("/nonexistent")
    seen = [arg for name in SUBCOMMANDS for s in range(20) for arg in hostile_case(name, s, tmp)[0]]
    assert {"nan", "1e400", "/dev/full", "/dev/zero", os.fsdecode(b"\xff\xfe")} <= set(seen)
    assert {"--volume", "--db", "--config", "--players", "--games", "--hours"} <= set(seen)


def main(seeds: int) -> int:
    """The full run: `seeds` cases per subcommand; prints the figures and the unclean cases."""
    import tempfile

    endings: list[tuple[str, int, Ending]] = []
    for name in SUBCOMMANDS:
        for seed in range(1, seeds + 1):
            with tempfile.TemporaryDirectory() as tmp:
                endings.append((name, seed, run_case(name, seed, Path(tmp))))
    codes: dict[str, int] = {}
    for _n, _s, ending in endings:
        codes[str(ending.code)] = codes.get(str(ending.code), 0) + 1
    slowest = max(endings, key=lambda e: e[2].seconds)
    print(f"cases: {len(endings)} ({len(SUBCOMMANDS)} subcommands x {seeds} seeds)")
    print(f"exit codes: {dict(sorted(codes.items()))}")
    print(f"catch-all: {sum(e.catch_all for _n, _s, e in endings)}")
    print(f"tracebacks: {sum(e.traceback for _n, _s, e in endings)}")
    print(f"past {TIMEOUT:g} s: {sum(e.code is None for _n, _s, e in endings)}")
    print(f"slowest: {slowest[0]} seed {slowest[1]} {slowest[2].seconds:.1f} s")
    for name, seed, ending in endings:
        if not ending.clean:
            shown = [arg if len(arg) < 60 else f"{arg[:20]}…({len(arg)} car.)" for arg in ending.args]
            print(f"UNCLEAN {name} seed {seed}: {shown!r} -> {ending.code}\n  {ending.stderr[-400:]}")
    return 0 if all(e.clean for _n, _s, e in endings) else 1


if __name__ == "__main__":
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10))
