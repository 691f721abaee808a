"""Fakes shared by the referee's tests."""

from __future__ import annotations

from collections.abc import Iterator

from assistant.voice.hear.audio import Chunk


class Said:
    """A Voice that keeps what it was asked to say."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str) -> float:
        self.lines.append(text)
        return 0.0


class ListSource:
    """An AudioSource over ready chunks."""

    def __init__(self, chunks: list[Chunk]) -> None:
        self.items = chunks

    def chunks(self) -> Iterator[Chunk]:
        return iter(self.items)

    def close(self) -> None:
        pass
