"""`kinito model download|install|verify|path`: the French Vosk model (download is the only network
access; install takes a model copied from another machine)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from assistant.errors import UserError
from assistant.paths import cache_dir
from assistant.voice.model.download import download_model
from assistant.voice.model.files import (
    MANIFEST_PATH,
    MODEL_NAME,
    MODEL_URL,
    ManifestEntry,
    VerifyReport,
    default_download_dir,
    find_model,
    load_manifest,
    verify_model,
)
from assistant.voice.model.trust import ANOTHER_MODEL, claim_of

HELP = "Télécharger et vérifier le modèle Vosk français."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Subcommands of `kinito model`."""
    actions = parser.add_subparsers(
        dest="action",
        metavar="ACTION",
        required=True,
        title="actions",
        help="download (télécharger), install (installer), verify (vérifier) ou path (chemin)",
    )
    download = actions.add_parser(
        "download", aliases=_aliases("download"), help="télécharger, vérifier et installer le modèle"
    )
    download.add_argument(
        "--dest", type=Path, help=f"dossier où l'installer (défaut : {default_download_dir()})"
    )
    download.add_argument("--url", default=MODEL_URL, help=f"adresse du zip (défaut {MODEL_URL})")
    download.add_argument("--force", action="store_true", help="retélécharger même s'il est déjà complet")
    install = actions.add_parser(
        "install",
        aliases=_aliases("install"),
        help="installer un modèle Vosk copié d'une autre machine (un zip ou un dossier)",
    )
    install.add_argument(
        "source", type=Path, metavar="ARCHIVE|DOSSIER", help="le zip du modèle, ou son dossier"
    )
    install.add_argument(
        "--dest", type=Path, help=f"dossier où l'installer (défaut : {default_download_dir()})"
    )
    for sub in (download, install):
        sub.add_argument(
            "--trust-anyway",
            dest="trust_anyway",
            action="store_true",
            help="installer même si les sommes diffèrent du manifeste (à tes risques)",
        )
    verify = actions.add_parser(
        "verify", aliases=_aliases("verify"), help="vérifier chaque fichier du modèle (tailles et sha256)"
    )
    verify.add_argument("--model", help="dossier du modèle (défaut : celui que kinito trouve)")
    verify.add_argument("--quick", action="store_true", help="tailles seulement, sans sha256")
    path = actions.add_parser("path", aliases=_aliases("path"), help="afficher le dossier du modèle utilisé")
    path.add_argument("--model", help="dossier du modèle")
    for sub in (download, install, verify):
        sub.add_argument("--manifest", type=Path, default=MANIFEST_PATH, help="manifeste sha256 à utiliser")


FRENCH_ACTIONS: dict[str, tuple[str, ...]] = {
    "download": ("télécharger", "telecharger"),
    "install": ("installer",),
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


def _verify(model: Path, manifest: tuple[ManifestEntry, ...], named: bool, quick: bool) -> int:
    """`verify`: against the manifest given, else the one that applies to this model (its recorded
    sums, or the shipped one); another model without either is said so, not called damaged."""
    if not named:
        claim = claim_of(model)
        if claim is None:
            print(f"{model} : {ANOTHER_MODEL}")
            return 0
        manifest = claim.entries
    return _report(verify_model(model, manifest, hashes=not quick))


def _install(args: argparse.Namespace, manifest: tuple[ManifestEntry, ...]) -> int:
    """`install ARCHIVE|DOSSIER`: checked, its sums shown and recorded, then in place."""
    from assistant.voice.model.install import install_model

    dest = args.dest if args.dest is not None else default_download_dir()
    installed = install_model(args.source, dest, manifest, trust_anyway=args.trust_anyway)
    for entry in installed.sums:
        print(f"{entry.sha256}  {entry.size}  {entry.path}")
    if installed.report is None:
        verdict = "autre modèle que le petit modèle français : sommes enregistrées, non comparées"
    elif installed.report.ok and not installed.unlisted:
        verdict = "conforme au manifeste livré"
    else:
        verdict = "DIFFÉRENT du manifeste livré, installé avec --trust-anyway"
    print(f"kinito: modèle installé dans {installed.model} ({len(installed.sums)} fichiers, {verdict}).")
    if installed.model.name != MODEL_NAME:
        print(f"kinito: pour t'en servir : kinito play --model {installed.model}")
    return 0


def run(args: argparse.Namespace) -> int:
    """Dispatch to download, verify or path."""
    args.action = action_of(args.action)
    if args.action == "path":
        print(find_model(args.model))
        return 0
    manifest = load_manifest(args.manifest)  # bounded: a device or a huge file is one sentence
    if args.action == "verify":
        return _verify(find_model(args.model), manifest, args.manifest != MANIFEST_PATH, args.quick)
    if args.action == "install":
        return _install(args, manifest)
    dest = args.dest if args.dest is not None else default_download_dir()
    existing = dest / MODEL_NAME
    if not args.force and existing.is_dir() and verify_model(existing, manifest, hashes=False).complete:
        print(f"{existing} : déjà présent et complet (--force pour le retélécharger).")
        return 0
    report = download_model(
        dest, args.url, manifest, progress=sys.stderr, cache=cache_dir(), trust_anyway=args.trust_anyway
    )
    if not report.complete:  # download_model raises first; kept as a guard
        raise UserError(report.summary(), fix="kinito model download")
    _report(report)
    return 0
