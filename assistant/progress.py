"""Progress bars where work is long (the model download, `kinito simulate`), drawn by tqdm.

On a terminal the bar is redrawn in place, with rate and time left. Anywhere else (a pipe, a log
file, CI) it is written only when the work starts and when it ends, so a log gets its result rather
than hundreds of redraws. No stream, no bar.
"""

from __future__ import annotations

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
