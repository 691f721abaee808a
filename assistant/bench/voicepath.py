"""The voice path's figures, through what `kinito play` assembles, before and after.

Each configuration runs in a child process of its own (`python -m assistant.bench.voicepath
--config after`), so that its peak RSS is that of a process playing with its own model loading:

- `after`: what `kinito play` does now - 0.05 s chunks, one model load with the PLAY endpoint rules,
  utterances also ended on 0.10 s of quiet after a whole phrase (voice.hear.quiet_end), early moves
  on partials that held for runtime.early.HOLD_SECONDS, the vigilance recogniser on VAD speech
  segments, split prefixes joined;
- `before`: the first voice path - the same without the quiet ending, early moves on a partial
  passed twice (runtime.hearing.FIRST_LANDING);
- `chunk_50ms_quiet_150ms`: `after` with the 0.15 s quiet window it had before; `chunk_20ms` the
  same with 0.02 s chunks; `chunk_20ms_quiet_100ms`: `after` with 0.02 s chunks;
- `original`: where the voice path started from - the model's own endpoint rules, vigilance on every
  chunk, and the second model copy the old measurement loaded for its tuned rules.

speech_to_audio_*: a WAV of the table ("soixante deux", then "menteur") goes through the real
listener, recognisers, referee and espeak-ng synthesiser, fed as fast as it decodes; the delay is
(audio position of the chunk that triggered the answer - end of "menteur") + the wall time from
that chunk's arrival to the first audio sample of the referee's next question. Early: moves from
partial results on; final: off, so the final result decides. With the Korean model the
French words are heard through testing.standin's Korean stand-ins.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from assistant.bench.paced import FirstAudio
from assistant.rss import peak_rss_mb
from assistant.runtime.hearing import FIRST_LANDING, Ears
from assistant.voice.hear.audio import Chunk
from assistant.voice.hear.endpoint import (
    DEFAULT,
    PLAY,
    SHORT,
    EndpointRules,
    describe,
    load_with_rules,
    tuned_model,
)
from assistant.voice.hear.vad import VadSettings

STAND_IN = {"soixante": "안녕하세요", "deux": "사과", "menteur": "감사합니다"}
"""French words of the bench's table said as Korean words the Korean model hears reliably, and apart:
with "좋아요" for "deux", the response grammar's "deux deux" won over "menteur" once it grew."""
LINES = ("soixante deux", "menteur")
"""Ana announces (an early move, nothing said), Bruno lifts: the referee answers."""
VIGILANCE_SENTENCES = (
    "안녕하세요 오늘 날씨가 정말 좋네요",
    "게임을 시작합시다",
    "감사합니다 좋아요",
    "우리는 친구입니다",
    "맥주 한 잔 더 주세요",
    "정말 재미있는 게임이에요",
)
"""Talk for the vigilance stream (Korean model): about a quarter of it speech, the rest room noise."""


@dataclass(frozen=True)
class PathConfig:
    """One way of running the voice path."""

    name: str
    """before / after."""
    rules: EndpointRules
    """Endpoint rules of the model `play` loads."""
    ears: Ears
    """How the voice path decides (vigilance VAD, quiet ending, early moves)."""
    copies: int
    """Model copies loaded (the old measurement loaded a second one for its tuned rules)."""


CONFIGS = {
    "original": PathConfig("original", DEFAULT, Ears(vad=None, quiet=None, early_hold=None), 2),
    "before": PathConfig("before", PLAY, FIRST_LANDING, 1),
    "inline": PathConfig("inline", PLAY, Ears(vigilance_thread=False), 1),
    "after": PathConfig("after", PLAY, Ears(), 1),
    "chunk_50ms_quiet_150ms": PathConfig("chunk_50ms_quiet_150ms", PLAY, Ears(chunk=0.05, quiet=0.15), 1),
    "chunk_20ms": PathConfig("chunk_20ms", PLAY, Ears(chunk=0.02, quiet=0.15), 1),
    "chunk_20ms_quiet_100ms": PathConfig("chunk_20ms_quiet_100ms", PLAY, Ears(chunk=0.02, quiet=0.10), 1),
}
RUN_TOGETHER = ("original", "before", "inline", "after", "chunk_50ms_quiet_150ms")
"""What `kinito bench` runs side by side, each in its own child process (`inline`: today's path with
the vigilance recogniser decoding in the hearing thread, as before it got its own;
`chunk_50ms_quiet_150ms`: `after` with the 0.15 s quiet window play used before 0.10 s)."""
TOWARD_FLOOR = ("chunk_50ms_quiet_150ms", "chunk_20ms", "after", "chunk_20ms_quiet_100ms")
"""Smaller chunks and a shorter quiet window, alone (`chunk_20ms`, `after`) and together, from the
older 0.05 s chunks and 0.15 s window (`python -m assistant.bench.voicepath --config NAME`)."""
ONE_CORE = ("inline", "after", "chunk_50ms_quiet_150ms")
"""What `kinito bench` also runs pinned to one core."""


class TimedSource:
    """An AudioSource over ready chunks that notes when (wall clock) each one was handed out."""

    def __init__(self, chunks: list[Chunk]) -> None:
        self.items = chunks
        self.last: tuple[float, float] = (0.0, 0.0)
        """(audio end of the last chunk handed out, perf_counter when it was)."""

    def chunks(self) -> Iterator[Chunk]:
        for chunk in self.items:
            self.last = (chunk.start + chunk.duration, time.perf_counter())
            yield chunk

    def close(self) -> None:
        """Nothing to release."""


def table_audio(language: str, folder: Path) -> tuple[bytes, float]:
    """The bench's table as 16 kHz PCM, and where (seconds) the speech of its last line ends."""
    from assistant.bench.recognizer import room_noise, speech_end
    from assistant.bench.voice import bench_audio
    from assistant.voice.hear.wavfile import read_wav

    pcm, end = room_noise(0.3), 0.0
    for i, line in enumerate(LINES):
        text = line if language == "fr" else " ".join(STAND_IN[w] for w in line.split())
        speech = read_wav(bench_audio(language, folder, text))
        end = len(pcm) / 32000 + speech_end(speech)
        pcm += speech + room_noise(1.5 if i < len(LINES) - 1 else 2.5, seed=i + 2)
    return pcm, end


def speech_to_audio(
    model: Any, language: str, pcm: bytes, end: float, early: bool, config: Ears
) -> tuple[float, float] | None:
    """Milliseconds from the end of the last line's speech to the first audio of the answer, split
    in two: the audio the path waited for after the speech (position of the triggering chunk - end
    of speech: decided by the decoder, the same on any machine) and the wall time from that chunk's
    arrival to the first sample (decoding it, the referee, the synthesiser: the machine's share)."""
    from assistant.core.clock import FakeClock
    from assistant.referee.referee import Referee
    from assistant.runtime.early import Completer
    from assistant.runtime.hearing import hearing
    from assistant.runtime.live import from_heard
    from assistant.settings.table import table_config
    from assistant.voice.hear.wavfile import pcm_chunks
    from assistant.voice.speak.playback import Speaker
    from assistant.voice.speak.tts import EspeakSynthesizer

    # The announcement is not confirmed aloud, so the first audio is the answer to the last line.
    referee = Referee(table_config({"players": "Ana,Bruno,Chloé", "confirm": "off"}), FakeClock())
    source = TimedSource(list(pcm_chunks(pcm, config.chunk)))
    playback = FirstAudio(source)
    speaker = Speaker(EspeakSynthesizer(), playback)
    french = language == "fr"
    has_word = (lambda w: bool(model.vosk_model_find_word(w) >= 0)) if french else None
    stand_in = None if french else STAND_IN
    parser = cast(Completer, referee.parser)  # the default parser is a Parser: it completes
    ears = hearing(
        model,
        referee,
        parser,
        speaker,
        lambda _loop: source,
        None,
        has_word,
        stand_in=stand_in,
        ears=config,
    )  # type: ignore[arg-type]
    ears.early.enabled = early
    for utterance in from_heard(ears.listener, parser, dual=True, early=ears.early):
        ears.loop.hear(utterance)
    if not playback.firsts:
        return None
    position, spent = playback.firsts[0]
    return 1000 * (position - end), 1000 * spent


def vigilance(
    model: Any, vad: VadSettings | None, folder: Path, both: bool, chunk: float = 0.1
) -> dict[str, Any]:
    """Real-time factor of the open recogniser on a stream of about a quarter speech; with `both`,
    also the words each of gated and ungated decoding heard inside the speech that the other did not
    (espeak-ng's Korean is decoded into varying syllables either way: read them as a diff, not a
    verdict; the tests check the words the model hears reliably)."""
    from assistant.bench.recognizer import room_noise
    from assistant.bench.voice import bench_audio
    from assistant.voice.hear.gated import GatedDecoder
    from assistant.voice.hear.recognizer import Recognizer
    from assistant.voice.hear.wavfile import pcm_chunks, read_wav

    pcm, speech, spans = b"", 0.0, []
    for i, sentence in enumerate(VIGILANCE_SENTENCES):
        said = read_wav(bench_audio("ko", folder, sentence))
        spans.append((len(pcm) / 32000 - 0.1, len(pcm) / 32000 + len(said) / 32000 + 0.1))
        speech += len(said) / 32000
        pcm += said + room_noise(3 * len(said) / 32000, level=300, seed=10 + i)
    seconds = len(pcm) / 32000

    def spoken(heard: list[Any]) -> set[str]:
        """Words heard inside the speech (the open model also makes words up in the noise)."""
        return {w.word for h in heard for w in h.words if any(a <= w.start and w.end <= b for a, b in spans)}

    def run(gated: bool) -> tuple[float, set[str]]:
        open_rec = Recognizer(model)
        decoder: Any = GatedDecoder(open_rec, vad) if gated else open_rec
        began, cpu, heard = time.perf_counter(), time.process_time(), []
        for piece in pcm_chunks(pcm, chunk):
            heard += decoder.accept(piece)
        heard += decoder.flush()
        cpu_rtfs.append((time.process_time() - cpu) / seconds)
        return (time.perf_counter() - began) / seconds, spoken(heard)

    cpu_rtfs: list[float] = []
    rtf, words = run(vad is not None)
    out: dict[str, Any] = {
        "vigilance_rtf": round(rtf, 4),
        "vigilance_cpu_rtf": round(cpu_rtfs[0], 4),
        "vigilance_speech_share": round(speech / seconds, 3),
    }
    if both:
        other_rtf, other = run(vad is None)
        out["vigilance_rtf_other_way"] = round(other_rtf, 4)
        out["vigilance_words_missed_by_gating"] = sorted(other - words)
        out["vigilance_words_missed_without_gating"] = sorted(words - other)
    return out


def measure(config: PathConfig, runs: int = 3, cold: bool = False) -> dict[str, Any]:
    """Every voice-path figure of one configuration, in this process (call it in a child); with
    `cold`, the page cache is dropped first when this process may (root), so the model load reads
    the disk (`vosk_model_cold_load_s`); otherwise that key is the first load of a fresh process."""
    from assistant.bench.paced import drop_page_cache
    from assistant.bench.voice import installed_model
    from assistant.voice.model.loading import load_model

    found = installed_model()
    if found is None:
        return {"config": config.name, "model": None}
    path, language = found
    dropped = drop_page_cache() if cold else False
    loaded = load_with_rules(path, config.rules)
    extra = [load_model(tuned_model(path, SHORT)) for _ in range(config.copies - 1)]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        pcm, end = table_audio(language, folder)
        early = [speech_to_audio(loaded.model, language, pcm, end, True, config.ears) for _ in range(runs)]
        final = [speech_to_audio(loaded.model, language, pcm, end, False, config.ears) for _ in range(runs)]
        paced = [
            [_paced(loaded.model, language, pcm, end, e, config.ears) for _ in range(runs)]
            for e in (True, False)
        ]
        out = vigilance(loaded.model, config.ears.vad, folder, config.ears.vad is not None, config.ears.chunk)
    del extra
    out["speech_to_audio_paced_early_ms"] = _median([None if p is None else p[0] for p in paced[0]])
    out["speech_to_audio_paced_final_ms"] = _median([None if p is None else p[0] for p in paced[1]])
    out["speech_to_audio_paced_backlog_ms"] = _median(
        [None if p is None else 1000 * p[1] for p in (*paced[0], *paced[1])]
    )
    out["vosk_model_cold_load_s"] = round(loaded.load_s, 2)
    out["vosk_model_cold_how"] = "page cache dropped" if dropped else "first load in a fresh process"
    return {
        "config": config.name,
        "model": str(path),
        "speech_to_audio_early_ms": _median([None if e is None else sum(e) for e in early]),
        "speech_to_audio_final_ms": _median([None if f is None else sum(f) for f in final]),
        "speech_to_audio_early_wait_ms": _median([None if e is None else e[0] for e in early]),
        "speech_to_audio_final_wait_ms": _median([None if f is None else f[0] for f in final]),
        "speech_to_audio_early_compute_ms": _median([None if e is None else e[1] for e in early]),
        "speech_to_audio_final_compute_ms": _median([None if f is None else f[1] for f in final]),
        "speech_to_audio_runs": runs,
        **out,
        "vosk_model_load_s": round(loaded.load_s, 2),
        "model_copies": config.copies,
        "endpoint_rules": describe(config.rules),
        "vigilance_vad": config.ears.vad is not None,
        "quiet_end_s": config.ears.quiet,
        "early_hold_s": config.ears.early_hold,
        "chunk_s": config.ears.chunk,
        "peak_rss_mb": peak_rss_mb(),
    }


def _paced(model: Any, language: str, pcm: bytes, end: float, early: bool, ears: Ears) -> Any:
    from assistant.bench.paced import paced_speech_to_audio

    return paced_speech_to_audio(model, language, pcm, end, early, ears, STAND_IN)


def _median(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return round(statistics.median(known), 1) if known else None


def in_child(config: str, quick: bool = False, one_core: bool = False, cold: bool = False) -> dict[str, Any]:
    """`measure` in a fresh Python process (its own peak RSS); an error becomes {"error": ...}.
    With `one_core`, the child is pinned to the first CPU it may use (as `taskset -c 0`)."""
    command = [sys.executable, "-m", "assistant.bench.voicepath", "--config", config]
    flags = [
        *(["--quick"] if quick else []),
        *(["--one-core"] if one_core else []),
        *(["--cold"] if cold else []),
    ]
    done = subprocess.run([*command, *flags], capture_output=True, text=True)
    if done.returncode != 0:
        return {"config": config, "error": done.stderr.strip().splitlines()[-1:] or ["failed"]}
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    """Measure one configuration and print it as JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", choices=sorted(CONFIGS), default="after")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--one-core", action="store_true", help="pinned to one CPU")
    parser.add_argument("--cold", action="store_true", help="drop the page cache before the model load")
    args = parser.parse_args(argv)
    cores = None
    if args.one_core:
        cores = {min(os.sched_getaffinity(0))}
        os.sched_setaffinity(0, cores)
    result = measure(CONFIGS[args.config], runs=1 if args.quick else 3, cold=args.cold)
    result["cpus"] = sorted(os.sched_getaffinity(0))
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
