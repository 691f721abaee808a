"""The espeak-ng phonetizer: French words to IPA (understanding/sounds.py's `Phonetizer`).

One espeak-ng process per batch, one word per line; a word espeak-ng does not answer for line by
line is pronounced alone. Results are cached (LRU) for the life of the process. When espeak-ng is
missing (`kinito doctor` says how to install it), `default_phonetizer` returns None and names are
matched by phonetic.py's keys alone.
"""

from __future__ import annotations

import shutil
import subprocess
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from functools import lru_cache

VOICE = "fr"
"""espeak-ng's French voice."""
TIMEOUT = 10.0
"""Seconds an espeak-ng run may take before its words are left unpronounced."""


CACHE_SIZE = 65536
"""Words whose IPA one phonetizer keeps (least recently used go first)."""


class EspeakPhonetizer:
    """French IPA from espeak-ng, cached per word."""

    def __init__(self, program: str = "espeak-ng", size: int = CACHE_SIZE) -> None:
        """`program`: the espeak-ng executable (a name on PATH or a path); `size`: the cache bound."""
        self.program = program
        self._size = size
        self._cache: OrderedDict[str, str] = OrderedDict()

    def __call__(self, words: Sequence[str]) -> Mapping[str, str]:
        """The IPA of each word, in one espeak-ng run for those not cached yet."""
        cache = self._cache
        missing = [w for w in dict.fromkeys(words) if w not in cache]
        if missing:
            lines = self._run("\n".join(w + "." for w in missing)).splitlines()
            if len(lines) == len(missing):
                cache.update(zip(missing, (line.strip() for line in lines), strict=True))
            else:
                cache.update((w, self._run(w + ".").strip()) for w in missing)
        out = {}
        for word in words:
            cache.move_to_end(word)
            out[word] = cache[word]
        while len(cache) > self._size:
            cache.popitem(last=False)
        return out

    def _run(self, text: str) -> str:
        try:
            done = subprocess.run(
                [self.program, "-q", "--ipa", "-v", VOICE, "--stdin"],
                input=text,
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return ""
        return done.stdout


@lru_cache(maxsize=1)
def default_phonetizer() -> EspeakPhonetizer | None:
    """The espeak-ng phonetizer, or None when espeak-ng is not installed."""
    program = shutil.which("espeak-ng")
    return EspeakPhonetizer(program) if program else None
