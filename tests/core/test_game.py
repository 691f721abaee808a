"""The decider core: fold, apply, undo, and the codec round trip."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.core import codec as codec_module
from assistant.core.codec import Codec
from assistant.core.events import PenaltyCalled
from assistant.core.game import Entry, Refused, Session


@dataclass(frozen=True)
class Add:
    amount: int


@dataclass(frozen=True)
class Added:
    amount: int


class Counter:
    """A toy game: add positive amounts; the total is the state."""

    def initial(self) -> int:
        return 0

    def decide(self, state: int, command: Add) -> Sequence[Added]:
        if command.amount <= 0:
            raise Refused("Il faut un nombre positif.")
        return (Added(command.amount),)

    def evolve(self, state: int, event: Added) -> int:
        return state + event.amount


def test_refused_move_leaves_the_session_untouched() -> None:
    session = Session.start(Counter()).apply(Add(2))
    with pytest.raises(Refused) as refused:
        session.apply(Add(-1))
    assert refused.value.reason == "Il faut un nombre positif."
    assert session.state == 2


@given(st.lists(st.integers(1, 100), max_size=30), st.integers(0, 40))
def test_undo_refolds_the_log_minus_its_tail(amounts: list[int], drop: int) -> None:
    session = Session.start(Counter())
    for amount in amounts:
        session = session.apply(Add(amount))
    undone = session.undo(drop) if drop else session
    kept = amounts[: max(0, len(amounts) - drop)] if drop else amounts
    assert undone.state == sum(kept)
    assert Session.from_entries(Counter(), undone.entries).state == undone.state


@given(st.lists(st.integers(1, 100), min_size=1, max_size=30))
def test_undo_then_replaying_the_move_is_the_identity(amounts: list[int]) -> None:
    session = Session.start(Counter())
    for amount in amounts:
        session = session.apply(Add(amount))
    again = session.undo().apply(session.entries[-1].command)
    assert again == session


def test_codec_round_trips_nested_dataclasses() -> None:
    codec = Codec([Add, Added, Entry, PenaltyCalled])
    value = Entry(Add(3), (Added(3), PenaltyCalled("Ana", 2, "dose", "quinito")))
    assert codec.decode(codec.encode(value)) == value
    assert Codec(codec_module.dataclasses_of(codec_module)).encode(None) is None


@given(st.lists(st.integers(1, 9), min_size=1, max_size=400), st.integers(1, 400))
def test_undo_from_a_checkpoint_equals_a_full_refold(amounts: list[int], drop: int) -> None:
    game = Counter()
    session = Session.start(game)
    for amount in amounts:
        session = session.apply(Add(amount))
    undone = session.undo(drop)
    rebuilt = Session.from_entries(game, undone.entries)
    assert undone == rebuilt
    assert undone.checkpoints == rebuilt.checkpoints
    assert all(state == sum(amounts[:n]) for n, state in undone.checkpoints)
