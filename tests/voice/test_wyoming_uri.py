"""Wyoming addresses, `tcp://` and `unix://`, for --tts-uri, --mic-uri, --snd-uri and
`kinito serve`, each checked on a Unix socket in a temporary folder (bounded waits, nothing left
running)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from pathlib import Path

import pytest
from wyoming.asr import Transcript
from wyoming.client import AsyncClient
from wyoming.handle import Handled

from assistant.core.clock import SystemClock
from assistant.errors import UserError
from assistant.referee.referee import Referee
from assistant.runtime.questions import TableQuestions
from assistant.runtime.wyoming_handle import serve
from assistant.settings.play import settings_from
from assistant.voice.speak.playback import Speaker
from assistant.voice.wyoming.mic import WyomingMicSource
from assistant.voice.wyoming.snd import WyomingPlayback
from assistant.voice.wyoming.tts import FallbackSynthesizer, WyomingSynthesizer
from assistant.voice.wyoming.uri import parse_uri
from tests.voice.test_wyoming_audio import MicServer, SndServer, _LogGate, _reset, _Synth
from tests.voice.test_wyoming_tts import TONE, ToneServer, _Espeak, _fallback
from tests.voice.wyoming_loopback import WAIT, serving_uri


@pytest.mark.parametrize(
    "uri", ["tcp://127.0.0.1:10200", "tcp://satellite.local:10600", "unix:///run/piper.sock"]
)
def test_tcp_and_unix_addresses_are_accepted(uri: str) -> None:
    assert parse_uri(uri) == uri


@pytest.mark.parametrize(
    "uri",
    ["127.0.0.1:10200", "http://127.0.0.1:10200", "tcp://127.0.0.1", "tcp://:1", "unix://", "unix://host/x"],
)
def test_other_addresses_name_both_forms(uri: str) -> None:
    with pytest.raises(UserError, match=r"tcp://hôte:port ou unix:///"):
        parse_uri(uri, "--mic-uri")


def test_tts_over_a_unix_socket(tmp_path: Path) -> None:
    ToneServer.heard = []
    with serving_uri(ToneServer, tmp_path / "tts.sock") as uri:
        chunks = list(WyomingSynthesizer(uri).synthesize("Bruno prend une dose."))
    assert ToneServer.heard == ["Bruno prend une dose."]
    assert b"".join(c.samples for c in chunks) == TONE


def test_a_missing_unix_socket_falls_back_to_espeak(tmp_path: Path) -> None:
    """No service at the socket path: said once, and the espeak-ng stand-in speaks."""
    warned: list[str] = []

    class Warn:
        def write(self, text: str) -> int:
            warned.append(text)
            return len(text)

        def flush(self) -> None:
            """Nothing buffered."""

    built = _Espeak.built
    synth = FallbackSynthesizer(WyomingSynthesizer(f"unix://{tmp_path / 'none.sock'}"), _fallback, Warn())  # type: ignore[arg-type]
    assert list(synth.synthesize("Bonjour."))
    assert _Espeak.built == built + 1 and warned


def test_mic_over_a_unix_socket(tmp_path: Path) -> None:
    with serving_uri(MicServer, tmp_path / "mic.sock") as uri:
        source = WyomingMicSource(uri, backoff=(0.05,))
        guard = threading.Timer(WAIT, source.close)
        guard.start()
        got = 0
        try:
            for chunk in source.chunks():
                got += len(chunk.pcm)
                if got >= 0.4 * 16000 * 2:
                    break
        finally:
            source.close()
            guard.cancel()
    assert got >= 0.4 * 16000 * 2


def test_snd_over_a_unix_socket_holds_the_gate_until_played(tmp_path: Path) -> None:
    _reset()
    with serving_uri(SndServer, tmp_path / "snd.sock") as uri:
        Speaker(_Synth(), WyomingPlayback(uri), _LogGate()).say("Bonjour.")
    assert bytes(SndServer.audio) == b"\x01\x00" * 3000 + b"\x02\x00" * 500
    assert SndServer.log[2:] == ["played", "end"]


def test_kinito_serve_answers_on_a_unix_socket(tmp_path: Path) -> None:
    """`serve("unix://…")` (what `kinito serve --uri unix://…` runs) answers a question, then stops
    when cancelled."""
    socket_path = tmp_path / "kinito.sock"
    table = settings_from({"players": "Ana,Bruno,Chloé"}).table
    questions = TableQuestions(lambda: Referee(table, SystemClock()))
    loop = asyncio.new_event_loop()
    task = loop.create_task(serve(f"unix://{socket_path}", questions, lambda _where: None))

    def run() -> None:  # the server runs until the test cancels it: that end is expected
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(task)
        closing = asyncio.all_tasks(loop)  # a connection's handler may still be closing its end
        if closing:
            loop.run_until_complete(asyncio.wait(closing, timeout=WAIT))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    async def ask() -> str:
        for _ in range(100):  # the socket appears once the server runs
            if socket_path.exists():
                break
            await asyncio.sleep(0.05)
        for _ in range(100):  # it exists from bind on, and takes connections from listen on
            client = AsyncClient.from_uri(f"unix://{socket_path}")
            try:
                await asyncio.wait_for(client.connect(), WAIT)
                break
            except ConnectionRefusedError:
                await asyncio.sleep(0.05)
        try:
            await client.write_event(Transcript("c'est à qui").event())
            answer = await asyncio.wait_for(client.read_event(), WAIT)
        finally:
            await client.disconnect()
        assert answer is not None and Handled.is_type(answer.type)
        return Handled.from_event(answer).text or ""

    try:
        assert asyncio.run(ask()) == "C'est à Ana."
    finally:
        loop.call_soon_threadsafe(task.cancel)
        thread.join(WAIT)
    assert not thread.is_alive()
