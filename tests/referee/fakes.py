"""Fakes shared by the referee's tests."""

from __future__ import annotations


class Said:
    """A Voice that keeps what it was asked to say."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str) -> float:
        self.lines.append(text)
        return 0.0
