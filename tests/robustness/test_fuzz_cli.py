""" "done when": random bytes and random TOML, replay and script files fed to every CLI entry
point, each in a real process. Whatever comes in: exit code 0, 1 or 2, no traceback on stderr, an end
within a generous 20 s (a hang, not a speed check), and no MemoryError under a 1.5 GiB address cap.

Cases are drawn from fixed seeds, so a failure names the case that reproduces it.
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.robustness.faulty import ROOT

TIMEOUT = 20.0
STRICT = {"PYTHONIOENCODING": "utf-8:strict"}
"""Standard streams decoded as under fr_FR.UTF-8 (no C-locale escape of bad bytes)."""
ADDRESS_SPACE = 1536 << 20
WORDS = (
    *("soixante", "deux", "menteur", "je", "soulève", "quinito", "contre", "à", "ma", "gauche"),
    *("arbitre", "pénalité", "pour", "les", "scores", "annule", "nouvelle", "partie", "cinq", "de"),
    *("deniers", "passe", "pioche", "bois", "buvons", "chance", "défi", "en", "face"),
)
KEYS = ("game", "players", "edition", "variants", "mode", "hand", "target", "slow", "wake_word", "speech")
KEYS += ("input", "db", "model", "device", "resume", "colour", "play", "kinito")


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _junk(rng: random.Random) -> str:
    """Some text: words of the game, numbers, odd Unicode (separators, invisible, surrogate-free)."""
    pool = [
        *WORDS,
        "nan",
        "inf",
        "-1",
        "1e400",
        "0",
        "\u2028",
        "\x85",
        "\u200b",
        "é",
        "💥",
        "\t",
        "'",
        '"',
        "#",
    ]
    return " ".join(rng.choice(pool) for _ in range(rng.randint(0, 6)))


def _random_bytes(rng: random.Random) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 2000)))


def random_toml(rng: random.Random) -> bytes:
    if rng.random() < 0.2:
        return _random_bytes(rng)
    values = [
        lambda: f'"{_junk(rng)}"'.replace("\n", " "),
        lambda: str(rng.choice([0, 1, -5, 12, 50, 10**30, 3.5])),
        lambda: rng.choice(["true", "false", "nan", "inf", "-inf", "1e400"]),
        lambda: '["Ana", "Bruno", "Chloé"]',
        lambda: "{ x = 1 }",
        lambda: "[" * rng.randint(1, 3000) + "]" * rng.randint(0, 3000),
        lambda: '"Ana, Bruno, Ana"',
    ]
    lines = [f"{rng.choice(KEYS)} = {rng.choice(values)()}" for _ in range(rng.randint(0, 8))]
    if rng.random() < 0.5:
        lines.insert(0, 'players = "Ana, Bruno, Chloé"')
    return ("\n".join(lines) + "\n").encode("utf-8", errors="replace")


def random_script(rng: random.Random) -> bytes:
    if rng.random() < 0.15:
        return _random_bytes(rng)
    header = [f"players: {rng.choice(['Ana, Bruno, Chloé', 'Ana', 'Ana, Ana', 'Arbitre, Bruno', ''])}"]
    header += [f"{rng.choice(KEYS[:8])}: {_junk(rng)}" for _ in range(rng.randint(0, 4))]
    if rng.random() < 0.3:
        header.append("game: cinquillo")
    speakers = ["Ana", "Bruno", "Chloé", "table", "wait", "Zoé", ""]
    body = []
    for _ in range(rng.randint(0, 200)):
        speaker = rng.choice(speakers)
        words = (
            str(rng.choice([0, 1, 5, 31, 3600, 1e9, "inf", "nan", -1])) if speaker == "wait" else _junk(rng)
        )
        body.append(f"{speaker}: {words}")
    parts = [*header, "---" if rng.random() < 0.9 else "", *body]
    text = "\n".join(parts) + "\n"
    encoding = rng.choice(["utf-8", "utf-8", "utf-8-sig", "utf-16", "latin-1"])
    return text.encode(encoding, errors="replace")


def random_zip(rng: random.Random, path: Path) -> None:
    with zipfile.ZipFile(path, "w", rng.choice([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])) as zipped:
        for _ in range(rng.randint(0, 4)):
            name = rng.choice(["m/am/final.mdl", "m/README", "../x", "/abs", "m/" + "d/" * 30 + "f", "m/ok"])
            zipped.writestr(name, _random_bytes(rng))


Case = Callable[[random.Random, Path], tuple[list[str], bytes]]
"""Arguments after `kinito` and the bytes on stdin, for one seed, in a fresh folder."""


def _file(tmp: Path, name: str, data: bytes) -> str:
    path = tmp / name
    path.write_bytes(data)
    return str(path)


def _parse(rng: random.Random, tmp: Path) -> tuple[list[str], bytes]:
    extra = rng.choice([[], ["--game", "cinquillo"], ["--players", _junk(rng) or "x"]])
    return ["parse", "--jsonl", *extra], _random_bytes(rng) + b"\n" + random_script(rng)


def _play(rng: random.Random, tmp: Path) -> tuple[list[str], bytes]:
    config = _file(tmp, "kinito.toml", random_toml(rng))
    extra = rng.choice([[], ["--resume"], ["--slow", _junk(rng) or "0"], ["--players", _junk(rng) or ","]])
    args = ["play", "--input", "text", "--no-speech", "--db", str(tmp / "k.db"), "--config", config, *extra]
    return args, random_script(rng)


def _rules(rng: random.Random, tmp: Path) -> tuple[list[str], bytes]:
    extra = rng.choice(
        [[], ["--topic", _junk(rng) or "x"], ["--odds", rng.choice(["62", "x", "-1", "1e400"])]]
    )
    game = rng.choice(["quinito", "cinquillo"])
    return ["rules", "--game", game, "--variants", _junk(rng) or "V-65", *extra], b""


def _download(rng: random.Random, tmp: Path) -> tuple[list[str], bytes]:
    random_zip(rng, tmp / "m.zip")
    return ["model", "download", "--dest", str(tmp / "models"), "--url", (tmp / "m.zip").as_uri()], b""


def _simulate(rng: random.Random, tmp: Path) -> tuple[list[str], bytes]:
    extra = rng.choice([[], ["--players", _junk(rng) or "x"], ["--variants", _junk(rng) or "x"]])
    game = rng.choice(["quinito", "cinquillo"])
    return ["simulate", "--game", game, "--games", "1", "--seed", str(rng.randint(0, 99)), *extra], b""


CASES: dict[str, Case] = {
    "parse": _parse,
    "play-text": _play,
    "replay": lambda rng, tmp: (
        ["replay", _file(tmp, "g.txt", random_script(rng)), *rng.choice([[], ["--json"]])],
        b"",
    ),
    "rules": _rules,
    "say": lambda rng, tmp: (
        ["say", _junk(rng), "--out", str(tmp / rng.choice(["a.wav", "", "no/b.wav"]))],
        b"",
    ),
    "transcribe": lambda rng, tmp: (["transcribe", _file(tmp, "a.wav", _random_bytes(rng)), "--jsonl"], b""),
    "model-verify": lambda rng, tmp: (
        ["model", "verify", "--model", str(tmp), "--manifest", _file(tmp, "m.sha256", _random_bytes(rng))],
        b"",
    ),
    "model-download": _download,
    "simulate": _simulate,
    "leaderboard": lambda rng, tmp: (["leaderboard", "--db", _file(tmp, "x.db", _random_bytes(rng))], b""),
    "doctor": lambda rng, tmp: (["doctor", "--json"], b""),
    "demo": lambda rng, tmp: (["demo", "--no-speech"], b""),
    "top-level": lambda rng, tmp: (
        [rng.choice(["", "nope", "--help", "-v"]), _junk(rng)],
        _random_bytes(rng),
    ),
}
SEEDS = {name: (1, 2, 3) for name in CASES} | {"doctor": (1,), "demo": (1,), "play-text": (1, 2, 3, 4, 5, 6)}


@pytest.mark.parametrize(
    ("entry", "seed"), [(name, seed) for name in CASES for seed in SEEDS[name]], ids=lambda v: str(v)
)
def test_fuzz_every_cli_entry_point_ends_cleanly(tmp_path: Path, entry: str, seed: int) -> None:
    rng = random.Random(f"{entry}-{seed}")
    args, stdin = CASES[entry](rng, tmp_path)
    args = [a for a in args if a != ""] if entry != "say" else args
    try:
        done = subprocess.run(
            [sys.executable, "-m", "assistant", *args],
            input=stdin,
            capture_output=True,
            cwd=tmp_path,
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT), **STRICT},
            timeout=TIMEOUT,
            preexec_fn=_limits,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{entry} seed {seed} still running after {TIMEOUT} s: {args}")
    err = done.stderr.decode("utf-8", errors="replace")
    context = f"{entry} seed {seed}: {args}\n{err[-2000:]}"
    assert done.returncode in (0, 1, 2), context
    assert "Traceback" not in err and "MemoryError" not in err, context
    assert "erreur inattendue" not in err, context  # every failure has its own sentence


def test_fuzz_generators_cover_what_the_issue_lists() -> None:
    """The generators do produce the probes of the issue (else the fuzz test could not fail)."""
    rng = random.Random(0)
    scripts = b"".join(random_script(rng) for _ in range(300))
    tomls = b"".join(random_toml(rng) for _ in range(300))
    assert b"wait: inf" in scripts and b"wait: nan" in scripts and b"\xff\xfe" in scripts  # UTF-16
    assert b"[[[[" in tomls and b"{ x = 1 }" in tomls and b"= true" in tomls
