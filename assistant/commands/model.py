"""`kinito model download|verify|path`: the French Vosk model (download is the only network access)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from assistant.errors import UserError
from assistant.paths import cache_dir
from assistant.voice.download import download_model
from assistant.voice.models import (
    MANIFEST_PATH,
    MODEL_NAME,
    MODEL_URL,
    VerifyReport,
    default_download_dir,
    find_model,
    load_manifest,
    verify_model,
)

HELP = "Télécharger et vérifier le modèle Vosk français."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Subcommands of `kinito model`."""
    actions = parser.add_subparsers(
        dest="action",
        metavar="ACTION",
        required=True,
        title="actions",
        help="download (télécharger), verify (vérifier) ou path (chemin)",
    )
    download = actions.add_parser(
        "download", aliases=_aliases("download"), help="télécharger, vérifier et installer le modèle"
    )
    download.add_argument(
        "--dest", type=Path, help=f"dossier où l'installer (défaut : {default_download_dir()})"
    )
    download.add_argument("--url", default=MODEL_URL, help=f"adresse du zip (défaut {MODEL_URL})")
    download.add_argument("--force", action="store_true", help="retélécharger même s'il est déjà complet")
    verify = actions.add_parser(
        "verify", aliases=_aliases("verify"), help="vérifier chaque fichier du modèle (tailles et sha256)"
    )
    verify.add_argument("--model", help="dossier du modèle (défaut : celui que kinito trouve)")
    verify.add_argument("--quick", action="store_true", help="tailles seulement, sans sha256")
    path = actions.add_parser("path", aliases=_aliases("path"), help="afficher le dossier du modèle utilisé")
    path.add_argument("--model", help="dossier du modèle")
    for sub in (download, verify):
        sub.add_argument("--manifest", type=Path, default=MANIFEST_PATH, help="manifeste sha256 à utiliser")


FRENCH_ACTIONS: dict[str, tuple[str, ...]] = {
    "download": ("télécharger", "telecharger"),
    "verify": ("vérifier", "verifier"),
    "path": ("chemin",),
}
"""Each action's French names (with and without accents), as the other choices have theirs."""


def _aliases(action: str) -> list[str]:
    return list(FRENCH_ACTIONS.get(action, ()))


def action_of(name: str) -> str:
    """The action a French name stands for (`vérifier` is verify); other names as they are."""
    return next((action for action, names in FRENCH_ACTIONS.items() if name in names), name)


def _report(report: VerifyReport) -> int:
    print(f"{report.model} : {report.summary()}")
    if report.complete and report.hash_mismatch:
        print(
            "kinito: attention, sommes de contrôle différentes du manifeste (voir ci-dessus).",
            file=sys.stderr,
        )
    return 0 if report.ok else 1


def run(args: argparse.Namespace) -> int:
    """Dispatch to download, verify or path."""
    args.action = action_of(args.action)
    if args.action == "path":
        print(find_model(args.model))
        return 0
    try:
        manifest = load_manifest(args.manifest)
    except (OSError, ValueError) as error:  # UnicodeDecodeError is a ValueError
        raise UserError(f"Manifeste illisible : {args.manifest} ({error}).") from None
    if args.action == "verify":
        return _report(verify_model(find_model(args.model), manifest, hashes=not args.quick))
    dest = args.dest if args.dest is not None else default_download_dir()
    existing = dest / MODEL_NAME
    if not args.force and existing.is_dir() and verify_model(existing, manifest, hashes=False).complete:
        print(f"{existing} : déjà présent et complet (--force pour le retélécharger).")
        return 0
    report = download_model(dest, args.url, manifest, progress=sys.stderr, cache=cache_dir())
    if not report.complete:  # download_model raises first; kept as a guard
        raise UserError(report.summary(), fix="kinito model download")
    _report(report)
    return 0
