"""`kinito demo [--out FILE.wav] [--no-speech]`: a scripted Quinito game, refereed and spoken aloud.

The players' lines and the referee's answers are printed as a transcript. With speech, both are
synthesised (players in a second French voice when there is one): played on the sound output, or
joined into one WAV with --out (also when there is no sound output: the file's path is printed).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from assistant.errors import UserError, os_reason, shorten
from assistant.runtime.voices import PrintVoice, Voice
from assistant.scripts.demo_game import demo_script
from assistant.scripts.replay_run import referee_for
from assistant.scripts.script import TABLE
from assistant.voice.speak.playback import Playback, SoundDevicePlayback, Speaker
from assistant.voice.speak.synthesizers import make_synthesizer

HELP = "Écouter une partie de démonstration jouée par l'arbitre."
FALLBACK_WAV = Path("kinito-demo.wav")
PAUSE_SECONDS = 0.4
"""Silence between two utterances in the joined WAV."""
PLAYER_VOICES = ("roa/fr-BE", "roa/fr-CH")
"""Voices tried for the players, so the listener tells them from the referee."""


class JoinedWavPlayback:
    """Every utterance into one WAV file, a short silence between them."""

    def __init__(self, path: Path, pause: float = PAUSE_SECONDS) -> None:
        from assistant.voice.hear.wavfile import wav_writer

        self.path = path
        self.pause = pause
        self.rate: int | None = None
        self.seconds = 0.0
        """Audio written so far."""
        self._broken: UserError | None = None
        """Why the file could not be written, once it could not."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._wav = wav_writer(path)  # closed by finish()
        except OSError as error:
            raise UserError(f"Impossible d'écrire {shorten(path)} : {os_reason(error)}.") from None

    def open(self, rate: int) -> None:
        """Start an utterance (the first one sets the file's rate)."""
        if self.rate is None:
            self.rate = rate
            self._wav.setnchannels(1)
            self._wav.setsampwidth(2)
            self._wav.setframerate(rate)
        elif rate != self.rate:
            raise UserError(f"Deux voix à des fréquences différentes ({self.rate} et {rate} Hz).")

    def write(self, samples: bytes) -> None:
        """Append frames."""
        self._frames(samples)
        self.seconds += len(samples) / 2 / (self.rate or 1)

    def close(self) -> None:
        """End of an utterance: a pause."""
        frames = int(self.pause * (self.rate or 0))
        self._frames(bytes(2 * frames))
        self.seconds += self.pause

    def finish(self) -> None:
        """Finalise the WAV header."""
        if self._broken is not None:
            raise self._broken
        try:
            self._wav.close()
        except OSError as error:
            raise self._failed(error) from None

    def _frames(self, data: bytes) -> None:
        if self._broken is not None:
            raise self._broken
        try:
            self._wav.writeframes(data)
        except OSError as error:
            raise self._failed(error) from None

    def _failed(self, error: OSError) -> UserError:
        """The file could not be written (a full disk): it is given up, and said in one sentence."""
        with contextlib.suppress(OSError):
            self._wav.close()  # once, here: not again (and loudly) when collected
        self._broken = UserError(f"Impossible d'écrire {shorten(self.path)} : {os_reason(error)}.")
        return self._broken


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `kinito demo`."""
    parser.add_argument("--out", type=Path, help="écrire toute la démo dans ce fichier WAV")
    parser.add_argument(
        "--no-speech",
        dest="speech",
        action="store_false",
        help="pas de haut-parleur (--out écrit quand même)",
    )


def _player_voice() -> str | None:
    from assistant.voice.speak.tts import espeak_voices

    ids = {v.id for v in espeak_voices()}
    return next((v for v in PLAYER_VOICES if v in ids), None)


def _playback(args: argparse.Namespace) -> tuple[Playback | None, JoinedWavPlayback | None]:
    """Where speech goes: the WAV of --out, the sound output, or (no output) a WAV here."""
    if args.out is not None:
        wav = JoinedWavPlayback(args.out)
        return wav, wav
    if not args.speech:
        return None, None
    device = SoundDevicePlayback()
    try:
        device.open(22050)
        device.close()
    except UserError as error:
        print(f"kinito: {error.message} La démo est écrite dans {FALLBACK_WAV}.", file=sys.stderr)
        wav = JoinedWavPlayback(FALLBACK_WAV)
        return wav, wav
    return device, None


def run(args: argparse.Namespace) -> int:
    """Play the demo game; print its transcript; speak it or write it to a WAV."""
    script = demo_script()
    playback, wav = _playback(args)
    referee_voice: Voice = PrintVoice(sys.stdout, "    arbitre : ")
    player_speaker: Speaker | None = None
    if playback is not None:
        synth = make_synthesizer("espeak")
        referee_speaker = Speaker(synth, playback)
        player_speaker = Speaker(make_synthesizer("espeak", _player_voice()), playback)
        referee_voice = _Both(referee_voice, referee_speaker)
    referee = referee_for(script)
    for opening in referee.last:
        referee_voice.say(opening)
    for line in script.lines:
        speaker = None if line.speaker == TABLE else line.speaker
        print(f"{line.speaker} : {line.text}", flush=True)
        if player_speaker is not None:
            player_speaker.say(line.text)
        for answer in referee.hear(speaker, line.text, 1.0):
            referee_voice.say(answer)
    if wav is not None:
        wav.finish()
        print(f"Démo enregistrée dans {wav.path} ({wav.seconds:.0f} s).")
    return 0


class _Both:
    """Print the sentence, then speak it."""

    def __init__(self, printer: Voice, speaker: Speaker) -> None:
        self.printer = printer
        self.speaker = speaker

    def say(self, text: str) -> float:
        """Both, in that order."""
        self.printer.say(text)
        return self.speaker.say(text)
