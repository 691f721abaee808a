"""`kinito say "Marc prend une dose." [--out FILE.wav]`: speak French, or write it to a WAV file."""

from __future__ import annotations

import argparse
from pathlib import Path

from assistant.errors import UserError, finite, os_reason
from assistant.voice.speak.playback import Playback, SoundDevicePlayback, Speaker, WavFilePlayback
from assistant.voice.speak.synthesizers import make_synthesizer
from assistant.voice.speak.tts import DEFAULT_RATE, ENGINES, Synthesizer

HELP = "Faire parler la synthèse vocale."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `kinito say`."""
    parser.add_argument("text", nargs="+", help="le texte à dire, en français")
    parser.add_argument("--out", type=Path, help="écrire un fichier WAV au lieu de jouer le son")
    parser.add_argument(
        "--voice", help="voix (par ex. roa/fr, fr-be) ; par défaut la meilleure voix française"
    )
    parser.add_argument(
        "--rate", type=int, default=DEFAULT_RATE, help=f"mots par minute (défaut {DEFAULT_RATE})"
    )
    parser.add_argument("--volume", type=float, default=1.0, help="volume de 0.0 à 1.0 (défaut 1.0)")
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="espeak",
        help="espeak-ng direct (défaut, plus réactif) ou pyttsx3",
    )
    parser.add_argument("--device", help="périphérique de sortie sounddevice (numéro ou nom)")
    parser.add_argument(
        "--tts-uri",
        dest="tts_uri",
        metavar="URI",
        help="serveur de synthèse Wyoming (--voice : une de ses voix) ; --engine s'il ne répond pas",
    )


def _text(words: list[str]) -> str:
    """The words to say: some, and readable (argv undecodable as UTF-8 carries surrogates)."""
    text = " ".join(words).strip()
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UserError("Le texte à dire n'est pas de l'UTF-8 valide.") from None
    if not text:
        raise UserError("Rien à dire : le texte est vide.", 'kinito say "Marc prend une dose."')
    return text


def _check_out(out: Path) -> None:
    """--out names a file in a folder that exists (it creates no folder, and is no folder itself)."""
    if out.is_dir():
        raise UserError(
            f"{out} est un dossier : donne un nom de fichier WAV.", "kinito say TEXTE --out dire.wav"
        )
    if not out.parent.is_dir():
        raise UserError(f"Le dossier {out.parent} n'existe pas.", f"mkdir -p {out.parent}")


def run(args: argparse.Namespace) -> int:
    """Synthesize the text and play it (or write it with --out)."""
    text = _text(args.text)
    finite(args.volume, "Volume", 0.0, 1.0)
    finite(args.rate, "Débit", 80, 450)
    if args.out is not None:
        _check_out(args.out)
    synthesizer: Synthesizer
    if getattr(args, "tts_uri", None):
        from assistant.voice.wyoming.tts import FallbackSynthesizer, WyomingSynthesizer

        synthesizer = FallbackSynthesizer(  # --voice names the server's voice, not an espeak-ng one
            WyomingSynthesizer(args.tts_uri, args.voice),
            lambda: make_synthesizer(args.engine, None, args.rate, args.volume),
        )
    else:
        synthesizer = make_synthesizer(args.engine, args.voice, args.rate, args.volume)
    playback: Playback
    if args.out is not None:
        playback = WavFilePlayback(args.out)
    else:
        device = int(args.device) if args.device is not None and args.device.isdigit() else args.device
        playback = SoundDevicePlayback(device)
    try:
        seconds = Speaker(synthesizer, playback).say(text)
    except OSError as error:
        if args.out is None:
            raise
        raise UserError(f"Impossible d'écrire {args.out} : {os_reason(error)}.") from None
    if args.out is not None:
        spoken_by = synthesizer.voice  # the voice that really spoke: the server's, or the fallback's
        engine = "serveur Wyoming" if spoken_by.startswith("wyoming:") else args.engine
        print(f"{args.out} : {seconds:.1f} s, voix {spoken_by} ({engine}).")
    return 0
