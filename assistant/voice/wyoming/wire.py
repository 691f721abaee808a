"""Wyoming events read from a peer that is not trusted: every size capped, every field checked.

A Wyoming event is a JSON header line, then `data_length` bytes of JSON data, then `payload_length`
bytes of payload. `read_event` refuses a header longer than `Limits.header`, and a `data_length` or
`payload_length` over its cap before reading a byte of it (a 2 GB claim allocates nothing), JSON
constants NaN/Infinity, and anything that is not an object where an object is due. Every refusal
is a `PeerError` (a ConnectionError: the caller drops that connection as it would a cut one).
`audio_format` and `text_field` check the fields kinito reads. `write_event` writes as the `wyoming`
package does (data after the header line, `data_length` giving its size), so its peers read it.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

HEADER_CAP = 64 * 1024
"""Bytes of one header line (the `wyoming` package's own writers stay far below)."""
DATA_CAP = 64 * 1024
"""Bytes of one event's JSON data."""
PAYLOAD_CAP = 1024 * 1024
"""Bytes of one payload: about 23 s of 22 kHz mono audio, where peers send 1,024 frames a chunk."""
MAX_RATE = 192_000
"""The highest sample rate accepted (Hz)."""
MAX_CHANNELS = 8
"""The most interleaved channels accepted."""
WIDTHS = (1, 2, 3, 4)
"""Sample widths in bytes that `wavfile.mono16` converts."""
VERSION = "1.5.4"
"""The protocol version written in each header (peers only log it)."""


class PeerError(ConnectionError):
    """A peer sent what the protocol does not allow: the connection is dropped, nothing else."""


@dataclass(frozen=True)
class Event:
    """One Wyoming event."""

    type: str
    """The event's type ("describe", "transcript", "audio-chunk"...)."""
    data: dict[str, Any] = field(default_factory=dict)
    """Its JSON data (an object)."""
    payload: bytes | None = None
    """Its binary payload (audio), if any."""


@dataclass(frozen=True)
class Limits:
    """The caps one connection's events must respect."""

    header: int = HEADER_CAP
    """Bytes of the JSON header line."""
    data: int = DATA_CAP
    """Bytes of the JSON data block."""
    payload: int = PAYLOAD_CAP
    """Bytes of the binary payload."""


@dataclass(frozen=True)
class AudioFormat:
    """An audio event's format, checked."""

    rate: int
    """Samples per second, 1 to MAX_RATE."""
    width: int
    """Bytes per sample, one of WIDTHS."""
    channels: int
    """Interleaved channels, 1 to MAX_CHANNELS."""


def _refuse_constant(name: str) -> Any:
    raise PeerError(f"constante JSON refusée : {name}")


def json_object(raw: bytes, what: str) -> dict[str, Any]:
    """`raw` as a JSON object (NaN, Infinity, a list or bad UTF-8 are PeerErrors)."""
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise PeerError(f"{what} illisible ({type(error).__name__})") from None
    if not isinstance(value, dict):
        raise PeerError(f"{what} : un objet JSON attendu, pas {type(value).__name__}")
    return value


def _length(header: dict[str, Any], key: str, cap: int) -> int:
    value = header.get(key)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PeerError(f"{key} invalide : {value!r:.40}")
    if value > cap:
        raise PeerError(f"{key} trop grand : {value} octets (au plus {cap})")
    return value


async def read_event(reader: asyncio.StreamReader, limits: Limits | None = None) -> Event | None:
    """The next event; None when the peer closed cleanly between events; PeerError when it broke a
    rule; OSError when the connection was cut or reset."""
    limits = limits or Limits()
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError as error:
        if not error.partial:
            return None
        raise PeerError("connexion coupée au milieu d'un en-tête") from None
    except asyncio.LimitOverrunError:
        raise PeerError(f"en-tête trop long (au plus {limits.header} octets)") from None
    if len(line) > limits.header:
        raise PeerError(f"en-tête trop long (au plus {limits.header} octets)")
    header = json_object(line, "en-tête")
    kind = header.get("type")
    if not isinstance(kind, str) or not kind:
        raise PeerError("en-tête sans type")
    data_length = _length(header, "data_length", limits.data)
    payload_length = _length(header, "payload_length", limits.payload)
    inline = header.get("data")
    if inline is None:
        inline = {}
    if not isinstance(inline, dict):
        raise PeerError("data : un objet JSON attendu")
    data = dict(inline)
    try:
        if data_length:
            data.update(json_object(await reader.readexactly(data_length), "données"))
        payload = await reader.readexactly(payload_length) if payload_length else None
    except asyncio.IncompleteReadError:
        raise PeerError("connexion coupée au milieu d'un événement") from None
    return Event(type=kind, data=data, payload=payload)


def encode(event: Event) -> bytes:
    """The event's bytes on the wire."""
    header: dict[str, Any] = {"type": event.type, "version": VERSION}
    data = json.dumps(event.data, ensure_ascii=False).encode("utf-8") if event.data else b""
    if data:
        header["data_length"] = len(data)
    if event.payload:
        header["payload_length"] = len(event.payload)
    line = json.dumps(header, ensure_ascii=False).encode("utf-8") + b"\n"
    return line + data + (event.payload or b"")


async def write_event(writer: asyncio.StreamWriter, event: Event) -> None:
    """Send one event (and wait until the transport took it)."""
    writer.write(encode(event))
    await writer.drain()


def _int_field(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PeerError(f"{key} invalide : {value!r:.40} (entier de {low} à {high} attendu)")
    return value


def audio_format(data: dict[str, Any]) -> AudioFormat:
    """The rate, width and channels of an audio-start or audio-chunk event, each checked."""
    rate = _int_field(data, "rate", 1, MAX_RATE)
    width = _int_field(data, "width", 1, max(WIDTHS))
    channels = _int_field(data, "channels", 1, MAX_CHANNELS)
    return AudioFormat(rate, width, channels)


def text_field(data: dict[str, Any], key: str = "text", cap: int = 4096) -> str:
    """A string field (a number, a list or null is a PeerError), cut to `cap` characters."""
    value = data.get(key)
    if not isinstance(value, str):
        raise PeerError(f"{key} : du texte attendu, pas {type(value).__name__}")
    return value[:cap]
