"""Announce `kinito serve` on the local network as the wyoming-* services do (mDNS, `_wyoming._tcp`),
so that Home Assistant discovers it (Paramètres > Appareils et services > Découvert).

The address announced is the one served: 127.0.0.1 is announced on the loopback interface only
(nothing leaves the machine); 0.0.0.0 announces the machine's LAN address, found as the
`wyoming` package finds it (the interface a datagram to the mDNS group would leave by).
"""

from __future__ import annotations

import contextlib
import socket
from dataclasses import dataclass

SERVICE_TYPE = "_wyoming._tcp.local."
"""The service type Home Assistant's Wyoming integration browses for."""
MDNS_GROUP = "224.0.0.251"


@dataclass(frozen=True)
class Announcement:
    """What is announced."""

    name: str
    """The service instance's full name (`kinito-HOST._wyoming._tcp.local.`)."""
    address: str
    """The IPv4 address announced."""
    port: int
    """The TCP port served."""


def lan_address() -> str:
    """This machine's address on the local network (127.0.0.1 when it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((MDNS_GROUP, 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def announcement(host: str, port: int) -> Announcement:
    """The announcement for a server bound to `host`:`port`."""
    address = lan_address() if host in ("", "0.0.0.0") else socket.gethostbyname(host)
    label = "".join(c if c.isalnum() or c == "-" else "-" for c in socket.gethostname())[:40]
    return Announcement(f"kinito-{label or 'table'}.{SERVICE_TYPE}", address, port)


class Announcer:
    """Registers one announcement with zeroconf (`start`), and withdraws it (`stop`)."""

    def __init__(self, what: Announcement) -> None:
        self.what = what
        self._zeroconf: object | None = None

    async def start(self) -> None:
        """Register the service (on the loopback interface for a loopback address)."""
        from zeroconf import InterfaceChoice, IPVersion
        from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

        loopback = self.what.address.startswith("127.")
        zeroconf = AsyncZeroconf(
            interfaces=[self.what.address] if loopback else InterfaceChoice.All, ip_version=IPVersion.V4Only
        )
        self._zeroconf = zeroconf
        info = AsyncServiceInfo(
            SERVICE_TYPE,
            self.what.name,
            addresses=[socket.inet_aton(self.what.address)],
            port=self.what.port,
            properties={"program": "kinito"},
        )
        self._info = info
        await zeroconf.async_register_service(info)

    async def stop(self) -> None:
        """Withdraw the service and close zeroconf's sockets."""
        from zeroconf.asyncio import AsyncZeroconf

        zeroconf = self._zeroconf
        if isinstance(zeroconf, AsyncZeroconf):
            with contextlib.suppress(Exception):  # shutting down: whatever zeroconf raises, we stop
                await zeroconf.async_unregister_service(self._info)
            await zeroconf.async_close()
        self._zeroconf = None
