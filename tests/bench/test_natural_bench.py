"""`kinito bench`'s natural-table key group: named and anonymous figures, flat keys, timings."""

from __future__ import annotations

from assistant.bench.natural import FLAT, natural_table


def test_the_natural_table_group_has_both_runs_and_their_flat_keys() -> None:
    out = natural_table(games=1)
    assert set(out["natural_table"]) == {"named", "anonymous"}
    for run in ("named", "anonymous"):
        report = out["natural_table"][run]
        assert report["games"] == 1 and report["anonymous"] is (run == "anonymous")
        assert report["games_per_s"] is None or report["games_per_s"] > 0
        for key in FLAT:
            assert out[f"natural_{run}_{key}"] == report[key]
