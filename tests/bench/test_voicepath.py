"""`kinito bench`'s voice-path figures, through what `kinito play` assembles."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from assistant.bench import voicepath
from assistant.runtime.hearing import FIRST_LANDING, Ears
from assistant.voice.hear.audio import Chunk
from assistant.voice.hear.endpoint import DEFAULT, PLAY


def test_first_audio_is_timed_from_the_chunk_that_triggered_it() -> None:
    source = voicepath.TimedSource([Chunk(bytes(3200), 0.0, 0.1), Chunk(bytes(3200), 0.1, 0.2)])
    playback = voicepath.FirstAudio(source)
    chunks = iter(source.chunks())
    next(chunks)
    next(chunks)
    playback.open(22050)
    playback.write(b"")  # no sample yet
    playback.write(b"\x01\x00")
    playback.write(b"\x02\x00")
    playback.close()
    assert len(playback.firsts) == 1
    position, spent = playback.firsts[0]
    assert position == pytest.approx(0.2) and spent >= 0.0


def test_before_and_after_differ_in_what_issue_14_changed() -> None:
    original, before, inline, after = (
        voicepath.CONFIGS[name] for name in ("original", "before", "inline", "after")
    )
    assert (original.rules, original.ears.vad, original.copies) == (DEFAULT, None, 2)
    assert (before.rules, before.copies, before.ears) == (PLAY, 1, FIRST_LANDING)
    assert (before.ears.quiet, before.ears.early_hold) == (None, None) and before.ears.vad is not None
    assert (after.rules, after.copies, after.ears) == (PLAY, 1, Ears())
    assert after.ears.quiet is not None and after.ears.early_hold is not None
    assert after.ears.vigilance_thread and inline.ears == replace(after.ears, vigilance_thread=False)


def test_the_toward_the_floor_configurations_change_only_the_chunk_and_the_quiet_window() -> None:
    """The older 0.15 s quiet and 0.02 s chunks stay measurable beside play's, one change at a time."""
    after = voicepath.CONFIGS["after"].ears
    older = voicepath.CONFIGS["chunk_50ms_quiet_150ms"].ears
    assert (older.chunk, older.quiet) == (0.05, 0.15) and older == replace(after, quiet=0.15)
    assert voicepath.CONFIGS["chunk_20ms"].ears == replace(older, chunk=0.02)
    assert voicepath.CONFIGS["chunk_20ms_quiet_100ms"].ears == replace(after, chunk=0.02)
    assert after.quiet is not None and after.quiet < older.quiet
    assert set(voicepath.TOWARD_FLOOR) <= set(voicepath.CONFIGS)
    assert "chunk_50ms_quiet_150ms" in voicepath.ONE_CORE


def test_the_table_audio_ends_with_the_last_line(tmp_path: Path, ko_model_dir: Path) -> None:
    pcm, end = voicepath.table_audio("ko", tmp_path)
    assert 1.0 < end < len(pcm) / 32000 - 2.0


def test_after_measures_every_voice_path_key_with_one_model(ko_model_dir: Path) -> None:
    """The real path on the Korean model: an answer is heard both ways, no word lost to gating."""
    result = voicepath.measure(voicepath.CONFIGS["after"], runs=1)
    for key in ("speech_to_audio_early_ms", "speech_to_audio_final_ms", "vigilance_rtf", "vosk_model_load_s"):
        assert result[key] is not None, key
    assert result["model_copies"] == 1 and result["vigilance_vad"] is True
    assert isinstance(result["vigilance_words_missed_by_gating"], list)
    assert 0.2 <= result["vigilance_speech_share"] <= 0.3
    assert result["peak_rss_mb"] > 100


def test_a_child_reports_its_own_peak_memory_not_its_parents() -> None:
    """ru_maxrss survives exec: a small child of a big parent must not report the parent's peak."""
    import subprocess
    import sys

    ballast = bytearray(300 * 1024 * 1024)  # this process grows by 300 MB
    ballast[::4096] = b"\x01" * len(ballast[::4096])
    code = "from assistant.rss import peak_rss_mb; print(peak_rss_mb())"
    child = float(
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    )
    assert child < 200 < 300 <= len(ballast) / 2**20
