"""The bench's microphone pace (bench.paced) and its natural lines (bench.corpus_lines)."""

from __future__ import annotations

from assistant.bench.corpus_lines import natural_lines
from assistant.bench.paced import PacedSource
from assistant.game import game_names
from assistant.voice.hear.wavfile import pcm_chunks


def test_a_paced_source_hands_each_chunk_out_once_it_is_captured() -> None:
    """Chunk times stay on the audio's timeline; `at` (the gate's clock) and `last` (when it was
    captured) advance by the audio's own durations, whatever the machine's speed."""
    ticks = iter(range(1000))
    source = PacedSource(list(pcm_chunks(bytes(640 * 8), 0.02)), clock_now=lambda: float(next(ticks)))
    seen = []
    for chunk in source.chunks():
        seen.append((round(chunk.start, 3), round(chunk.at, 3), source.last))
    assert [start for start, _at, _last in seen] == [0.0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.14]
    assert [at for _start, at, _last in seen] == [0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.14, 0.16]
    captured = [last[1] - seen[0][2][1] for _s, _a, last in seen]
    assert [round(c, 3) for c in captured] == [0.0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.14]


def test_the_natural_lines_are_the_corpus_and_the_natural_sets_of_every_game() -> None:
    lines = natural_lines()
    assert {game for game, _text in lines} == set(game_names()) - {"allumettes"}  # the toy has no corpus
    assert len(lines) > 3000
