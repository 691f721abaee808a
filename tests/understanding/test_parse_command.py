"""`kinito parse` end to end, run exactly as docs/command-line.md writes it (a subprocess with a shell
redirect)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

VENV_BIN = Path(sys.executable).parent
LINES = [
    "soixante-deux",
    "",
    "je soulève",
    "arbitre pénalité pour bruno",
    "j'annonce vingt-trois",
    "double de cinq",
    "on commande des pizzas",
    "arbitre c'est quoi un défi",
]


def _run(command: str, stdin_path: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(
        f"{command} < {stdin_path}", shell=True, cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def test_contract_command_line_jsonl(tmp_path: Path) -> None:
    """docs/command-line.md: one JSON object per input line, in order, with
    text/intent/score/card/violations."""
    lines = tmp_path / "lines.txt"
    lines.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    done = _run('kinito parse --game quinito --players "Ana,Bruno,Chloé,David" --jsonl', lines, tmp_path)
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]  # nothing but JSON on stdout
    assert [o["text"] for o in out] == LINES
    for o in out:
        assert {"text", "intent", "score", "card", "violations"} <= set(o)
        assert isinstance(o["violations"], list)
    assert (out[0]["intent"], out[0]["score"]) == ("score", 62)
    assert out[1]["intent"] is None
    assert out[2]["intent"] == "challenge"
    assert (out[3]["intent"], out[3]["player"], out[3]["violations"]) == ("penalty", "Bruno", [])
    assert (out[4]["intent"], out[4]["score"], out[4]["invalid"]) == ("score", None, 23)
    assert out[5]["score"] == 55
    assert out[6]["intent"] is None
    assert (out[7]["intent"], out[7]["topic"]) == ("rules", "défi")


def test_cinquillo_cards_and_readable_mode(tmp_path: Path) -> None:
    """C1: cards as "<rank>-<suit>"; without --jsonl, one readable line per input line."""
    lines = tmp_path / "cards.txt"
    lines.write_text("cinq de deniers\nrey de espadas\nje pioche\n", encoding="utf-8")
    done = _run('kinito parse --game cinquillo --players "Ana,Bruno" --jsonl', lines, tmp_path)
    assert [json.loads(x)["card"] for x in done.stdout.splitlines()] == ["5-oros", "rey-espadas", None]
    readable = _run('python -m assistant parse --game cinquillo --players "Ana,Bruno"', lines, tmp_path)
    assert readable.returncode == 0 and len(readable.stdout.splitlines()) == 3
    assert "card=5-oros" in readable.stdout


def test_family_edition_has_no_vigilance(tmp_path: Path) -> None:
    """Q11 applies to the drinking edition: --edition family reports no violation, --vigilance on does."""
    lines = tmp_path / "names.txt"
    lines.write_text("bruno tu bois\n", encoding="utf-8")
    family = _run(
        'kinito parse --game quinito --players "Ana,Bruno" --edition family --jsonl', lines, tmp_path
    )
    assert json.loads(family.stdout)["violations"] == []
    forced = _run(
        'kinito parse --game quinito --players "Ana,Bruno" --edition family --vigilance on --jsonl',
        lines,
        tmp_path,
    )
    vigilance_installed = (Path(__file__).parents[2] / "assistant/understanding/vigilance.py").exists()
    assert bool(json.loads(forced.stdout)["violations"]) == vigilance_installed
