"""The board's layout measured in a real chromium, by pixel bounds: tables of 3, 8 and 12 players (as
many as the game allows) played through the real referee, published to a board on 127.0.0.1, and
every drawn element checked against the viewport and its parent's box.

`python -m tests.board.layout [DIR]` prints what it finds for every table and size (and saves a PNG of
each in DIR).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.board.server import BoardServer
from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.referee.snapshot import snapshot
from assistant.settings.table import table_config

NAMES = [
    *("Ana", "Bruno", "Chloé", "David", "Émile", "Fanny", "Gwendoline", "Hélène", "Inès"),
    *("Jean-Baptiste", "Marie-Hélène", "Maximilien"),
]
"""Twelve players, long names and hyphens among them."""
SIZES = {"tv": (1920, 1080), "phone": (390, 844)}
"""A TV and a phone."""
SETTLE_SECONDS = 10.0
"""Bounded wait for the page to draw a published state."""


@dataclass(frozen=True)
class Table:
    """One table to draw: a game, its players and the lines heard."""

    name: str
    """How the checks name it ("quinito-12")."""
    header: dict[str, str]
    """The table's settings."""
    lines: tuple[tuple[str, str], ...]
    """(speaker, text) heard in order."""


def quinito(count: int, summary: bool = False) -> Table:
    """A drinking Quinito of `count` players: lifts proved wrong all round (a chart, a penalty, a
    journal; each wrong lifter starts the next round, Q7), the referee refusing a move out of turn, an
    announcement standing, and with `summary` the summary asked for."""
    players = NAMES[:count]
    lines: list[tuple[str, str]] = []
    for i in range(count * 2):
        speaker, nxt = players[i % count], players[(i + 1) % count]
        lines += [(speaker, "soixante deux"), (nxt, "menteur"), ("table", "soixante deux")]
    for i, name in enumerate(players):  # a chart with a line per player
        lines += [(players[0], f"arbitre pénalité pour {name}")] * (i % 4)
    lines.append((players[-1], "soixante deux"))  # not their turn: "Ce n'est pas à toi…"
    lines.append((players[0], "soixante deux"))  # the announcement standing on the cup
    if summary:
        lines.append((players[0], "arbitre bilan"))
    suffix = "-bilan" if summary else ""
    return Table(f"quinito-{count}{suffix}", {"players": ",".join(players), "slow": "off"}, tuple(lines))


def cinquillo(count: int) -> Table:
    """A Cinquillo of `count` players (2 to 4), a few cards laid."""
    players = NAMES[:count]
    header = {"game": "cinquillo", "players": ",".join(players), "slow": "off"}
    if count == 3:
        lines = ((players[0], "arbitre c'est Bruno"), (players[1], "cinq de deniers"))
    else:
        lines = (
            (players[2], "cinq de deniers"),
            (players[3], "six de deniers"),
            (players[0], "cinq de coupes"),
            (players[1], "quatre de deniers"),
        )
    return Table(f"cinquillo-{count}", header, lines)


TABLES = (quinito(3), quinito(8), quinito(12), quinito(12, summary=True), cinquillo(3), cinquillo(4))
"""Every table the checks draw (Cinquillo is played by 2 to 4)."""


def played(table: Table) -> str:
    """The board's JSON once the table's lines are heard."""
    referee = Referee(table_config(table.header), FakeClock())
    said: list[str] = []
    for speaker, text in table.lines:
        said = referee.hear(speaker, text)
    from assistant.board.view import board_view

    return json.dumps(board_view(snapshot(referee, said)), ensure_ascii=False)


MEASURE = (Path(__file__).with_name("measure.js")).read_text(encoding="utf-8")
"""The page's own measurements: a list of problems (empty when the layout holds)."""


def measure(page: Any, tv: bool) -> list[str]:
    """The problems `MEASURE` finds on the page as it stands."""
    return list(page.evaluate(MEASURE, tv))


def wait_drawn(page: Any, moves: int) -> None:
    """Wait (bounded) until the page shows the published state."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while page.get_attribute("body", "data-moves") != str(moves):
        if time.monotonic() > deadline:
            raise AssertionError(f"the page did not draw the state of {moves} moves")
        page.wait_for_timeout(50)
    page.wait_for_timeout(100)  # fonts and layout settle


def check_all(shots: dict[str, str] | None = None) -> Iterator[tuple[str, str, list[str]]]:
    """(table, size, problems) for every table at every size; `shots` maps "table-size" to a PNG path
    to save."""
    from tests.board.browser import browser_page

    board = BoardServer("127.0.0.1", 0)
    board.start()
    try:
        states = [(table, played(table)) for table in TABLES]
        for size, (width, height) in SIZES.items():
            with browser_page(width, height) as page:
                page.goto(board.url)
                for table, data in states:
                    board.hub.publish(data)
                    wait_drawn(page, json.loads(data)["moves"])
                    key = f"{table.name}-{size}"
                    if shots and key in shots:
                        page.screenshot(path=shots[key])
                    yield table.name, size, measure(page, size == "tv")
    finally:
        board.close()


def main(argv: list[str]) -> int:
    """Print the problems of every table and size; with a folder, save a PNG of each too."""
    began = time.monotonic()
    failed = 0
    shots = None
    if argv:
        folder = Path(argv[0])
        folder.mkdir(parents=True, exist_ok=True)
        shots = {f"{t.name}-{size}": str(folder / f"{t.name}-{size}.png") for t in TABLES for size in SIZES}
    for table, size, problems in check_all(shots):
        failed += bool(problems)
        print(f"{table:22} {size:6} {'ok' if not problems else str(len(problems)) + ' problems'}")
        for problem in problems[:12]:
            print(f"    {problem}")
    print(f"{time.monotonic() - began:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
