"""Memory of this process: peak (getrusage) and current (/proc) resident set size, in MB."""

from __future__ import annotations

import resource
from pathlib import Path

_PAGE = resource.getpagesize()


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far (Linux reports ru_maxrss in KiB)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def current_rss_mb() -> float:
    """Resident memory now (from /proc/self/statm); the peak where /proc is missing."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return peak_rss_mb()
    return round(pages * _PAGE / (1024 * 1024), 1)
