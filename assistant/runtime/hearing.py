"""The voice path of `kinito play` assembled over one loaded model: recognisers, grammar switch, live
loop, early moves and listener (`hearing`), and the audio sources whose losses are said aloud. The
bench and the tests drive the same assembly."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant import speech
from assistant.core.clock import Clock
from assistant.errors import UserError
from assistant.referee.referee import Referee
from assistant.referee.snapshot import TableObserver
from assistant.runtime.early import HOLD_SECONDS, Completer, EarlyMoves
from assistant.runtime.grammar_switch import GrammarSwitch, SwitchingDecoder
from assistant.runtime.live import LiveLoop
from assistant.runtime.voices import Voice
from assistant.voice.hear.audio import AudioSource, MicrophoneSource
from assistant.voice.hear.duplex import HalfDuplexGate
from assistant.voice.hear.listener import Listener
from assistant.voice.hear.quiet_end import QUIET_SECONDS
from assistant.voice.hear.vad import VadSettings

VIGILANCE_VAD = VadSettings()
"""The open (vigilance) recogniser decodes the speech segments of this energy VAD."""


@dataclass(frozen=True)
class Ears:
    """How the voice path decides; `FIRST_LANDING` is how it did before this tuning."""

    vad: VadSettings | None = VIGILANCE_VAD
    """The vigilance recogniser decodes this energy VAD's speech segments (None: every chunk)."""
    quiet: float | None = QUIET_SECONDS
    """Seconds of silence after a whole phrase that end the utterance (voice.hear.quiet_end; None: only
    Vosk's endpoint rules)."""
    early_hold: float | None = HOLD_SECONDS
    """Seconds of audio a complete partial must hold before an early move (runtime.early; None: the
    same text passed twice, partials passed only when they change)."""
    vigilance_thread: bool = True
    """The open recogniser decodes in a thread of its own, fed from a bounded queue (voice.hear.background):
    in the hearing thread, at a microphone's pace, chunks waited up to 1.0-1.6 s behind and the answer
    to the bench's table came 465-616 ms after the speech, against 273-311 ms with the thread (the
    same run, bench.paced, two cores, load about 8)."""
    chunk: float = 0.05
    """Seconds of audio per chunk read from the microphone: the VAD decisions and the quiet ending
    come at this pace (0.1 s chunks added 50 ms on average; with them, a FinalResult at the quiet
    also heard the bench's "menteur" as "deux deux" where 0.05 s chunks did not, measured). 0.02 s
    chunks did not pay beside the 0.10 s quiet window (the same audio waited, a larger backlog, the
    bench's `chunk_20ms_quiet_100ms`)."""


FIRST_LANDING = Ears(quiet=None, early_hold=None, chunk=0.1, vigilance_thread=False)
"""The voice path as it was first built (the bench's "before")."""


@dataclass
class Hearing:
    """The voice path of `kinito play`, assembled: what the bench and the tests drive as well."""

    loop: LiveLoop
    """Referee and voice, with the grammar switched as the game goes."""
    listener: Listener
    """Iterate it for finals (partials go to `early`)."""
    early: EarlyMoves
    """Moves made from partial results."""
    decoder: SwitchingDecoder
    """The recogniser chain (decoders())."""


def hearing(
    model: Any,
    referee: Referee,
    parser: Completer,
    voice: Voice,
    source_for: Callable[[LiveLoop], AudioSource],
    gate: HalfDuplexGate | None,
    has_word: Callable[[str], bool] | None,
    *,
    speaker_model: Any = None,
    stand_in: Mapping[str, str] | None = None,
    ears: Ears = Ears(),
    observers: Sequence[TableObserver] = (),
) -> Hearing:
    """Recognisers, grammar switch, live loop, early moves and listener over one loaded model.

    `source_for` makes the audio source once the loop exists (a microphone says its losses through
    the loop). UserError when the model knows no phrase of the game."""
    from assistant.voice.hear.listener import Listener
    from assistant.voice.model.files import FIX_DOWNLOAD

    table = referee.config
    grammar = GrammarSwitch(_NoSink(), table.module, table.players, table.wake_word, has_word)
    try:
        switching = decoders(
            model, grammar.phrases(referee.expectations()), table.vigilance, speaker_model, stand_in, ears
        )
    except ValueError:
        raise UserError(
            "Ce modèle Vosk ne connaît aucun mot du jeu : il n'est pas français.", fix=FIX_DOWNLOAD
        ) from None
    grammar.sink = switching
    loop = LiveLoop(referee, voice, grammar, observers=observers)
    early = EarlyMoves(loop, parser, ears.early_hold)
    listener = Listener(
        source_for(loop), switching, gate, on_partial=early, changes_only=ears.early_hold is None
    )
    return Hearing(loop, listener, early, switching)


def decoders(
    model: Any,
    phrases: Sequence[str],
    dual: bool,
    speaker_model: Any = None,
    stand_in: Mapping[str, str] | None = None,
    ears: Ears = Ears(),
) -> SwitchingDecoder:
    """What hears the table, one model shared: the moves grammar, its utterances ended on the quiet
    after a whole phrase (QuietEnd, `ears.quiet`), plus, with `dual`, the open vigilance recogniser
    on the speech segments `ears.vad` finds; split phrases joined (PrefixJoiner), grammar switches
    applied in the hearing thread (SwitchingDecoder).
    ValueError when no phrase is in the model's vocabulary.

    `stand_in` (French word -> model word, testing.standin) lets another language's model hear the
    game: the tests and the bench run this same chain on the Korean model."""
    from assistant.testing.standin import PhraseDecoder, StandIn
    from assistant.voice.hear.dual import DualRecognizer
    from assistant.voice.hear.joiner import PrefixJoiner
    from assistant.voice.hear.quiet_end import QuietEnd
    from assistant.voice.hear.recognizer import Recognizer

    heard = list(phrases) if stand_in is None else StandIn.translate(phrases, stand_in)
    decoder: PhraseDecoder
    if dual:
        decoder = DualRecognizer(
            model,
            heard,
            speaker_model=speaker_model,
            vad=ears.vad,
            quiet=ears.quiet,
            background=ears.vigilance_thread,
        )
    else:
        alone = Recognizer(model, heard)
        decoder = alone if ears.quiet is None else QuietEnd(alone, ears.quiet)
    if stand_in is not None:
        decoder = StandIn(decoder, stand_in)
    joiner = PrefixJoiner(decoder, phrases)
    return SwitchingDecoder(joiner, joiner)


def microphone(
    device: str | int | None,
    clock: Clock,
    loop: LiveLoop,
    stream_factory: Any = None,
    block_seconds: float = Ears().chunk,
) -> MicrophoneSource:
    """The table's microphone; losing it (and getting it back) is said aloud, and it is retried."""
    return MicrophoneSource(
        device,
        block_seconds=block_seconds,
        stream_factory=stream_factory,
        clock=clock,
        on_lost=lambda _why: loop.say(speech.say("mic_lost")),
        on_restored=lambda: loop.say(speech.say("mic_back")),
        on_behind=lambda: loop.say(speech.say("mic_behind")),
    )


def satellite_microphone(uri: str, clock: Clock, loop: LiveLoop) -> AudioSource:
    """A Wyoming microphone service (`--mic-uri`); losing it (and getting it back) is said aloud."""
    from assistant.voice.wyoming.mic import WyomingMicSource

    return WyomingMicSource(
        uri,
        clock=clock,
        on_lost=lambda _why: loop.say(speech.say("mic_lost")),
        on_restored=lambda: loop.say(speech.say("mic_back")),
    )


class _NoSink:
    """Takes phrases and drops them (to compute the first phrase list before the decoder exists)."""

    def set_phrases(self, phrases: object) -> None:
        """Nothing."""
