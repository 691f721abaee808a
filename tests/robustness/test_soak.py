"""A shortened soak (assistant/bench/soak.py): 2,000 utterances of a noisy party against the real referee
and SQLite, resumed from the store every 250 lines.

The full run is `python -m assistant.bench.soak --hours 6` (or `kinito bench --soak 6`)."""

from __future__ import annotations

import json
from pathlib import Path

from assistant.bench.soak import PARTY, main, soak


def test_short_soak_raises_nothing_stays_consistent_and_memory_stays_bounded(tmp_path: Path) -> None:
    report = soak(2_000, tmp_path / "soak.sqlite3", seed=7, resume_every=250, sample_every=500, noise=PARTY)
    assert report.problems == []
    assert report.utterances == 2_000
    assert report.resumes == 8
    assert report.undos > 0 and report.penalties > 0
    assert report.store_errors == 0
    rss = [s.rss_mb for s in report.samples]
    assert len(rss) == 4
    assert rss[-1] - rss[0] < 60, f"memory grew from {rss[0]} MB to {rss[-1]} MB in 2,000 utterances"
    assert all(s.store_kb > 0 for s in report.samples)
    assert report.samples[-1].party_s > 2_000  # the fake clock advanced realistic seconds


def test_soak_stops_at_the_party_hours_given(tmp_path: Path) -> None:
    report = soak(10**9, tmp_path / "soak.sqlite3", hours=0.2, resume_every=100, noise=PARTY)
    assert report.problems == []
    assert 0.2 * 3600 <= report.samples[-1].party_s < 0.2 * 3600 + 120
    assert 100 < report.utterances < 2_000


def test_soak_command_line_prints_one_json_report(tmp_path: Path, capsys: object) -> None:
    import pytest

    assert isinstance(capsys, pytest.CaptureFixture)
    assert main(["--utterances", "300", "--json", "--db", str(tmp_path / "s.sqlite3")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["utterances"] == 300 and report["problems"] == []
    assert {"rss_growth_mb", "peak_rss_mb", "samples"} <= set(report)
