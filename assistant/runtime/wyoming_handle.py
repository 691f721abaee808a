"""`kinito serve`: the referee as a Wyoming handle service, for Home Assistant Assist (issue 14).

Describe gets an Info naming one handle program (French); a Transcript gets Handled with the
referee's answer, or NotHandled with the reason (`assistant.runtime.questions`). One question at a
time: answers are computed on the event loop's thread, they take milliseconds.
"""

from __future__ import annotations

import asyncio
from typing import TypedDict

from wyoming.asr import Transcript
from wyoming.event import Event
from wyoming.handle import Handled, NotHandled
from wyoming.info import Attribution, Describe, HandleModel, HandleProgram, Info
from wyoming.server import AsyncEventHandler, AsyncServer

from assistant import __version__
from assistant.runtime.questions import TableQuestions

ATTRIBUTION = Attribution(name="Kinito", url="")
"""No public address to give: the project is installed from its sources."""


class _Artifact(TypedDict):
    """What the handle program and its model say alike."""

    name: str
    attribution: Attribution
    installed: bool
    version: str


def info() -> Info:
    """What the service offers: one French handle program, the referee."""
    common: _Artifact = {
        "name": "kinito",
        "attribution": ATTRIBUTION,
        "installed": True,
        "version": __version__,
    }
    model = HandleModel(description="Arbitre Kinito : scores, tour, règles", languages=["fr"], **common)
    return Info(handle=[HandleProgram(description="Arbitre vocal hors ligne", models=[model], **common)])


class RefereeHandler(AsyncEventHandler):
    """One client connection: Describe and Transcript answered, other events ignored."""

    def __init__(
        self, questions: TableQuestions, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        super().__init__(reader, writer)
        self.questions = questions

    async def handle_event(self, event: Event) -> bool:
        """Answer Describe with Info and Transcript with Handled/NotHandled; keep the connection."""
        if Describe.is_type(event.type):
            await self.write_event(info().event())
        elif Transcript.is_type(event.type):
            answer = self.questions.answer(Transcript.from_event(event).text)
            reply = Handled(text=answer.text) if answer.handled else NotHandled(text=answer.text)
            await self.write_event(reply.event())
        return True


async def serve(uri: str, questions: TableQuestions) -> None:
    """Listen on `uri` (tcp://host:port or unix:///path) until cancelled."""
    server = AsyncServer.from_uri(uri)
    await server.run(lambda reader, writer: RefereeHandler(questions, reader, writer))
