"""`kinito serve` answers Home Assistant Assist over Wyoming (Describe, Transcript)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from wyoming.asr import Transcript
from wyoming.client import AsyncTcpClient
from wyoming.event import Event
from wyoming.handle import Handled, NotHandled
from wyoming.info import Describe, Info

from assistant.core.clock import SystemClock
from assistant.referee.referee import Referee
from assistant.runtime.questions import StoredTable, TableQuestions, not_a_question, spoken_form
from assistant.settings.play import settings_from
from assistant.store.sqlite import SqliteStore
from tests.runtime.kinito_serving import WAIT, running

TABLE = settings_from({"players": "Ana,Bruno,Chloé"}).table


def _ask(port: int, *events: Event) -> list[Event]:
    """Send `events` to the service on 127.0.0.1:port; one answer each, every wait bounded."""

    async def talk() -> list[Event]:
        client = AsyncTcpClient("127.0.0.1", port)
        await asyncio.wait_for(client.connect(), WAIT)
        answers = []
        try:
            for event in events:
                await client.write_event(event)
                answer = await asyncio.wait_for(client.read_event(), WAIT)
                assert answer is not None
                answers.append(answer)
        finally:
            await client.disconnect()
        return answers

    return asyncio.run(talk())


@pytest.fixture
def new_table() -> Iterator[int]:
    """The service over a table typed like `kinito play --players`."""
    questions = TableQuestions(lambda: Referee(TABLE, SystemClock()))
    with running(questions) as port:
        yield port


def test_describe_names_a_french_handle_program(new_table: int) -> None:
    """Describe -> Info with one handle program, in French (what Home Assistant looks for)."""
    (answer,) = _ask(new_table, Describe().event())
    info = Info.from_event(answer)
    assert [p.name for p in info.handle] == ["kinito"]
    assert info.handle[0].models[0].languages == ["fr"]


def test_scores_and_whose_turn_are_handled_with_the_referees_words(new_table: int) -> None:
    """Transcript -> Handled with the standings / whose turn, wake word and punctuation optional."""
    scores, turn = _ask(new_table, Transcript("Les scores").event(), Transcript("C'est à qui ?").event())
    assert Handled.is_type(scores.type) and Handled.is_type(turn.type)
    assert Handled.from_event(scores).text == "Ana : zéro dose. Bruno : zéro dose. Chloé : zéro dose."
    assert Handled.from_event(turn).text == "C'est à Ana."


def test_a_move_is_not_handled(new_table: int) -> None:
    """Home Assistant cannot play for the table: a score or an undo is NotHandled, with the reason."""
    for text in ("soixante-deux", "arbitre annule"):
        (answer,) = _ask(new_table, Transcript(text).event())
        assert NotHandled.is_type(answer.type)
        assert NotHandled.from_event(answer).text == not_a_question()


def test_resume_answers_about_the_stored_game_without_claiming_it(tmp_path: Path) -> None:
    """--resume: the latest stored game as it stands (Ana announced, Bruno to answer); the game that
    `kinito play` referees keeps its lock and gets no write."""
    store = SqliteStore(tmp_path / "games.db")
    playing = Referee(TABLE, SystemClock(), store=store)
    playing.hear("Ana", "soixante deux")
    game_id = playing.game_id
    assert game_id is not None
    store.claim(game_id)
    before = len(store.load(game_id).entries)
    reader = SqliteStore(tmp_path / "games.db")
    try:
        answer = TableQuestions(StoredTable(reader, TABLE).referee).answer("c'est à qui")
    finally:
        reader.close()
    assert answer.handled and "Bruno" in answer.text
    assert len(store.load(game_id).entries) == before
    store.close()


def test_no_stored_game_is_said(tmp_path: Path) -> None:
    """--resume with an empty database: NotHandled naming what to do, no trace."""
    store = SqliteStore(tmp_path / "empty.db")
    try:
        answer = TableQuestions(StoredTable(store, TABLE).referee).answer("les scores")
    finally:
        store.close()
    assert not answer.handled and "Aucune partie" in answer.text


def test_spoken_form_matches_the_recogniser() -> None:
    """Assist writes capitals and punctuation; the parser hears lower case words."""
    assert spoken_form("C’est à qui ?") == "c'est à qui"
    assert spoken_form("Les SCORES, arbitre!") == "les scores arbitre"


def test_serve_help_runs() -> None:
    """`kinito serve --help` exits cleanly (the command is registered, lazily imported)."""
    from assistant.cli import main

    with pytest.raises(SystemExit) as exited:
        main(["serve", "--help"])
    assert exited.value.code == 0


HA_QUESTIONS = (
    "les règles",
    "explique les règles",
    "c'est quoi un défi",
    "les scores",
    "c'est à qui",
    "répète",
    "soixante deux",
    "arbitre annule",
    "quelle heure est-il",
)
"""What a household might ask Assist about the table (questions, a move, an undo, something else)."""


def _home_assistant(port: int, text: str) -> tuple[Info, Event]:
    """Home Assistant's conversation exchange: Describe -> Info within a second, then one Transcript
    on a new connection, answered by Handled or NotHandled."""

    async def talk() -> tuple[Info, Event]:
        client = AsyncTcpClient("127.0.0.1", port)
        await asyncio.wait_for(client.connect(), WAIT)
        try:
            await client.write_event(Describe().event())
            info = await asyncio.wait_for(client.read_event(), 1.0)
        finally:
            await client.disconnect()
        client = AsyncTcpClient("127.0.0.1", port)
        await asyncio.wait_for(client.connect(), WAIT)
        try:
            await client.write_event(Transcript(text=text).event())
            while True:
                answer = await asyncio.wait_for(client.read_event(), WAIT)
                assert answer is not None
                if Handled.is_type(answer.type) or NotHandled.is_type(answer.type):
                    return Info.from_event(info), answer
        finally:
            await client.disconnect()

    return asyncio.run(talk())


@pytest.mark.parametrize("resume", [False, True])
def test_home_assistant_exchange_answers_are_short_and_hold_no_path(tmp_path: Path, resume: bool) -> None:
    """Every answer (rules included, and "no game" on an empty save file) is under 200 characters,
    holds no path, and the rules offer their topics."""
    store = SqliteStore(tmp_path / "kinito.sqlite3")
    try:
        table = StoredTable(store, TABLE).referee if resume else (lambda: Referee(TABLE, SystemClock()))
        with running(TableQuestions(table)) as port:
            for text in HA_QUESTIONS:
                info, answer = _home_assistant(port, text)
                said = str(answer.data["text"])
                assert info.handle[0].models[0].languages == ["fr"]
                assert 0 < len(said) < 200, (text, said)
                assert str(tmp_path) not in said and "/" not in said, (text, said)
                if text == "les règles" and not resume:
                    assert Handled.is_type(answer.type) and "demande un sujet" in said
    finally:
        store.close()


def test_serve_is_announced_with_zeroconf_on_the_loopback_interface() -> None:
    """`_wyoming._tcp.local.` names the address and port served, as wyoming-* services announce."""
    from zeroconf import IPVersion, Zeroconf

    from assistant.runtime.wyoming_zeroconf import SERVICE_TYPE, announcement

    with running(TableQuestions(lambda: Referee(TABLE, SystemClock())), zeroconf=True) as port:
        name = announcement("127.0.0.1", port).name
        browser = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
        try:
            found = browser.get_service_info(SERVICE_TYPE, name, timeout=5000)
        finally:
            browser.close()
    assert found is not None
    assert found.parsed_addresses() == ["127.0.0.1"] and found.port == port


def test_a_taken_port_is_one_sentence_before_serving(tmp_path: Path) -> None:
    """`kinito serve` on a port in use: one French sentence with the fix, nothing said about serving."""
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "assistant",
                "serve",
                "--uri",
                f"tcp://127.0.0.1:{port}",
                "--no-zeroconf",
                "--players",
                "Ana,Bruno",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode != 0
    assert "déjà prise" in done.stderr and "--uri" in done.stderr
    assert "service Wyoming sur" not in done.stderr and "Traceback" not in done.stderr


def test_a_slow_question_does_not_hold_other_connections() -> None:
    """Questions are answered on a worker thread: while one waits on a slow referee (a big game read
    from disk), another connection's Describe is answered first."""
    import threading

    release = threading.Event()
    calls: list[int] = []
    order: list[str] = []
    seen_while_slow: list[list[str]] = []

    def slow_referee() -> Referee:
        calls.append(1)
        if len(calls) > 1:  # the warm-up at start is quick; the question is slow
            release.wait(WAIT)
            seen_while_slow.append(list(order))  # on the event loop, Describe could not be answered yet
        return Referee(TABLE, SystemClock())

    async def both(port: int) -> None:
        asking = AsyncTcpClient("127.0.0.1", port)
        describing = AsyncTcpClient("127.0.0.1", port)
        await asyncio.wait_for(asking.connect(), WAIT)
        await asyncio.wait_for(describing.connect(), WAIT)
        try:
            await asking.write_event(Transcript(text="les scores").event())
            await describing.write_event(Describe().event())
            info = await asyncio.wait_for(describing.read_event(), WAIT)
            order.append(info.type)
            release.set()
            answer = await asyncio.wait_for(asking.read_event(), WAIT)
            order.append(answer.type)
        finally:
            release.set()
            await asking.disconnect()
            await describing.disconnect()

    with running(TableQuestions(slow_referee)) as port:
        asyncio.run(both(port))
    assert order == ["info", "handled"] and seen_while_slow == [["info"]]


def test_a_question_that_fails_inside_is_one_sentence_and_the_next_is_answered() -> None:
    """Whatever a save file makes the referee raise: NotHandled with one French sentence, no path."""
    calls: list[int] = []

    def flaky() -> Referee:
        calls.append(1)
        if len(calls) == 2:  # the first is the warm-up; the first question breaks
            raise RuntimeError("/tmp/x: disk I/O error")
        return Referee(TABLE, SystemClock())

    with running(TableQuestions(flaky)) as port:
        (broken,) = _ask(port, Transcript("les scores").event())
        (fine,) = _ask(port, Transcript("c'est à qui").event())
    assert NotHandled.is_type(broken.type) and "/" not in NotHandled.from_event(broken).text
    assert Handled.from_event(fine).text == "C'est à Ana."


def test_an_address_not_on_this_machine_is_one_french_sentence() -> None:
    """--uri tcp://192.0.2.1:… (no interface of this machine): UserError saying so, before serving."""
    from assistant.errors import UserError
    from assistant.runtime.wyoming_server import BoundedServer

    async def start() -> None:
        async def nothing(_event: object) -> None:
            return None

        await BoundedServer("tcp://192.0.2.1:10750", nothing).start()

    with pytest.raises(UserError) as refused:
        asyncio.run(start())
    assert "n'est pas celle de cette machine" in refused.value.message
