"""The board's bounds on a reachable network: slowloris and idle connections closed, a connection cap,
the Host header checked (DNS rebinding), security headers on every answer, no server banner, and
descriptor exhaustion logged in a line or two instead of a storm of tracebacks. All on 127.0.0.1,
with bounded loops."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from assistant.board import guard
from assistant.board.server import BoardServer

SLOW = 0.5
"""The headers' deadline in these tests (seconds)."""
SETTLE = 30.0
"""Bounded wait for the server to close what it must."""


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch) -> Iterator[BoardServer]:
    """A board on 127.0.0.1 whose header deadline is SLOW seconds."""
    monkeypatch.setattr(guard.BoundedH11, "header_seconds", SLOW)
    served = BoardServer("127.0.0.1", 0)
    served.start()
    try:
        yield served
    finally:
        served.close()


def closed_by_server(sock: socket.socket, wait: float) -> bool:
    """True once the server has closed `sock` (EOF or reset) within `wait` seconds."""
    sock.settimeout(wait)
    try:
        while True:
            data = sock.recv(4096)
            if not data:
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def open_all(port: int, count: int, first: bytes) -> list[socket.socket]:
    """`count` connections to the board, each having sent `first` (a partial request, or nothing)."""
    socks = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        if first:
            with contextlib.suppress(OSError):  # already refused by the cap
                sock.sendall(first)
        socks.append(sock)
    return socks


def test_500_slowloris_connections_are_capped_then_closed_and_the_board_still_answers(
    board: BoardServer,
) -> None:
    """Slowloris: 500 connections each sending half a request line and then a byte at a time; at most
    MAX_PER_CLIENT stay open past the cap, every one is closed by the headers' deadline, and the
    page answers afterwards."""
    partial = f"GET /state HTTP/1.1\r\nHost: 127.0.0.1:{board.port}\r\nX-a: ".encode()
    socks = open_all(board.port, 500, partial)
    try:
        deadline = time.monotonic() + SLOW * 0.6
        for sock in socks:  # keep trickling bytes: each one must not restart the deadline
            if time.monotonic() > deadline:
                break
            with contextlib.suppress(OSError):
                sock.send(b"a")
        assert all(closed_by_server(sock, SETTLE) for sock in socks)
        answer = httpx.get(board.url + "state", timeout=10)
        assert answer.status_code == 200
    finally:
        for sock in socks:
            sock.close()


def test_idle_connections_are_closed_and_the_cap_holds(board: BoardServer) -> None:
    """Connections that send nothing are closed after the headers' deadline; while they are open, no
    more than MAX_PER_CLIENT of them are kept."""
    socks = open_all(board.port, 60, b"")
    try:
        time.sleep(0.2)
        held = sum(1 for sock in socks if not closed_by_server(sock, 0.05))
        assert held <= guard.MAX_PER_CLIENT
        assert all(closed_by_server(sock, SETTLE) for sock in socks)
    finally:
        for sock in socks:
            sock.close()


def test_oversized_headers_are_refused(board: BoardServer) -> None:
    """A request whose headers exceed MAX_HEADER_BYTES is closed without an answer."""
    sock = socket.create_connection(("127.0.0.1", board.port), timeout=5)
    try:
        head = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{board.port}\r\nX-big: ".encode()
        sock.sendall(head + b"a" * (guard.MAX_HEADER_BYTES * 2))
        assert closed_by_server(sock, SETTLE)
    finally:
        sock.close()


def test_a_host_header_naming_another_site_is_refused(board: BoardServer) -> None:
    """DNS rebinding: a page of evil.example resolving to this machine sends Host: evil.example; it is
    refused (421, with the security headers); addresses, localhost and the served port pass."""
    with httpx.Client(base_url=f"http://127.0.0.1:{board.port}") as client:
        for bad in ("evil.example", f"evil.example:{board.port}", "127.0.0.1:1", "localhost"):
            answer = client.get("/state", headers={"Host": bad})
            assert answer.status_code == 421, bad
            assert answer.headers["x-content-type-options"] == "nosniff"
            assert "players" not in answer.text
        for good in (f"127.0.0.1:{board.port}", f"localhost:{board.port}", f"192.168.1.20:{board.port}"):
            assert client.get("/state", headers={"Host": good}).status_code == 200, good


def test_security_headers_on_every_answer_and_no_server_banner(board: BoardServer) -> None:
    """200, 404 and 405 alike carry the content security policy and nosniff; none names the server."""
    with httpx.Client(base_url=board.url) as client:
        answers = [client.get("/"), client.get("/nowhere"), client.post("/state"), client.head("/state")]
    assert [a.status_code for a in answers] == [200, 404, 405, 200]
    for answer in answers:
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert "server" not in answer.headers


def test_allowed_host_reads_ports_and_brackets() -> None:
    """The Host header's port must be the served one; IPv6 addresses come in brackets."""
    names = {"localhost", "kinito.local"}
    assert guard.allowed_host("[::1]:8000", 8000, names)
    assert guard.allowed_host("KINITO.local:8000", 8000, names)
    assert guard.allowed_host("10.0.0.2", 80, names)
    assert not guard.allowed_host("10.0.0.2", 8000, names)
    assert not guard.allowed_host("[::1]:80", 8000, names)
    assert not guard.allowed_host("attacker.example:8000", 8000, names)


def test_loop_errors_are_logged_once_a_minute_without_traceback(caplog: pytest.LogCaptureFixture) -> None:
    """1,000 accept errors in a row make one log line, with no traceback."""
    now = [0.0]
    quiet = guard.QuietErrors(clock=lambda: now[0])
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.WARNING, logger=guard.__name__):
            for step in range(1000):
                now[0] = step * 0.01
                failure = OSError(24, "Too many open files")
                quiet(loop, {"message": "socket.accept() out of system resource", "exception": failure})
    finally:
        loop.close()
    assert quiet.count == 1000
    assert len(caplog.records) == 1
    assert caplog.records[0].exc_info is None


EXHAUSTED = """
import os, sys, time
from assistant.board.server import BoardServer
board = BoardServer("127.0.0.1", 0)
board.start()
held = []
try:
    while True:
        held.append(os.open("/dev/null", os.O_RDONLY))
except OSError:
    pass
print(board.port, flush=True)
time.sleep(float(sys.argv[1]))
for fd in held:
    os.close(fd)
time.sleep(float(sys.argv[2]))
board.close()
"""
"""A board under `prlimit --nofile=64` with every spare descriptor taken, then given back."""


def test_descriptor_exhaustion_prints_no_storm_of_tracebacks() -> None:
    """Under `prlimit --nofile=64` with the descriptors exhausted, 200 connection attempts over about
    three seconds print at most a few lines and no traceback; once descriptors are back, the board
    answers again."""
    if subprocess.run(["prlimit", "--version"], capture_output=True).returncode != 0:
        pytest.skip("prlimit (util-linux) is not installed")
    command = ["prlimit", "--nofile=64", sys.executable, "-c", EXHAUSTED, "3", "6"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        for _ in range(200):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                    sock.sendall(b"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            except OSError:
                pass
            time.sleep(0.01)
        time.sleep(1.5)
        answer = None
        for _ in range(40):  # asyncio retries accepting once a second
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/state", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        assert answer is not None and answer.status_code == 200
    finally:
        _out, err = server.communicate(timeout=60)
    assert "Traceback" not in err
    assert len(err.splitlines()) <= 4, err[:2000]
