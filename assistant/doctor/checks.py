"""`kinito doctor`: is everything `kinito play` needs here? One check per need, each naming its fix.

Every check reaches the machine through a small probe (find a package, load PortAudio, list audio
devices, list espeak-ng voices, find the model, locate the store), gathered in `Probes`, so tests
replace one probe and see exactly which missing thing is named and which command fixes it.
"""

from __future__ import annotations

import importlib.util
import sqlite3
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.errors import UserError
from assistant.game import registered_games
from assistant.invocation import python_command
from assistant.paths import store_path
from assistant.understanding.grammar import respellings
from assistant.understanding.grammar_files import FIX_REINSTALL
from assistant.understanding.installed import check_grammars
from assistant.understanding.phrases import UNKNOWN, coverage, phrases_for
from assistant.voice.model.files import FIX_DOWNLOAD, find_model, load_manifest, verify_model
from assistant.voice.model.trust import ANOTHER_MODEL, claim_of
from assistant.voice.speak.tts import INSTALL_ESPEAK, VoiceInfo, choose_voice, espeak_voices

PACKAGES: dict[str, str] = {
    "vosk": "vosk",
    "sounddevice": "sounddevice",
    "pyttsx3": "pyttsx3",
    "rapidfuzz": "rapidfuzz",
    "hassil": "hassil",
    "text_to_num": "text2num",
    "unicode_rbnf": "unicode-rbnf",
    "yaml": "PyYAML",
}
"""Import name -> PyPI name of the Python packages `kinito play` imports."""
FIX_PORTAUDIO = "sudo apt-get install libportaudio2"
FIX_MICROPHONE = (
    "brancher un micro USB ou casque, puis le choisir avec kinito play --device N"
    f" (liste : {python_command('sounddevice')})"
)
FIX_SPEAKER = "brancher un haut-parleur ou un casque, puis relancer kinito doctor"


@dataclass(frozen=True)
class Check:
    """The outcome of one check."""

    name: str
    """Short stable id: `packages`, `grammars`, `portaudio`, `microphone`, `speaker`, `espeak`, `model`,
    `store`, `vocabulary`."""
    ok: bool
    """Whether the need is met."""
    detail: str
    """One French sentence: what was found or what is missing."""
    fix: str | None
    """The command (or action) that fixes a failure; None when ok."""
    blocking: bool = True
    """Whether a failure keeps `kinito play` from starting (a checksum warning does not)."""


def _load_sounddevice() -> Any:
    import sounddevice

    return sounddevice


def _query_devices() -> Sequence[Mapping[str, Any]]:
    devices: Sequence[Mapping[str, Any]] = list(_load_sounddevice().query_devices())
    return devices


def _vocabulary(path: Path) -> Callable[[str], bool]:
    from assistant.voice.model.loading import load_model

    model = load_model(path)
    return lambda word: bool(model.vosk_model_find_word(word) >= 0)


@dataclass(frozen=True)
class Probes:
    """How the checks touch the machine; tests swap any of them."""

    find_package: Callable[[str], bool] = lambda name: importlib.util.find_spec(name) is not None
    """Is this Python module importable?"""
    load_portaudio: Callable[[], object] = _load_sounddevice
    """Import sounddevice (raises OSError when the PortAudio library is missing)."""
    query_devices: Callable[[], Sequence[Mapping[str, Any]]] = _query_devices
    """sounddevice.query_devices(): dicts with name, max_input_channels, max_output_channels."""
    espeak_voices: Callable[[], Sequence[VoiceInfo]] = espeak_voices
    """French voices of espeak-ng (raises UserError when the program is missing)."""
    find_model: Callable[[str | None], Path] = find_model
    """Locate the Vosk model (raises UserError when absent)."""
    store_path: Callable[[], Path] = store_path
    """Where the SQLite store lives (assistant.paths)."""
    grammars: Callable[[], str] = check_grammars
    """Read every grammar file shipped with kinito; says where (raises UserError when one is missing)."""
    vocabulary: Callable[[Path], Callable[[str], bool]] = _vocabulary
    """Load the Vosk model at this path; its "does the model know this word" test."""


def check_packages(probes: Probes) -> Check:
    """All Python packages importable."""
    missing = [pypi for module, pypi in PACKAGES.items() if not probes.find_package(module)]
    if missing:
        return Check(
            "packages",
            False,
            f"Paquets Python absents : {', '.join(missing)}.",
            f"pip install {' '.join(missing)}",
        )
    return Check("packages", True, f"Paquets Python présents : {', '.join(PACKAGES.values())}.", None)


def check_grammars_installed(probes: Probes) -> Check:
    """The grammars/ data shipped inside the package (wheel, sdist or checkout) is there and reads."""
    try:
        return Check("grammars", True, probes.grammars(), None)
    except UserError as error:
        return Check("grammars", False, error.message, error.fix or FIX_REINSTALL)


def check_portaudio(probes: Probes) -> Check:
    """The PortAudio library loads (sounddevice imports)."""
    try:
        probes.load_portaudio()
    except ImportError:
        return Check("portaudio", False, "Le paquet Python sounddevice manque.", "pip install sounddevice")
    except OSError:
        return Check(
            "portaudio", False, "La bibliothèque PortAudio (libportaudio2) est absente.", FIX_PORTAUDIO
        )
    return Check("portaudio", True, "PortAudio est chargé.", None)


def _devices(probes: Probes) -> Sequence[Mapping[str, Any]] | str:
    try:
        return probes.query_devices()
    except (ImportError, OSError) as error:
        return f"PortAudio indisponible ({error})"
    except Exception as error:  # sounddevice.PortAudioError, with no importable class here
        return f"PortAudio ne liste aucun périphérique ({error})"


def check_microphone(probes: Probes) -> Check:
    """At least one input device (max_input_channels > 0)."""
    devices = _devices(probes)
    if isinstance(devices, str):
        return Check("microphone", False, f"Aucun micro utilisable : {devices}.", FIX_MICROPHONE)
    inputs = [str(d.get("name", "?")) for d in devices if int(d.get("max_input_channels", 0)) > 0]
    if not inputs:
        return Check(
            "microphone", False, "Aucun micro (périphérique d'entrée audio) n'est détecté.", FIX_MICROPHONE
        )
    return Check("microphone", True, f"Micro(s) : {', '.join(inputs)}.", None)


def check_speaker(probes: Probes) -> Check:
    """At least one output device (max_output_channels > 0), for the referee's voice."""
    devices = _devices(probes)
    if isinstance(devices, str):
        return Check("speaker", False, f"Aucune sortie audio utilisable : {devices}.", FIX_SPEAKER)
    outputs = [str(d.get("name", "?")) for d in devices if int(d.get("max_output_channels", 0)) > 0]
    if not outputs:
        return Check("speaker", False, "Aucune sortie audio (haut-parleur) n'est détectée.", FIX_SPEAKER)
    return Check("speaker", True, f"Sortie(s) audio : {', '.join(outputs)}.", None)


def check_espeak(probes: Probes) -> Check:
    """espeak-ng is installed and has a French voice."""
    try:
        voice = choose_voice(probes.espeak_voices())
    except UserError as error:
        return Check("espeak", False, error.message, error.fix or INSTALL_ESPEAK)
    return Check("espeak", True, f"espeak-ng parle français (voix {voice.id}, {voice.name}).", None)


def check_model(probes: Probes, model: str | None = None, full: bool = False) -> Check:
    """The Vosk model is present and complete (sizes) against the manifest that applies to it (its
    recorded sums, or the small French model's); with `full`, every sha256 is compared too. A model
    no manifest applies to is another model, said so, not called damaged."""
    try:
        path = probes.find_model(model)
    except UserError as error:
        return Check("model", False, error.message, error.fix or FIX_DOWNLOAD)
    claim = claim_of(path, load_manifest)
    if claim is None:  # another Vosk model, not a damaged one
        return Check("model", True, f"{path} : {ANOTHER_MODEL}", None)
    report = verify_model(path, claim.entries, hashes=full)
    if not report.complete:
        return Check("model", False, report.summary(), FIX_DOWNLOAD)
    if report.hash_mismatch:
        fix = f"vérifier l'origine du modèle, ou le retélécharger : {FIX_DOWNLOAD}"
        return Check("model", False, report.summary(), fix, blocking=False)
    return Check("model", True, f"{path} : {report.summary()}", None)


SHOWN = 8
"""Words or phrases named in the vocabulary check's sentence; the others are only counted."""


def _some(items: Sequence[str]) -> str:
    more = f"… (+{len(items) - SHOWN})" if len(items) > SHOWN else ""
    return ", ".join(items[:SHOWN]) + more


def check_vocabulary(probes: Probes, model: str | None = None) -> Check:
    """What the grammars of every game lose to the model's vocabulary (words it does not
    know, respellings used instead, phrases dropped from the recogniser's list), and whether it has
    the garbage word "[unk]" that lets a grammar recogniser hear chatter as none of the phrases.
    Not blocking: the game is still refereed, a dropped phrase is only not heard."""
    try:
        has_word = probes.vocabulary(probes.find_model(model))
    except (UserError, OSError, RuntimeError, ValueError) as error:
        return Check("vocabulary", False, f"Modèle non chargé : {error}", FIX_DOWNLOAD, blocking=False)
    games = registered_games()
    seen = coverage((p for m in games for p in phrases_for(m, None)), has_word, respellings(*games))
    detail = f"{seen.phrases - len(seen.dropped)} phrases des grammaires sur {seen.phrases} sont audibles"
    if seen.respelled:
        detail += f" ; réécrits : {_some([f'{w} → {s}' for w, s in sorted(seen.respelled.items())])}"
    if not has_word(UNKNOWN):  # measured with the Korean model: chatter then comes out as phrases
        detail += " ; pas de mot [unk] : le bavardage peut être entendu comme des phrases du jeu"
    if not seen.dropped:
        return Check("vocabulary", True, detail + ".", None)
    detail += f" ; mots inconnus : {_some(seen.unknown)} ; phrases retirées : {_some(seen.dropped)}."
    fix = (
        "ajouter une réécriture dans grammars/respellings.yaml (ou sous `respellings` dans la grammaire du"
        " jeu), ou prendre un modèle plus grand (--model)"
    )
    return Check("vocabulary", False, detail, fix, blocking=False)


def check_store(probes: Probes) -> Check:
    """The SQLite store can be written (the file, or its directory when it does not exist yet)."""
    path = probes.store_path()
    fix = f"mkdir -p {path.parent} && chmod u+w {path.parent} (ou export KINITO_DB=/un/fichier.sqlite3)"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with sqlite3.connect(path) as db:
                db.execute("BEGIN IMMEDIATE")
                db.rollback()
        else:
            with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".kinito-doctor-"):
                pass
    except (OSError, sqlite3.Error) as error:
        return Check("store", False, f"Le fichier de parties {path} n'est pas inscriptible ({error}).", fix)
    return Check("store", True, f"Parties enregistrées dans {path}.", None)


def run_checks(probes: Probes | None = None, model: str | None = None, full: bool = False) -> list[Check]:
    """Every check, in the order a person fixes them."""
    probes = Probes() if probes is None else probes
    checks = [
        check_packages(probes),
        check_grammars_installed(probes),
        check_portaudio(probes),
        check_microphone(probes),
        check_speaker(probes),
        check_espeak(probes),
        check_model(probes, model, full),
    ]
    if checks[-1].ok or not checks[-1].blocking:  # a model to load: what it can hear of the grammars
        checks.append(check_vocabulary(probes, model))
    return [*checks, check_store(probes)]


def can_play(checks: Sequence[Check]) -> bool:
    """Whether `kinito play` could start: no blocking check failed."""
    return all(c.ok or not c.blocking for c in checks)
