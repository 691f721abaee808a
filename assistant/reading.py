"""Reading what people hand to kinito (scripts, settings, typed lines) without trusting it.

A file is read up to a size limit (so `/dev/zero` or a huge file is refused, not swallowed), must be
UTF-8 (a byte-order mark is accepted, UTF-16 with its mark too), and every failure is one French
sentence naming the file. Lines typed on stdin are decoded one at a time, so a stray byte costs that
line's bad character, never the lines around it.
"""

from __future__ import annotations

import codecs
import os
import select
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from assistant.errors import UserError, os_reason

SCRIPT_LIMIT = 32 * 1024 * 1024
"""Bytes a written game may take (a 96,000-line script is about 3 MB)."""
SETTINGS_LIMIT = 1024 * 1024
"""Bytes a settings file may take."""
LINE_LIMIT = 64 * 1024
"""Bytes of one typed line (a transcript is a few dozen)."""
OVERLONG_LIMIT = 1024 * 1024
"""Bytes of one line past which the stream is no typed text at all (`/dev/zero`): refused."""
STREAM_LIMIT = 256 * 1024 * 1024
"""Bytes read from standard input in all (a night of typed lines is well under a megabyte)."""
PIPE_SECONDS = 5.0
"""How long a named pipe (FIFO) given as a file may take to deliver its whole text."""


def read_text(path: str | Path, what: str, limit: int) -> str:
    """The text of the file at `path` ("le script", "le fichier de réglages"...): at most `limit`
    bytes, UTF-8 or UTF-16 with a byte-order mark; UserError otherwise. A named pipe is read for
    PIPE_SECONDS at most; a device (`/dev/zero`) is read up to `limit` only."""
    return decode(read_bytes(path, what, limit), f"{what} {path}")


def read_bytes(path: str | Path, what: str, limit: int) -> bytes:
    """The bytes of the file at `path`, at most `limit`, within PIPE_SECONDS for a named pipe."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO without a writer does not block here
    except OSError as error:
        raise UserError(f"Impossible de lire {what} {path} : {os_reason(error)}.") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise UserError(f"Impossible de lire {what} {path} : c'est un dossier.")
        if stat.S_ISFIFO(mode):
            data = _read_pipe(fd, path, what, limit)
        else:
            os.set_blocking(fd, True)
            with os.fdopen(os.dup(fd), "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as error:
        raise UserError(f"Impossible de lire {what} {path} : {os_reason(error)}.") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise UserError(f"{what.capitalize()} {path} est trop gros (plus de {limit // 1024} Kio).")
    return data


def _read_pipe(fd: int, path: str | Path, what: str, limit: int) -> bytes:
    """A named pipe's bytes until its writer closes it, within PIPE_SECONDS."""
    deadline = time.monotonic() + PIPE_SECONDS
    chunks: list[bytes] = []
    size = 0
    writer_seen = False
    while size <= limit:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise UserError(
                f"Impossible de lire {what} {path} : ce tube n'a rien donné en {PIPE_SECONDS:g} s"
                " (personne n'y écrit)."
            )
        chunk = os.read(fd, 65536)
        if not chunk:
            if writer_seen:
                break
            time.sleep(0.05)  # no writer yet: a FIFO reads as ended until one opens it
            continue
        writer_seen = True
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


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
            " enregistre-le en UTF-8."
        ) from None


def text_lines(
    stream: BinaryIO, limit: int = LINE_LIMIT, overlong: int = OVERLONG_LIMIT, total: int = STREAM_LIMIT
) -> Iterator[str]:
    """Lines of a byte stream (stdin's buffer) as text, each decoded on its own (a bad byte becomes
    U+FFFD); a line longer than `limit` bytes is cut there and the rest of it skipped. A line longer
    than `overlong` bytes, or more than `total` bytes in all, is no typed text: a UserError."""
    read = 0
    while chunk := stream.readline(limit):
        read += len(chunk)
        if len(chunk) == limit and not chunk.endswith(b"\n"):
            skipped = len(chunk)
            while (rest := stream.readline(limit)) and not rest.endswith(b"\n"):
                skipped += len(rest)
                if skipped > overlong:
                    raise UserError(
                        f"L'entrée standard a une ligne de plus de {overlong // 1024} Kio sans retour à la"
                        " ligne : ce n'est pas du texte (une ligne par phrase)."
                    )
            read += skipped - len(chunk) + len(rest)
        if read > total:
            raise UserError(
                f"L'entrée standard dépasse {total // (1024 * 1024)} Mio : découpe-la en plusieurs fois."
            )
        yield chunk.decode("utf-8", errors="replace").rstrip("\r\n")
