"""Progress bars where work is long (the model download, `kinito simulate`), drawn by tqdm.

On a terminal the bar is redrawn in place, with rate and time left. Anywhere else (a pipe, a log
file, CI) it is written only when the work starts and when it ends, so a log gets its result rather
than hundreds of redraws. No stream, no bar.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import NoReturn, TextIO

from tqdm import tqdm


def progress_bar(
    stream: TextIO | None,
    total: float | None,
    desc: str,
    unit: str,
    initial: float = 0,
    in_bytes: bool = False,
) -> tqdm[NoReturn]:
    """A bar on `stream` counting `unit`s up to `total` (None: unknown); `in_bytes` shows kB/MB."""
    tty = stream is not None and stream.isatty()
    return tqdm(
        total=total,
        initial=initial,
        desc=desc,
        unit=unit,
        unit_scale=in_bytes,
        unit_divisor=1024 if in_bytes else 1000,
        file=stream,
        disable=stream is None,
        mininterval=0.1 if tty else float("inf"),
        maxinterval=10.0 if tty else float("inf"),
        dynamic_ncols=tty,
        leave=True,
    )


TICK_SECONDS = 1.0
"""How often a wait is redrawn on a terminal."""
LOG_TICK_SECONDS = 10.0
"""How often a wait writes a new line where it cannot redraw (a pipe, a log file)."""


@contextlib.contextmanager
def waiting(stream: TextIO | None, what: str) -> Iterator[None]:
    """Say on `stream` that `what` is under way ("chargement du modèle vocal"), with the seconds
    elapsed while it lasts (redrawn each second on a terminal, a line every 10 s elsewhere), and how
    long it took; nothing without a stream. For waits that give no progress of their own (a C call)."""
    if stream is None:
        yield
        return
    tty = stream.isatty()
    began = time.monotonic()
    done = threading.Event()

    def line(text: str, last: bool = False) -> None:
        """One state of the wait: redrawn in place on a terminal (a new line at the end)."""
        with contextlib.suppress(OSError, ValueError):
            if tty:
                print(f"\r\033[Kkinito: {text}", file=stream, end="\n" if last else "", flush=True)
            else:
                print(f"kinito: {text}", file=stream, flush=True)

    def tick() -> None:
        while not done.wait(TICK_SECONDS if tty else LOG_TICK_SECONDS):
            line(f"{what}… {time.monotonic() - began:.0f} s")

    line(f"{what}…")
    ticker = threading.Thread(target=tick, name="kinito-waiting", daemon=True)
    ticker.start()
    try:
        yield
    finally:
        done.set()
        ticker.join()
        line(f"{what} : fait en {time.monotonic() - began:.1f} s.", last=True)
