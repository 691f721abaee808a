"""Half duplex: the microphone is deaf while the assistant speaks and for a short tail after."""

from __future__ import annotations

from assistant.core.clock import FakeClock
from assistant.voice.hear.duplex import HalfDuplexGate


def test_gate_closed_while_speaking_and_for_the_tail() -> None:
    clock = FakeClock(10.0)
    gate = HalfDuplexGate(clock, tail=0.3)
    assert gate.open(9.0) and gate.open(10.0)
    gate.begin()
    assert gate.is_speaking
    assert not gate.open(10.0)
    assert gate.open(9.9)  # captured before the assistant began
    clock.advance(2.0)
    gate.end()
    assert not gate.is_speaking
    assert not gate.open(11.0)  # captured during speech, judged after
    assert not gate.open(12.2)  # within the tail
    assert gate.open(12.31)
    assert gate.open(9.9)


def test_speaking_context_manager_closes_even_when_playback_fails() -> None:
    clock = FakeClock()
    gate = HalfDuplexGate(clock, tail=0.0)
    try:
        with gate.speaking():
            clock.advance(1.0)
            assert not gate.open(clock.now())
            raise RuntimeError("carte son")
    except RuntimeError:
        pass
    assert not gate.is_speaking
    assert not gate.open(0.5)
    assert gate.open(1.01)


def test_nested_begin_keeps_the_first_start() -> None:
    clock = FakeClock()
    gate = HalfDuplexGate(clock, tail=0.0)
    gate.begin()
    clock.advance(1.0)
    gate.begin()
    clock.advance(1.0)
    gate.end()
    assert not gate.open(0.5)
    assert gate.open(2.5)
