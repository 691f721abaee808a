"""The save format's versions and upcasters (docs/architecture.md): renaming an event never breaks a stored
game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from assistant.core.codec import Codec, CodecError


@dataclass(frozen=True)
class Announced:
    """Version 1 of an event, as a game once wrote it."""

    player: str
    score: int


@dataclass(frozen=True)
class ScoreAnnounced:
    """The same event renamed, with a field renamed too: version 2."""

    class_version: ClassVar[int] = 2
    player: str
    value: int


def _rename(data: dict[str, object]) -> dict[str, object]:
    out = {k: v for k, v in data.items() if k != "score"}
    return {**out, "type": "ScoreAnnounced", "v": 2, "value": data["score"]}


def test_version_one_writes_no_version_so_old_files_read_as_version_one() -> None:
    codec = Codec([Announced])
    assert codec.encode(Announced("Ana", 62)) == {"type": "Announced", "player": "Ana", "score": 62}
    assert codec.decode({"type": "Announced", "player": "Ana", "score": 62}) == Announced("Ana", 62)


def test_an_upcaster_reads_a_renamed_event_stored_before_the_rename() -> None:
    stored = Codec([Announced]).encode([Announced("Ana", 62), Announced("Bruno", 21)])
    today = Codec([ScoreAnnounced], {("Announced", 1): _rename})
    assert today.decode(stored) == (ScoreAnnounced("Ana", 62), ScoreAnnounced("Bruno", 21))
    assert today.encode(ScoreAnnounced("Ana", 62)) == {
        "type": "ScoreAnnounced",
        "v": 2,
        "player": "Ana",
        "value": 62,
    }
    assert today.decode(today.encode(ScoreAnnounced("Ana", 62))) == ScoreAnnounced("Ana", 62)


def test_what_cannot_be_read_is_a_codec_error_not_a_crash() -> None:
    today = Codec([ScoreAnnounced])
    with pytest.raises(CodecError, match="Announced"):
        today.decode({"type": "Announced", "player": "Ana", "score": 62})  # renamed, no upcaster
    with pytest.raises(CodecError, match="version 1"):
        today.decode({"type": "ScoreAnnounced", "player": "Ana", "value": 62})  # old version, no upcaster
    with pytest.raises(CodecError):
        Codec([Announced]).decode({"type": "Announced", "player": "Ana"})  # a field missing
