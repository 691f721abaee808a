"""Run a written script through the Referee (the recogniser replaced by the script's lines)."""

from __future__ import annotations

from assistant.core.clock import FakeClock
from assistant.errors import UserError
from assistant.referee.referee import Referee, Understander
from assistant.scripts.script import TABLE, WAIT, Script
from assistant.settings.table import table_config
from assistant.store.protocol import GameStore

TICK = 1.0
"""Seconds between two clock ticks while a `wait:` line passes (as the live loop ticks)."""


def referee_for(
    script: Script, store: GameStore | None = None, parser: Understander | None = None
) -> Referee:
    """A referee for the script's table, on a fake clock at 0; speaker names are checked."""
    config = table_config(script.header)
    folded = {p.casefold() for p in config.players}
    for line in script.lines:
        if line.speaker not in (TABLE, WAIT) and line.speaker.casefold() not in folded:
            raise UserError(
                f"Ligne {line.number} : « {line.speaker} » n'est pas un joueur de cette table "
                f"({', '.join(config.players)}), ni « table », ni « wait »."
            )
    return Referee(config, FakeClock(), store=store, parser=parser)


def run_script(script: Script, store: GameStore | None = None, parser: Understander | None = None) -> Referee:
    """Play every line; `wait: N` advances the clock second by second, ticking (Q10 slowness)."""
    referee = referee_for(script, store, parser)
    clock = referee.clock
    assert isinstance(clock, FakeClock)
    for line in script.lines:
        if line.speaker == WAIT:
            remaining = float(line.text)
            while remaining > 0:
                step = min(TICK, remaining)
                clock.advance(step)
                remaining -= step
                referee.tick()
        else:
            speaker = None if line.speaker == TABLE else line.speaker
            referee.hear(speaker, line.text, 1.0)
    return referee
