"""The board's running values (chart, last penalty, journal, move count): fed each entry once, they
equal a fold of the whole log after every line, undos and new games included; the payload stays
bounded however long the night."""

from __future__ import annotations

import json
import random

from assistant.bench.talk import Noise, Talker
from assistant.board.running import Running
from assistant.board.view import BoardView, board_view
from assistant.core.clock import FakeClock
from assistant.game.running import CHART_POINTS, sampled
from assistant.referee.referee import Referee
from assistant.referee.snapshot import snapshot
from assistant.settings.table import table_config

NOISY = Noise(undo=0.08, new_game=0.004)
"""More undos and new games than a party has: the running values must follow each."""


def night(table: dict[str, str], lines: int, seed: int) -> tuple[Referee, Talker, random.Random, FakeClock]:
    clock = FakeClock()
    referee = Referee(table_config(table), clock)
    grammar = referee.parser.grammar  # type: ignore[attr-defined]
    talker = Talker(grammar.phrases, referee.config.players, NOISY, grammar.awaiting)
    return referee, talker, random.Random(seed), clock


def test_q6_l1_c5_running_values_equal_a_full_fold_after_every_line() -> None:
    """Q6 (doses), L1 (lives), C5-C7 (round points): after every heard line of three noisy games,
    the running view is the view of the whole log folded afresh."""
    tables = (
        {"players": "Ana,Bruno,Chloé,David"},
        {"players": "Ana,Bruno,Chloé", "edition": "family"},
        {"game": "cinquillo", "players": "Ana,Bruno,Chloé,David"},
    )
    for seed, table in enumerate(tables):
        referee, talker, rng, clock = night(table, 400, seed)
        view = BoardView()
        undone = 0
        for _ in range(400):
            said = talker.next(referee.expectations(), rng)
            clock.advance(said.wait)
            referee.tick()
            before = len(referee.session.entries)
            seen = snapshot(referee, referee.hear(said.speaker, said.text, said.conf))
            undone += len(referee.session.entries) < before
            assert view(seen) == board_view(seen), (table, said)
        assert undone > 0, table  # the undo path was exercised


def test_an_undo_rolls_back_without_refolding_the_log() -> None:
    """An undo drops the last entry: the running values go back to a mark, not to the start."""
    referee = Referee(table_config({"players": "Ana,Bruno,Chloé"}), FakeClock())
    view = BoardView()
    for line in ("soixante deux", "menteur"):
        view(snapshot(referee, referee.hear("Ana" if line != "menteur" else "Bruno", line)))
    running = view._running
    assert running is not None
    refolds = running.refolds
    view(snapshot(referee, referee.hear("Bruno", "arbitre annule")))
    view(snapshot(referee, referee.hear("Bruno", "menteur")))
    assert running.refolds == refolds


def test_the_payload_stays_bounded_over_a_long_night() -> None:
    """Q6: 1,500 lines with a penalty on most of them: the chart sends at most CHART_POINTS points per
    player, the journal five lines, and the whole JSON stays under 12 KB."""
    referee = Referee(table_config({"players": "Ana,Bruno,Chloé,David,Élodie,Fanny"}), FakeClock())
    view = BoardView()
    sizes = []
    for n in range(1500):
        speaker = referee.state.players[n % 6]
        seen = snapshot(referee, referee.hear(speaker, "arbitre pénalité pour Bruno"))
        data = view(seen)
        sizes.append(len(json.dumps(data, ensure_ascii=False).encode()))
    series = data["chart"]["series"]
    assert max(len(v) for v in series.values()) == CHART_POINTS
    assert series["Bruno"][-1] == data["players"][1]["doses"] > CHART_POINTS
    assert len(data["journal"]) == 5
    assert max(sizes) < 12 * 1024


def test_sampled_keeps_the_first_and_last_points() -> None:
    """A capped chart still starts at the start and ends at the totals now."""
    assert sampled(list(range(10)), 20) == list(range(10))
    picked = sampled(list(range(1000)), 5)
    assert picked[0] == 0 and picked[-1] == 999 and len(picked) == 5


def test_running_starts_over_for_another_log() -> None:
    """A new game (another log) folds from its own start."""
    made: list[int] = []

    class Count:
        def __init__(self) -> None:
            self.n = 0
            made.append(1)

        def feed(self, _event: object) -> None:
            self.n += 1

        def mark(self) -> object:
            return self.n

        def restore(self, mark: object) -> None:
            self.n = int(mark)  # type: ignore[call-overload]

        def value(self) -> dict[str, int]:
            return {"n": self.n}

    class E:
        def __init__(self, k: int) -> None:
            self.events = tuple(range(k))

    running = Running(lambda: [Count()])
    first = [E(2), E(3)]
    assert running.over(first)[0].value() == {"n": 5}
    assert running.over([*first, E(1)])[0].value() == {"n": 6}
    assert running.over([E(4)])[0].value() == {"n": 4}
    assert len(made) == 2


def test_c5_c6_cinquillo_chart_adds_each_round_and_rolls_back() -> None:
    """C5/C6: match points per player after each round (a tie split between its winners); an undo
    of the last round takes its point back off the chart."""
    from assistant.games.cinquillo import events as ce
    from assistant.games.cinquillo.board_view import Running as CinquilloRunning

    config = table_config({"game": "cinquillo", "players": "Ana,Bruno,Chloé"})
    chart = CinquilloRunning(config.rules)
    chart.feed(ce.RoundWon(("Ana",), 5, (0, 3, 4)))
    mark = chart.mark()
    chart.feed(ce.RoundWon(("Bruno", "Chloé"), 2, (1, 0, 0)))
    assert chart.value()["chart"]["series"] == {"Ana": [0, 5, 5], "Bruno": [0, 0, 2], "Chloé": [0, 0, 2]}
    chart.restore(mark)
    assert chart.value()["chart"]["series"] == {"Ana": [0, 5], "Bruno": [0, 0], "Chloé": [0, 0]}
