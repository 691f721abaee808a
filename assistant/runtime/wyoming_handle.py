"""`kinito serve`: the referee as a Wyoming handle service, for Home Assistant Assist.

Home Assistant's conversation agent (Home Assistant 2024.9 or later) sends Describe and expects Info
within a second, then one Transcript per question, answered by Handled (the referee's answer) or
NotHandled (a refusal, with its reason; `assistant.runtime.questions`). Ping gets Pong. Answers are
computed on one worker thread, never on the event loop: a slow question (a big game read from disk)
does not hold the other connections, and questions are answered one at a time, in order.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

from assistant import __version__, speech
from assistant.errors import tell
from assistant.runtime.questions import Answer, TableQuestions
from assistant.runtime.wyoming_server import LOG, BoundedServer, ServerLimits
from assistant.runtime.wyoming_zeroconf import Announcer, announcement
from assistant.voice.wyoming.wire import Event, PeerError, text_field

NAME = "kinito"
"""The handle program's name, as Home Assistant lists it."""


def info_data() -> dict[str, Any]:
    """What the service offers: one French handle program, the referee (an `info` event's data)."""
    attribution = {"name": "Kinito", "url": ""}
    common = {"name": NAME, "attribution": attribution, "installed": True, "version": __version__}
    model = {**common, "description": "Arbitre Kinito : classement, tour, règles", "languages": ["fr"]}
    program = {**common, "description": "Arbitre vocal hors ligne", "models": [model]}
    return {"asr": [], "tts": [], "handle": [program], "intent": [], "wake": []}


class HandleService:
    """Answers one service's events; `reply` is what a `BoundedServer` calls for each."""

    def __init__(self, questions: TableQuestions) -> None:
        self.questions = questions
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="kinito-serve")

    def _answer(self, text: str) -> Answer:
        try:
            return self.questions.answer(text)
        except Exception as error:  # a save file or a bug must not cost the other questions
            tell(f"une question est restée sans réponse ({type(error).__name__} : {error}).")
            return Answer(speech.say("serve_failed"), handled=False)

    async def reply(self, event: Event) -> Event | None:
        """Describe -> Info, Transcript -> Handled/NotHandled, Ping -> Pong; anything else unanswered.
        A Transcript whose text is no string breaks the protocol (PeerError: the peer is cut)."""
        if event.type == "describe":
            return Event("info", info_data())
        if event.type == "ping":
            text = event.data.get("text")
            return Event("pong", {"text": text} if isinstance(text, str) else {})
        if event.type == "transcript":
            text = text_field(event.data)
            loop = asyncio.get_running_loop()
            answer = await loop.run_in_executor(self._pool, self._answer, text)
            return Event("handled" if answer.handled else "not-handled", {"text": answer.text})
        return None

    async def warm(self) -> None:
        """The questions' referee built once on the worker thread (a stored game's one fold)."""
        await asyncio.get_running_loop().run_in_executor(self._pool, self.questions.warm)

    def close(self) -> None:
        """Stop the worker thread (after the question it is answering, if any)."""
        self._pool.shutdown(wait=False, cancel_futures=True)


async def serve(
    uri: str,
    questions: TableQuestions,
    ready: Callable[[str], None],
    zeroconf: bool = True,
    limits: ServerLimits | None = None,
) -> None:
    """Bind `uri` (a taken port is a UserError before anything is announced), fold the game once,
    announce it with zeroconf when it is TCP, tell `ready` where it serves, and serve until
    cancelled."""
    service = HandleService(questions)
    server = BoundedServer(uri, service.reply, limits or ServerLimits())
    announcer: Announcer | None = None
    try:
        await server.start()
        await service.warm()
        host = urlparse(uri).hostname
        where = uri if server.port is None else f"tcp://{host}:{server.port}"
        if zeroconf and host is not None and server.port is not None:
            announcer = Announcer(announcement(host, server.port))
            try:
                await announcer.start()
                scope = "cette machine" if announcer.what.address.startswith("127.") else "le réseau local"
                where += f", annoncé sur {scope} sous {announcer.what.name.split('.')[0]}"
            except OSError as error:
                LOG.debug("zeroconf : %s", error)
                tell("annonce zeroconf impossible ici : ajoute kinito à la main dans Home Assistant.")
                announcer = None
        ready(where)
        await server.serve_forever()
    finally:
        if announcer is not None:
            await announcer.stop()
        service.close()


__all__ = ["NAME", "HandleService", "PeerError", "info_data", "serve"]
