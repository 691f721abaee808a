"""The board's address, and the QR code that opens it on a phone (segno: SVG for the page, text
blocks for the terminal)."""

from __future__ import annotations

import io
import socket

import segno

ANY_HOSTS = frozenset({"0.0.0.0", "::", ""})
"""Hosts that mean "every interface": phones reach the machine by its LAN address instead."""


def lan_address() -> str:
    """This machine's address on the local network, or 127.0.0.1 when it has none.

    Connecting a UDP socket sends nothing; it only asks the system which interface would be used."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def page_url(host: str, port: int) -> str:
    """The address to open the board at ("http://192.168.1.20:8000/")."""
    shown = lan_address() if host in ANY_HOSTS else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def qr_svg(url: str) -> bytes:
    """The QR code of `url` as a standalone SVG (dark on white, with its quiet zone)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=8, border=2, dark="#111", light="#fff")
    return out.getvalue()


def qr_text(url: str) -> str:
    """The QR code of `url` drawn with block characters, for the terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()
