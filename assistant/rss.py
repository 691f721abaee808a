"""Memory of this process: peak (getrusage) and current (/proc) resident set size, in MB."""

from __future__ import annotations

import resource
from pathlib import Path

_PAGE = resource.getpagesize()


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far: VmHWM of /proc/self/status, else ru_maxrss.

    ru_maxrss survives exec on Linux: a child started from a big process reports its parent's peak
    (the bench's voice-path children read the bench's 1,175 MB so); VmHWM belongs to the program."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def current_rss_mb() -> float:
    """Resident memory now (from /proc/self/statm); the peak where /proc is missing."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return peak_rss_mb()
    return round(pages * _PAGE / (1024 * 1024), 1)
