"""The board server: read-only (no request changes the game), names escaped as data,
phones that come and go, and a board that binds to localhost unless told otherwise."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from dataclasses import replace
from importlib import resources
from pathlib import Path

import httpx
import pytest

from assistant.board import guard
from assistant.board.server import BoardServer, parse_address
from assistant.core.clock import FakeClock
from assistant.errors import UserError
from assistant.referee.referee import Referee
from assistant.referee.snapshot import snapshot
from assistant.settings.table import table_config

XSS = "<script>alert(1)</script>"
PATHS = ("/", "/board.js", "/board.css", "/state", "/events", "/qr.svg", "/admin", "/state/undo", "/api/move")
WRITES = ("POST", "PUT", "PATCH", "DELETE")


@pytest.fixture
def table() -> Iterator[tuple[Referee, BoardServer]]:
    """A referee whose moves are published to a board on 127.0.0.1, on a port the system picks."""
    referee = Referee(table_config({"game": "quinito", "players": f"Ana,Bruno,{XSS}"}), FakeClock())
    board = BoardServer("127.0.0.1", 0)
    board.start()
    board.update(snapshot(referee, referee.last))
    try:
        yield referee, board
    finally:
        board.close()


def first_event(client: httpx.Client, url: str) -> dict[str, object]:
    """The first `data:` message of the event stream (the table as it stands), then hang up."""
    with client.stream("GET", url + "events", timeout=10) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        for line in response.iter_lines():
            if line.startswith("data: "):
                return dict(json.loads(line.removeprefix("data: ")))
    raise AssertionError("the stream ended without a message")


def test_no_request_changes_the_game(table: tuple[Referee, BoardServer]) -> None:
    """Read-only: every write method on every path (known or not) is refused and changes nothing,
    in the referee or in what the board serves."""
    referee, board = table
    referee.hear("Ana", "soixante deux")
    board.update(snapshot(referee, referee.last))
    entries = referee.session.entries
    with httpx.Client(base_url=board.url) as client:
        served = client.get("/state").text
        for path in PATHS:
            for method in WRITES:
                answer = client.request(method, path, content=b'{"intent": "undo"}')
                assert answer.status_code in (404, 405), (method, path, answer.status_code)
            if path != "/events":  # a stream never ends by itself; it is read in the test below
                assert client.get(path + "?move=undo&player=Ana").status_code in (200, 404)
        assert client.get("/state").text == served
    assert referee.session.entries == entries


def test_a_name_with_markup_is_data_and_the_page_forbids_inline_script(
    table: tuple[Referee, BoardServer],
) -> None:
    """XSS: the name travels as a JSON string, the page holds no table data, and the content
    security policy allows no inline script."""
    _, board = table
    with httpx.Client(base_url=board.url) as client:
        page = client.get("/")
        state = client.get("/state")
    assert XSS not in page.text and '<script src="/board.js"' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "'unsafe-inline'" not in page.headers["content-security-policy"]
    assert state.headers["content-type"] == "application/json"
    assert [p["name"] for p in state.json()["players"]] == ["Ana", "Bruno", XSS]


def test_each_move_is_one_event_and_phones_come_and_go(table: tuple[Referee, BoardServer]) -> None:
    """Server-sent events: a new stream starts with the table as it stands; a move published
    reaches it; twenty phones that hang up mid-stream leave the board serving."""
    referee, board = table
    with httpx.Client(base_url=board.url) as client:
        for _ in range(20):
            assert first_event(client, board.url)["moves"] == 0
        referee.hear("Ana", "soixante deux")
        board.update(snapshot(referee, referee.last))
        seen = first_event(client, board.url)
        assert seen["moves"] == len(referee.session.events) > 0
        assert seen["cups"][0]["announced"] == 62  # type: ignore[index]
        assert client.get("/qr.svg").status_code == 404  # a board of this machine only: no QR code


def test_board_address_defaults_to_localhost() -> None:
    """docs/command-line.md `--board [HOST:]PORT`: HOST defaults to 127.0.0.1; a bad address is one
    sentence."""
    assert parse_address("8000") == ("127.0.0.1", 8000)
    assert parse_address("0.0.0.0:8765") == ("0.0.0.0", 8765)
    assert parse_address("[::1]:8000") == ("::1", 8000)
    for bad in ("", "huit", "127.0.0.1:99999", "host:"):
        with pytest.raises(UserError) as caught:
            parse_address(bad)
        said = f"Adresse du tableau invalide : « {bad} » (un port, ou HÔTE:PORT)."
        assert str(caught.value).startswith(said)
        assert caught.value.fix == "kinito play --board 8000"


def test_a_taken_port_is_one_sentence() -> None:
    """Two boards on one port: the second says which address is taken and how to fix it."""
    first = BoardServer("127.0.0.1", 0)
    try:
        with pytest.raises(UserError) as caught:
            BoardServer("127.0.0.1", first.port)
        assert str(caught.value).startswith(f"Le tableau ne peut pas écouter sur 127.0.0.1:{first.port} (")
        assert "--board 8765" in caught.value.fix
    finally:
        first.socket.close()


def test_phones_get_the_lan_address_and_a_local_board_says_which_flag_they_need(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Phones: a board on every interface shows (and encodes in its QR code) the LAN address; a board
    on 127.0.0.1 says plainly that phones need --board 0.0.0.0:PORT, and serves no QR code."""
    import asyncio

    from assistant.board import qr
    from assistant.board.hub import Hub
    from assistant.board.server import make_app

    monkeypatch.setattr(qr, "lan_address", lambda: "192.168.1.20")
    assert qr.page_url("0.0.0.0", 8000) == "http://192.168.1.20:8000/"
    assert qr.page_url("192.168.1.20", 8000) == "http://192.168.1.20:8000/"
    app = make_app(Hub(), "http://192.168.1.20:8000/", lambda: 8000)

    async def fetch() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://192.168.1.20:8000") as client:
            return await client.get("/qr.svg")

    svg = asyncio.run(fetch())
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"
    local = BoardServer("127.0.0.1", 0)
    try:
        lines = local.terminal_lines()
        assert local.local_only
        assert lines[0] == f"tableau sur http://127.0.0.1:{local.port}/"
        assert f"kinito play --board 0.0.0.0:{local.port}" in lines[1]
        assert "téléphones" in lines[1]
    finally:
        local.socket.close()


GAME_FILES = {
    "/games/quinito/board.js": "text/javascript",
    "/games/quinito/board.css": "text/css",
    "/games/cinquillo/board.js": "text/javascript",
    "/games/cinquillo/board.css": "text/css",
}
"""Each game's own part of the page, served from its folder (`GameModule.board_files`)."""


def test_the_page_loads_each_game_files_after_its_own(table: tuple[Referee, BoardServer]) -> None:
    """Each game draws its part of the page from its own folder: the page loads the games' scripts and
    styles after its own, and each is served as the game's file with its type (a script that
    registers the game's drawer)."""
    from assistant.game import get_game

    _, board = table
    with httpx.Client(base_url=board.url) as client:
        page = client.get("/").text
        served = {path: client.get(path) for path in GAME_FILES}
    own = page.index('<script src="/board.js" defer>')
    assert own < page.index('<script src="/games/quinito/board.js" defer>')
    own = page.index('<link rel="stylesheet" href="/board.css">')
    assert own < page.index('<link rel="stylesheet" href="/games/cinquillo/board.css">')
    assert "<!--" not in page  # the marker line became the games' tags
    for path, kind in GAME_FILES.items():
        _, _, game, name = path.split("/")
        folder = Path(str(resources.files(get_game(game).board_files.package)))
        answer = served[path]
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(kind), path
        assert answer.content == (folder / name).read_bytes(), path
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        if name.endswith(".js"):
            assert f'kinitoBoard.register("{game}"' in answer.text


def raw_get(port: int, path: str) -> int:
    """The status of a GET of `path` sent as is (no client normalises its dots)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        head = sock.recv(64).decode("latin-1")
    return int(head.split()[1])


def test_an_unknown_game_file_is_refused(table: tuple[Referee, BoardServer]) -> None:
    """Only the files a game names are served: another file of its folder, an unknown game or file,
    and a path that climbs out of the folder are 404; nothing of the package is read from a request."""
    _, board = table
    refused = (
        "/games/quinito/nope.js",
        "/games/quinito/board_view.py",
        "/games/quinito/__init__.py",
        "/games/toy/board.js",
        "/games/quinito/../cinquillo/board.js",
        "/games/quinito/../../board/server.py",
        "/games/quinito/..%2F..%2Fboard%2Fserver.py",
        "/games/quinito/%2e%2e/cinquillo/board.js",
        "/games/quinito/",
        "/games/",
    )
    for path in refused:
        assert raw_get(board.port, path) == 404, path
    assert raw_get(board.port, "/games/quinito/board.js") == 200


def test_a_game_file_name_that_could_leave_its_folder_is_refused_when_the_board_is_made() -> None:
    """`guard.game_file`: a plain name ending in .js or .css, under a plain game name; anything else
    (a folder, "..", another ending) stops the board before any file is read."""
    script = ("/games/quinito/board.js", "text/javascript; charset=utf-8")
    assert guard.game_file("quinito", "board.js") == script
    assert guard.game_file("cinquillo", "board-2.css")[1] == "text/css; charset=utf-8"
    bad = [
        ("quinito", "../board.js"),
        ("quinito", "static/board.js"),
        ("quinito", "..\\board.js"),
        ("quinito", "board.py"),
        ("quinito", ".js"),
        ("quinito", "board.js.py"),
        ("quinito", "board"),
        ("quinito", ""),
        ("..", "board.js"),
        ("quinito/..", "board.js"),
        ("", "board.js"),
    ]
    for game, name in bad:
        with pytest.raises(ValueError):
            guard.game_file(game, name)
    from assistant.board.pages import pages
    from assistant.game import BoardFiles, get_game

    climbing = BoardFiles("assistant.games.quinito", ("../board.js",))
    with pytest.raises(ValueError):
        pages([replace(get_game("quinito"), board_files=climbing)])
    assert set(pages([get_game("cinquillo")])) - set(pages([])) == {
        "/games/cinquillo/board.js",
        "/games/cinquillo/board.css",
    }
