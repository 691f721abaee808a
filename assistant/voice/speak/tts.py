"""Text to speech: French text in, a generator of audio chunks out (piper-style, no speaker I/O).

Two synthesizers share one Protocol: `voice.speak.pyttsx3_tts.Pyttsx3Synthesizer` (pyttsx3's espeak-ng
driver, in process, headless: it renders to a WAV file that is then read back in chunks) and
`EspeakSynthesizer` (the `espeak-ng --stdout` program, whose audio streams out while the rest of the
sentence is still being synthesised). Playing the chunks is `assistant.voice.speak.playback`'s job.
"""

from __future__ import annotations

import io
import logging
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol, cast

from assistant.errors import UserError

Engine = Literal["pyttsx3", "espeak"]
ENGINES: tuple[Engine, ...] = ("espeak", "pyttsx3")
DEFAULT_RATE = 170
"""Words per minute, both engines (espeak-ng's own default is 175)."""
CHUNK_FRAMES = 1024
"""Frames per chunk read back from pyttsx3's WAV file."""
INSTALL_ESPEAK = "sudo apt-get install espeak-ng"
FRENCH_LANGUAGES = ("fr-fr", "fr", "fr-be", "fr-ch")
"""Preferred French languages, best first; any other `fr-*` comes after them."""


@dataclass(frozen=True)
class AudioChunk:
    """A piece of synthesised speech: mono, signed 16-bit little-endian PCM."""

    samples: bytes
    """Raw PCM frames (2 bytes each)."""
    rate: int
    """Sample rate in Hz."""

    @property
    def seconds(self) -> float:
        """Duration of this chunk."""
        return len(self.samples) / 2 / self.rate


@dataclass(frozen=True)
class VoiceInfo:
    """A voice a synthesizer offers."""

    id: str
    """What the engine takes to select it (pyttsx3: `roa/fr`; espeak-ng: `roa/fr` or `fr`)."""
    name: str
    """Human name, e.g. `French (France)`."""
    languages: tuple[str, ...]
    """Lower-case language codes, e.g. `("fr-fr",)`."""


class Synthesizer(Protocol):
    """Turns text into audio chunks, without touching a speaker."""

    @property
    def voice(self) -> str:
        """The voice in use (an engine voice id)."""
        ...

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        """Yield the audio of `text`, first chunk as early as the engine allows."""
        ...


def _is_french(language: str) -> bool:
    return language == "fr" or language.startswith("fr-")


def _rank(voice: VoiceInfo) -> tuple[int, int]:
    langs = [lang for lang in voice.languages if _is_french(lang)]
    basename = voice.id.rsplit("/", 1)[-1].lower()
    if langs:
        lang_rank = min(FRENCH_LANGUAGES.index(x) if x in FRENCH_LANGUAGES else 4 for x in langs)
    elif basename == "fr" or basename.startswith("fr-"):
        lang_rank = 5
    else:
        lang_rank = 99
    # mbrola voices need the separate mbrola program: only when nothing else is French.
    return int(voice.id.startswith("mb/") or "mbrola" in voice.name.lower()), lang_rank


def choose_voice(voices: Sequence[VoiceInfo], wanted: str | None = None) -> VoiceInfo:
    """The voice to speak with: `wanted` (id, id's last part or name) or the best French one.

    Automatic order: fr-fr, fr, fr-be, fr-ch, any other fr-*, any voice whose id is fr*. A name
    merely containing "fr" ("Afrikaans") is not French.
    """
    if wanted is not None:
        key = wanted.lower()
        for voice in voices:
            if key in (voice.id.lower(), voice.id.rsplit("/", 1)[-1].lower(), voice.name.lower()):
                return voice
        french = ", ".join(v.id for v in voices if _rank(v)[1] < 99) or "aucune"
        raise UserError(f"La voix « {wanted} » n'est pas installée (voix françaises installées : {french}).")
    ranked = sorted((v for v in voices if _rank(v)[1] < 99), key=_rank)
    if not ranked:
        raise UserError("Aucune voix française n'est installée pour espeak-ng.", fix=INSTALL_ESPEAK)
    return ranked[0]


def espeak_program() -> str:
    """Path of the espeak-ng program, or a UserError naming the install command."""
    program = shutil.which("espeak-ng")
    if program is None:
        raise UserError("Le programme espeak-ng est introuvable.", fix=INSTALL_ESPEAK)
    return program


MBROLA_FOLDERS = (Path("/usr/share/mbrola"), Path("/usr/share/mbrola/voices"))
"""Where espeak-ng looks for an mbrola voice's file (`mb/mb-fr1` needs `fr1` in one of them)."""


def installed(voice: VoiceInfo, folders: Sequence[Path] = MBROLA_FOLDERS) -> bool:
    """Whether espeak-ng can speak with `voice`: its own voices always; an mbrola one (`mb/...`)
    only with the mbrola program and the voice's file."""
    if not voice.id.startswith("mb/"):
        return True
    if shutil.which("mbrola") is None:
        return False
    name = voice.id.removeprefix("mb/").removeprefix("mb-")
    return any((folder / name).is_file() or (folder / name / name).is_file() for folder in folders)


def parse_espeak_voices(listing: str) -> list[VoiceInfo]:
    """Parse `espeak-ng --voices[=fr]` output (columns Pty Language Age/Gender VoiceName File ...)."""
    voices = []
    for line in listing.splitlines()[1:]:
        parts = line.split()
        if len(parts) >= 5:
            voices.append(VoiceInfo(id=parts[4], name=parts[3].replace("_", " "), languages=(parts[1],)))
    return voices


def espeak_voices(language: str = "fr") -> list[VoiceInfo]:
    """The voices espeak-ng offers for `language`."""
    done = subprocess.run(
        [espeak_program(), f"--voices={language}"], capture_output=True, text=True, check=False
    )
    return [voice for voice in parse_espeak_voices(done.stdout) if installed(voice)]


def _wav_rate(header: bytes) -> int:
    """Sample rate from a streamed WAV header (espeak-ng writes a plain 44-byte PCM header)."""
    if header[:4] != b"RIFF" or header[8:12] != b"WAVE" or len(header) < 44:
        raise UserError("espeak-ng n'a pas produit de son WAV.", fix=INSTALL_ESPEAK)
    return int.from_bytes(header[24:28], "little")


class EspeakSynthesizer:
    """The `espeak-ng --stdout` program: audio chunks are yielded as the program writes them."""

    def __init__(self, voice: str | None = None, rate: int = DEFAULT_RATE, volume: float = 1.0) -> None:
        self._program = espeak_program()
        self._voice = choose_voice(espeak_voices(), voice)
        self._rate = rate
        self._amplitude = max(0, min(200, round(volume * 100)))

    @property
    def voice(self) -> str:
        """The espeak-ng voice file in use, e.g. `roa/fr`."""
        return self._voice.id

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        """Run espeak-ng on `text` and yield its PCM as soon as each piece arrives."""
        if not text.strip():
            return
        command = [self._program, "--stdout", "-b", "1", "-v", self._voice.id]
        command += ["-s", str(self._rate), "-a", str(self._amplitude)]
        proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(text.encode("utf-8"))
            proc.stdin.close()
            header = proc.stdout.read(44)
            if not header:
                error = proc.stderr.read().decode(errors="replace").strip() if proc.stderr else ""
                logging.getLogger(__name__).debug("espeak-ng: %s", error)  # its English, for -v only
                raise UserError(
                    f"espeak-ng n'a rendu aucun son avec la voix {self._voice.id}.", fix=INSTALL_ESPEAK
                )
            rate = _wav_rate(header)
            stdout = cast(io.BufferedReader, proc.stdout)  # Popen's default buffering: read1 exists
            carry = b""
            while data := stdout.read1(8192):
                data = carry + data
                cut = len(data) - len(data) % 2
                carry = data[cut:]
                if cut:
                    yield AudioChunk(data[:cut], rate)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            proc.stdout.close()
            if proc.stderr is not None:
                proc.stderr.close()
