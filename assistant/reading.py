"""Reading what people hand to kinito (scripts, settings, typed lines) without trusting it.

A file is read up to a size limit (so `/dev/zero` or a huge file is refused, not swallowed), must be
UTF-8 (a byte-order mark is accepted, UTF-16 with its mark too), and every failure is one French
sentence naming the file. Lines typed on stdin are decoded one at a time, so a stray byte costs that
line's bad character, never the lines around it.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from assistant.errors import UserError

SCRIPT_LIMIT = 32 * 1024 * 1024
"""Bytes a written game may take (a 96,000-line script is about 3 MB)."""
SETTINGS_LIMIT = 1024 * 1024
"""Bytes a settings file may take."""
LINE_LIMIT = 64 * 1024
"""Bytes of one typed line (a transcript is a few dozen)."""


def read_text(path: str | Path, what: str, limit: int) -> str:
    """The text of the file at `path` ("le script", "le fichier de réglages"...): at most `limit`
    bytes, UTF-8 or UTF-16 with a byte-order mark; UserError otherwise."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except IsADirectoryError:
        raise UserError(f"Impossible de lire {what} {path} : c'est un dossier.") from None
    except OSError as error:
        raise UserError(f"Impossible de lire {what} {path} : {error.strerror or error}.") from None
    if len(data) > limit:
        raise UserError(f"{what.capitalize()} {path} est trop gros (plus de {limit // 1024} Kio).")
    return decode(data, f"{what} {path}")


def decode(data: bytes, what: str) -> str:
    """UTF-8 (optional byte-order mark) or UTF-16 with its mark; UserError naming `what` otherwise."""
    utf16 = data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    encoding = "utf-16" if utf16 else "utf-8-sig"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise UserError(
            f"{what[0].upper()}{what[1:]} n'est pas en UTF-8 (octet illisible ligne {line}) :"
            " enregistrez-le en UTF-8."
        ) from None


def text_lines(stream: BinaryIO, limit: int = LINE_LIMIT) -> Iterator[str]:
    """Lines of a byte stream (stdin's buffer) as text, each decoded on its own (a bad byte becomes
    U+FFFD); a line longer than `limit` bytes is cut there and the rest of it skipped."""
    while chunk := stream.readline(limit):
        if len(chunk) == limit and not chunk.endswith(b"\n"):
            while (rest := stream.readline(limit)) and not rest.endswith(b"\n"):
                pass
        yield chunk.decode("utf-8", errors="replace").rstrip("\r\n")
