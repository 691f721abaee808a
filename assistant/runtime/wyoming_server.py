"""A bounded Wyoming server: at most `max_connections` peers, each dropped when idle or slow.

`BoundedServer` binds first (a taken port is one French sentence, before anything says it serves),
then reads every event through `wyoming_wire.read_event` (capped sizes, checked JSON): an event must
arrive whole within `idle_seconds` of the previous one, so an idle peer, a slowloris trickling bytes
or a half-sent event is cut. A peer over the connection limit is closed at once. A peer that breaks
the protocol loses its connection, never the server. Accept errors (descriptors exhausted) are one
warning, then counted at debug level, instead of asyncio's traceback; asyncio pauses accepting by itself.
`-v` logs each connection and each event received.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

from assistant.errors import UserError, tell
from assistant.voice.wyoming.wire import Event, Limits, PeerError, read_event, write_event

LOG = logging.getLogger("kinito.wyoming")
Reply = Callable[[Event], Awaitable[Event | None]]
"""What the service answers to one event (None: no answer)."""
_BIND_REASONS = {
    errno.EADDRNOTAVAIL: "cette adresse n'est pas celle de cette machine",
    errno.EACCES: "permission refusée (un port sous 1024 demande d'être root)",
    errno.ENOENT: "le dossier du socket n'existe pas",
    errno.EMFILE: "trop de fichiers ouverts",
}
"""Why a bind failed, in French, for the errors a host makes."""


@dataclass(frozen=True)
class ServerLimits:
    """How much one server gives its peers."""

    max_connections: int = 32
    """Peers served at once; one more is closed as soon as it connects."""
    idle_seconds: float = 30.0
    """Longest wait for the next whole event (idle, slow or half-sent peers are cut after it)."""
    wire: Limits = field(default_factory=Limits)
    """Caps on each event's header, data and payload."""


class _Quiet:
    """asyncio's exception handler without the traceback: the first occurrence of each message is
    logged (descriptors exhausted: one French warning), then one line per 1,000."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", "erreur asyncio"))
        error = context.get("exception")
        count = self.seen[message] = self.seen.get(message, 0) + 1
        if count == 1 and isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE):
            tell("plus de descripteurs de fichiers libres : des connexions attendent leur tour.")
        if count == 1 or count % 1000 == 0:
            LOG.debug("wyoming : %s (%s, %d fois)", message, type(error).__name__ if error else "-", count)


class BoundedServer:
    """Serves `reply` on one address (tcp://host:port or unix:///path) within `limits`."""

    def __init__(self, uri: str, reply: Reply, limits: ServerLimits | None = None) -> None:
        self.uri = uri
        self.reply = reply
        self.limits = limits or ServerLimits()
        self.active = 0
        """Connections being served now."""
        self.refused = 0
        """Connections closed because the limit was reached."""
        self._server: asyncio.Server | None = None

    @property
    def port(self) -> int | None:
        """The TCP port bound (the one asked for, or the system's choice for port 0)."""
        if self._server is None or not self._server.sockets:
            return None
        name = self._server.sockets[0].getsockname()
        return int(name[1]) if isinstance(name, tuple) else None

    async def start(self) -> None:
        """Bind the address; a taken port or a refused address is a UserError (nothing served yet)."""
        asyncio.get_running_loop().set_exception_handler(_Quiet())
        parsed = urlparse(self.uri)
        stream_limit = self.limits.wire.header + 1
        try:
            if parsed.scheme == "unix":
                self._server = await asyncio.start_unix_server(
                    self._serve, path=parsed.path, limit=stream_limit
                )
            else:
                self._server = await asyncio.start_server(
                    self._serve, parsed.hostname, parsed.port, limit=stream_limit
                )
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise UserError(
                    f"L'adresse {self.uri} est déjà prise par un autre programme.",
                    "choisis un autre port, par exemple kinito serve --uri tcp://127.0.0.1:10751",
                ) from None
            why = _BIND_REASONS.get(error.errno or 0, "le système refuse")
            raise UserError(
                f"Impossible d'écouter sur {self.uri} : {why}.",
                "vérifie l'adresse de --uri (tcp://127.0.0.1:10750 par exemple)",
            ) from None

    async def serve_forever(self) -> None:
        """Serve until cancelled."""
        assert self._server is not None, "start() first"
        async with self._server:
            await self._server.serve_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername") or self.uri
        if self.active >= self.limits.max_connections:
            self.refused += 1
            LOG.debug("wyoming %s : refusé, déjà %d connexions", peer, self.active)
            writer.close()
            return
        self.active += 1
        LOG.debug("wyoming %s : connecté", peer)
        why = "fermé par le client"
        try:
            while True:
                event = await asyncio.wait_for(read_event(reader, self.limits.wire), self.limits.idle_seconds)
                if event is None:
                    break
                LOG.debug("wyoming %s : reçu %s", peer, event.type)
                answer = await self.reply(event)
                if answer is not None:
                    await asyncio.wait_for(write_event(writer, answer), self.limits.idle_seconds)
                    LOG.debug("wyoming %s : envoyé %s", peer, answer.type)
        except TimeoutError:
            why = f"rien de complet en {self.limits.idle_seconds:g} s"
        except PeerError as error:
            why = f"protocole enfreint : {error}"
        except (OSError, EOFError) as error:
            why = f"connexion perdue ({type(error).__name__})"
        finally:
            self.active -= 1
            LOG.debug("wyoming %s : déconnecté (%s)", peer, why)
            writer.close()
            with contextlib.suppress(OSError, TimeoutError):
                await asyncio.wait_for(writer.wait_closed(), 1.0)
