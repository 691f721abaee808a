"""Wyoming addresses: `tcp://host:port` (another machine, or loopback) or `unix:///path/to/socket`
(a service on this machine), as the `wyoming` package's clients and servers take them, and the
connection to one (`open_stream`)."""

from __future__ import annotations

import asyncio
from urllib.parse import urlparse

from assistant.errors import UserError


def parse_uri(uri: str, flag: str = "--tts-uri") -> str:
    """The URI itself when it is `tcp://host:port` or `unix://PATH`; else a UserError naming the forms."""
    parsed = urlparse(uri)
    try:
        port = parsed.port
    except ValueError:
        port = None
    if parsed.scheme == "tcp" and parsed.hostname and port is not None:
        return uri
    if parsed.scheme == "unix" and parsed.path and not parsed.netloc:
        return uri
    raise UserError(
        f"Adresse Wyoming invalide : {uri} ({flag} tcp://hôte:port ou unix:///chemin/du/socket attendu)."
    )


async def open_stream(uri: str, limit: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection to a URI `parse_uri` accepted, its reader's line buffer capped at `limit` bytes."""
    parsed = urlparse(uri)
    if parsed.scheme == "unix":
        return await asyncio.open_unix_connection(parsed.path, limit=limit)
    return await asyncio.open_connection(parsed.hostname, parsed.port, limit=limit)
