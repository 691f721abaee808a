"""One JSON value on one line, whatever text it carries (docs/command-line.md: `--jsonl` is one object a
line).

`json.dumps(..., ensure_ascii=False)` keeps U+0085, U+2028 and U+2029 as they are, and Python's
`str.splitlines` (and many JSONL readers) break lines there: one object would read as two. They are
escaped (`\\u2028`), which is still the same JSON string.
"""

from __future__ import annotations

import json
from typing import Any

_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def dumps(value: Any) -> str:
    """`value` as compact-enough JSON, non-ASCII kept readable, on exactly one line."""
    return json.dumps(value, ensure_ascii=False).translate(_LINE_BREAKS)
