"""`kinito bench`: the figures' helpers, the targets of And the command's JSON contract."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import wave
from pathlib import Path

from assistant.bench import measures, voice
from assistant.bench.compare import TARGETS, targets
from assistant.bench.talk import Talker
from assistant.game import get_game
from assistant.understanding.parser import Parser

CONTRACT_KEYS = {
    "parse_p50_us",
    "parse_p99_us",
    "referee_p99_ms",
    "engine_moves_per_s",
    "tts_first_audio_ms",
    "vosk_rtf",
    "endpoint_ms",
    "peak_rss_mb",
    "speech_to_audio_early_ms",
    "speech_to_audio_final_ms",
    "vigilance_rtf",
    "vosk_model_load_s",
}
"""docs/command-line.md `kinito bench`, voice-path keys included."""


def test_percentile_is_nearest_rank() -> None:
    values = list(range(1, 101))
    assert measures.percentile(values, 0.5) in (50, 51)
    assert measures.percentile(values, 0.99) == 99
    assert measures.percentile([7.0], 0.99) == 7.0


def test_typo_changes_one_letter_of_one_long_word() -> None:
    rng = random.Random(3)
    for text in ("soixante deux", "je soulève le gobelet", "arbitre annule"):
        changed = measures.typo(text, rng)
        assert len(changed) == len(text)
        assert sum(a != b for a, b in zip(changed, text, strict=True)) <= 1
    assert measures.typo("ok un", rng) == "ok un"


def test_varied_lines_cover_corpus_near_misses_grammar_and_chatter() -> None:
    kinds = measures.varied_lines(seed=0, grammar_sample=200)
    assert set(kinds) == {"corpus", "no_hyphens", "typo", "grammar", "chatter"}
    assert len(kinds["grammar"]) == 200
    if measures.CORPUS_DIR.is_dir():
        assert len(kinds["corpus"]) > 1000
        assert {game for game, _ in kinds["corpus"]} == {"quinito", "cinquillo"}


def test_targets_say_met_missed_or_unmeasured() -> None:
    results = {"parse_p99_us": 300.0, "referee_p99_ms": 80.0, "engine_moves_per_s": 60_000, "vosk_rtf": None}
    verdict = targets(results)
    assert set(verdict) == set(TARGETS)
    assert verdict["parse_p99_us"]["met"] is True
    assert verdict["referee_p99_ms"]["met"] is False
    assert verdict["engine_moves_per_s"]["met"] is True
    assert verdict["vosk_rtf"]["met"] is None and verdict["endpoint_ms"]["met"] is None


def test_talker_answers_what_is_awaited_with_grammar_phrases() -> None:
    parser = Parser(get_game("quinito"), measures.PLAYERS)
    talker = Talker(parser.grammar.phrases, measures.PLAYERS, moments=parser.grammar.awaiting)
    rng = random.Random(1)
    for awaiting, intents in {
        "announce": {"score", "reroll", "quinito", "defi", "reverse"},
        "response": {"accept", "challenge", "score"},
        "counter_or_submit": {"counter", "accept"},
        "over": {"new_game"},
    }.items():
        for _ in range(20):
            assert parser.parse(talker.move(awaiting, rng)).intent in intents, awaiting


def test_bench_audio_is_speech_made_by_espeak(tmp_path: Path) -> None:
    for language in ("fr", "ko"):
        with wave.open(str(voice.bench_audio(language, tmp_path)), "rb") as wav:
            assert wav.getnframes() / wav.getframerate() > 1.0


def test_installed_model_is_the_french_one_or_the_korean_package() -> None:
    found = voice.installed_model()
    assert found is None or (found[0].is_dir() and found[1] in ("fr", "ko"))


def test_kinito_bench_quick_prints_one_json_object_with_the_contract_keys(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "bench", "--json", "--quick", "--skip-vosk"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert set(results) >= CONTRACT_KEYS
    assert results["vosk_rtf"] is None and results["endpoint_ms"] is None
    assert results["speech_to_audio_final_ms"] is None and results["voice_path"] is None
    assert results["parse_p50_us"] <= results["parse_p99_us"]
    assert results["parse_lines"] > 500 and results["referee_utterances"] >= 600
    assert results["engine_moves_per_s"] > 1000
    assert results["peak_rss_mb"] > 10
    assert set(results["targets"]) == set(TARGETS)
    assert "bench: parse" in done.stderr


def test_kinito_bench_soak_flag_runs_a_short_party(capsys: object) -> None:
    import argparse

    import pytest

    from assistant.commands import bench

    assert isinstance(capsys, pytest.CaptureFixture)
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    assert bench.run(parser.parse_args(["--soak", "0.05"])) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == [] and report["utterances"] > 20
    assert report["samples"][-1]["party_s"] >= 0.05 * 3600
