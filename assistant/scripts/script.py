"""Written game transcripts for `kinito replay` (docs/command-line.md, "Script format").

A script is `key: value` header lines, a line `---`, then one utterance a line as `SPEAKER: words`.
SPEAKER is a player's name, `table` (someone, not attributed) or `wait` (seconds of silence).
`#` starts a comment. Lines `# expect: {json}` are comments to the referee; the test suite reads
them as the outcome a script must reach (several such lines merge into one object).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.errors import UserError
from assistant.reading import SCRIPT_LIMIT, read_text
from assistant.settings.table import header_keys

TABLE = "table"
"""The speaker of an unattributed line."""
WAIT = "wait"
"""The pseudo-speaker of a silence."""
EXPECT_PREFIX = "# expect:"
WAIT_LIMIT = 3600.0
"""The longest silence one `wait:` line may write (an hour; `wait: inf` would never end)."""


@dataclass(frozen=True)
class Line:
    """One utterance (or silence) of a script."""

    speaker: str
    """A player's name as written, `table`, or `wait`."""
    text: str
    """The words heard (or, for `wait`, the seconds)."""
    number: int
    """1-based line number in the file, for error messages."""


@dataclass(frozen=True)
class Script:
    """A parsed game transcript."""

    header: dict[str, str]
    """Header keys (lower case) to raw values."""
    lines: tuple[Line, ...]
    """Utterances in order."""
    expect: dict[str, Any] = field(default_factory=dict)
    """The merged `# expect:` objects (empty when none)."""


def _strip_comment(raw: str) -> str:
    """Drop a `#` comment (the whole rest of the line)."""
    index = raw.find("#")
    return raw if index < 0 else raw[:index]


def _expectation(raw: str, number: int) -> dict[str, Any]:
    try:
        value = json.loads(raw[len(EXPECT_PREFIX) :])
    except json.JSONDecodeError as error:
        raise UserError(f"Ligne {number} : l'attendu n'est pas du JSON valide ({error.msg}).") from None
    if not isinstance(value, dict):
        raise UserError(f"Ligne {number} : l'attendu doit être un objet JSON.")
    return value


def parse_script(text: str) -> Script:
    """Parse a script; raises UserError with the line number on a malformed line."""
    header: dict[str, str] = {}
    lines: list[Line] = []
    expect: dict[str, Any] = {}
    in_body = False
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip().startswith(EXPECT_PREFIX):
            expect.update(_expectation(raw.strip(), number))
            continue
        content = _strip_comment(raw).strip()
        if not content:
            continue
        if content == "---" and not in_body:
            in_body = True
            continue
        key, sep, value = content.partition(":")
        if not sep or not key.strip():
            where = "l'utterance" if in_body else "l'en-tête"
            raise UserError(f"Ligne {number} : {where} doit avoir la forme « clé: valeur ».")
        if in_body:
            lines.append(_utterance(key.strip(), value.strip(), number))
        else:
            name = key.strip().lower()
            if name not in header_keys():
                known = ", ".join(sorted(header_keys()))
                raise UserError(
                    f"Ligne {number} : clé d'en-tête inconnue « {name} » (connues : {known}) ;"
                    " ou bien la ligne --- manque avant la partie."
                )
            header[name] = value.strip()
    if not in_body:
        raise UserError("Le script n'a pas de ligne « --- » entre l'en-tête et la partie.")
    return Script(header, tuple(lines), expect)


def _utterance(speaker: str, words: str, number: int) -> Line:
    if speaker.lower() == WAIT:
        try:
            seconds = float(words)
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds <= WAIT_LIMIT:  # also refuses nan and inf
            raise UserError(
                f"Ligne {number} : « wait » attend un nombre de secondes de 0 à {WAIT_LIMIT:g},"
                f" pas « {words} »."
            )
        return Line(WAIT, words, number)
    if speaker.lower() == TABLE:
        return Line(TABLE, words, number)
    return Line(speaker, words, number)


def load_script(path: str | Path) -> Script:
    """Read and parse a script file; a missing file is a UserError."""
    return parse_script(read_text(path, "le script", SCRIPT_LIMIT))
