"""`kinito doctor [--json]`: one line per need of `kinito play`, with the command that fixes it."""

from __future__ import annotations

import argparse
import dataclasses
import json

from assistant.doctor.checks import can_play, run_checks
from assistant.invocation import runnable

HELP = "Vérifier tout ce dont `kinito play` a besoin."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `kinito doctor`."""
    parser.add_argument("--json", action="store_true", help='JSON seul sur stdout : {"ok", "checks"}')
    parser.add_argument("--full", action="store_true", help="comparer aussi les sommes sha256 du modèle")
    parser.add_argument("--model", help="dossier du modèle Vosk à vérifier")
    parser.add_argument(
        "--listen", action="store_true", help="écouter aussi la salle (comme kinito calibrate)"
    )


def run(args: argparse.Namespace) -> int:
    """Run every check; exit 1 when `kinito play` could not start. With --listen, then calibrate the
    room as `kinito calibrate` does (with its defaults)."""
    if getattr(args, "listen", False):
        from assistant.commands import calibrate
        from assistant.game import default_game

        listen = argparse.Namespace(
            model=args.model, game=default_game(), phrases=calibrate.PHRASES, device=None, json=args.json
        )
        if not args.json:
            status = _checks(args)
            return calibrate.run(listen) if status == 0 else status
        checks = run_checks(model=args.model, full=args.full)
        out: dict[str, object] = {"ok": can_play(checks), "checks": [dataclasses.asdict(c) for c in checks]}
        if out["ok"]:
            out["calibration"] = calibrate.listen_room(listen).to_json()
        print(json.dumps(out, ensure_ascii=False))
        return 0 if out["ok"] else 1
    return _checks(args)


def _checks(args: argparse.Namespace) -> int:
    checks = run_checks(model=args.model, full=args.full)
    ok = can_play(checks)
    if args.json:
        print(json.dumps({"ok": ok, "checks": [dataclasses.asdict(c) for c in checks]}, ensure_ascii=False))
        return 0 if ok else 1
    for check in checks:
        mark = "ok" if check.ok else ("ÉCHEC" if check.blocking else "ATTENTION")
        line = f"[{mark}] {check.name} : {check.detail}"
        print(line if check.fix is None else f"{line}\n        → {runnable(check.fix)}")
    print(
        "Prêt : kinito play peut démarrer."
        if ok
        else "kinito play ne peut pas démarrer : corriger ce qui précède."
    )
    return 0 if ok else 1
