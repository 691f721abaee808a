"""`kinito doctor [--json]`: one line per need of `kinito play`, with the command that fixes it."""

from __future__ import annotations

import argparse
import dataclasses
import json

from assistant.voice.doctor import can_play, run_checks

HELP = "Vérifier tout ce dont `kinito play` a besoin."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `kinito doctor`."""
    parser.add_argument("--json", action="store_true", help='JSON seul sur stdout : {"ok", "checks"}')
    parser.add_argument("--full", action="store_true", help="comparer aussi les sommes sha256 du modèle")
    parser.add_argument("--model", help="dossier du modèle Vosk à vérifier")


def run(args: argparse.Namespace) -> int:
    """Run every check; exit 1 when `kinito play` could not start."""
    checks = run_checks(model=args.model, full=args.full)
    ok = can_play(checks)
    if args.json:
        print(json.dumps({"ok": ok, "checks": [dataclasses.asdict(c) for c in checks]}, ensure_ascii=False))
        return 0 if ok else 1
    for check in checks:
        mark = "ok" if check.ok else ("ÉCHEC" if check.blocking else "ATTENTION")
        line = f"[{mark}] {check.name} : {check.detail}"
        print(line if check.fix is None else f"{line}\n        → {check.fix}")
    print(
        "Prêt : kinito play peut démarrer."
        if ok
        else "kinito play ne peut pas démarrer : corriger ce qui précède."
    )
    return 0 if ok else 1
