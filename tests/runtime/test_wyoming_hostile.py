"""Hostile Wyoming peers against `kinito serve`, on 127.0.0.1 with bounded loops: malformed events,
size claims, cut connections, 3,000 idle connections, slowloris, the connection limit, descriptor
exhaustion. Each ends with no traceback, memory bounded by the caps (an event's header 64 KiB, data
64 KiB, payload 1 MiB, so at most about 37 MiB for the 32 connections served at once) and the table
still answered."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.core.clock import SystemClock
from assistant.referee.referee import Referee
from assistant.runtime.questions import TableQuestions
from assistant.runtime.wyoming_server import ServerLimits
from assistant.settings.play import settings_from
from assistant.voice.wyoming.wire import Event, encode
from tests.runtime.kinito_serving import running
from tests.voice.wyoming_loopback import closed_port

TABLE = settings_from({"players": "Ana,Bruno,Chloé"}).table
WAIT = 10.0

MALFORMED = [
    b'{"type": "transcript", "data": {"text": NaN}}\n',
    b'{"type": "transcript", "data": {"text": ["les", "scores"]}}\n',
    b'{"type": "transcript", "data": {"text": null}}\n',
    b'["transcript"]\n',
    b'"transcript"\n',
    b'{"type": 3}\n',
    b'{"type": "transcript", "data": [1, 2]}\n',
    b'{"type": "transcript", "data_length": "12"}\n',
    b'{"type": "transcript", "data_length": -5}\n',
    b'{"type": "transcript", "data_length": true}\n',
    b'{"type": "transcript", "payload_length": 2000000000}\n',
    b'{"type": "transcript", "data_length": 4}\n[1,2]',
    b'{"type": "transcript", "data_length": 9}\n{"text":',
    b"\xff\xfe\n",
    b'{"type": "transcript", "data": {"text": "' + b"a" * 70_000 + b'"}}\n',
    b"[" * 50_000 + b"\n",
    b'{"type": "transcript", "data": {"text": 1e999}}\n',
]
"""Events no Wyoming peer may send: each costs its sender the connection, nothing else."""


def _exchange(port: int, raw: bytes, read: bool = True) -> bytes:
    """Send raw bytes, then read until the server closes or answers one line (bounded)."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        sock.sendall(raw)
        sock.shutdown(socket.SHUT_WR)
        got = b""
        while read and b"\n" not in got:
            part = sock.recv(4096)
            if not part:
                break
            got += part
        return got


def _ask(port: int, text: str) -> dict[str, object]:
    """One Transcript, its answer's header and data merged."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        sock.sendall(encode(Event("transcript", {"text": text})))
        stream = sock.makefile("rb")
        header = json.loads(stream.readline())
        data = json.loads(stream.read(header["data_length"])) if header.get("data_length") else {}
        return {"type": header["type"], **data}


@pytest.fixture
def served(caplog: pytest.LogCaptureFixture) -> Iterator[int]:
    """kinito serve with short timeouts, its asyncio and kinito logs captured (no ERROR allowed)."""
    caplog.set_level(logging.DEBUG)
    questions = TableQuestions(lambda: Referee(TABLE, SystemClock()))
    with running(questions, ServerLimits(max_connections=8, idle_seconds=1.0)) as port:
        yield port
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not errors, [r.getMessage() for r in errors]


def test_malformed_events_cost_their_sender_the_connection_and_the_game_goes_on(served: int) -> None:
    """Each malformed event: no answer, the connection closed, no traceback; then a question is
    answered (the referee still referees)."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for raw in MALFORMED:
        assert _exchange(served, raw) == b"", raw[:60]
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 50  # the 2 GB claim allocated nothing
    assert _ask(served, "c'est à qui") == {"type": "handled", "text": "C'est à Ana."}


def test_idle_crowd_slowloris_and_cut_connections_are_dropped(served: int) -> None:
    """3,000 connections held open at once that say nothing (8 served, the rest closed at once; the
    served ones cut after the idle second), a slowloris trickling a header and a connection cut
    mid-payload: every one of them closed by the server; the table answers."""
    crowd = [socket.create_connection(("127.0.0.1", served), timeout=WAIT) for _ in range(3000)]
    time.sleep(1.5)
    try:
        for sock in crowd:
            sock.settimeout(WAIT)
            with contextlib.suppress(ConnectionResetError):  # reset or closed: dropped either way
                assert sock.recv(1) == b""
    finally:
        for sock in crowd:
            sock.close()
    slow = socket.create_connection(("127.0.0.1", served), timeout=WAIT)
    cut_at = time.monotonic() + 3 * WAIT
    closed = False
    for byte in b'{"type": "describe"':  # a byte every 0.2 s: never a whole event within 1 s
        try:
            slow.sendall(bytes([byte]))
        except OSError:
            closed = True
            break
        time.sleep(0.2)
        if time.monotonic() > cut_at:
            break
    slow.settimeout(WAIT)
    closed = closed or slow.recv(1) == b""
    slow.close()
    assert closed
    header = json.dumps({"type": "audio-chunk", "payload_length": 1000}).encode() + b"\n"
    assert _exchange(served, header + b"\x00" * 10) == b""
    assert _ask(served, "les scores")["type"] == "handled"


def test_the_connection_limit_refuses_the_ninth_peer_and_serves_again_after(served: int) -> None:
    """Eight held connections fill the limit: a ninth is closed at once; once they go, it is served."""
    held = [socket.create_connection(("127.0.0.1", served), timeout=WAIT) for _ in range(8)]
    time.sleep(0.2)
    try:
        with socket.create_connection(("127.0.0.1", served), timeout=WAIT) as extra:
            try:
                extra.sendall(encode(Event("describe")))
                answer = extra.recv(1)
            except ConnectionResetError:  # closed before or while it spoke: refused either way
                answer = b""
            assert answer == b""
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.2)
    assert _ask(served, "c'est à qui")["type"] == "handled"


@pytest.mark.skipif(shutil.which("prlimit") is None, reason="prlimit (util-linux) is not installed")
def test_descriptor_exhaustion_under_prlimit_64_prints_no_traceback(tmp_path: Path) -> None:
    """`kinito serve` with 64 descriptors: 90 connections accepted at once exhaust them; stderr holds one
    sentence saying so and no traceback, and once they close the table is answered."""
    port = closed_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = ["prlimit", "--nofile=64", sys.executable, "-m", "assistant", "serve"]
    command += ["--uri", f"tcp://127.0.0.1:{port}", "--no-zeroconf", "--players", "Ana,Bruno"]
    errors = tmp_path / "stderr.txt"
    with errors.open("wb") as err:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, env=env)
    try:
        deadline = time.monotonic() + 60
        while b"service Wyoming" not in errors.read_bytes():
            assert process.poll() is None and time.monotonic() < deadline, errors.read_text()
            time.sleep(0.2)
        process.send_signal(signal.SIGSTOP)  # the 90 connections wait in the kernel's backlog (100),
        try:  # so that the server accepts them in one burst: more than its 64 descriptors allow
            crowd = [socket.create_connection(("127.0.0.1", port), timeout=WAIT) for _ in range(90)]
        finally:
            process.send_signal(signal.SIGCONT)
        time.sleep(2.5)
        for sock in crowd:
            sock.close()
        time.sleep(1.5)
        answer = _ask(port, "c'est à qui")
    finally:
        process.terminate()
        process.wait(10)
    said = errors.read_text()
    assert answer["type"] == "handled"
    assert "Traceback" not in said, said[:2000]
    assert said.count("plus de descripteurs de fichiers libres") == 1, said[:2000]  # exhausted, said once
