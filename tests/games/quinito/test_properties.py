"""Properties over many simulated games (the bot drives the real engine through Session)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.core.game import Session
from assistant.games.quinito.bot import QuinitoBot, QuinitoSession, play_game
from assistant.games.quinito.config import Edition, QuinitoConfig, variants_for
from assistant.games.quinito.engine import QuinitoGame, codec
from assistant.games.quinito.state import QuinitoState

NAMES = (
    "Ana",
    "Bruno",
    "Chloé",
    "David",
    "Émile",
    "Fanny",
    "Gaspard",
    "Hélène",
    "Inès",
    "Jules",
    "Karim",
    "Léa",
)


@st.composite
def configs(draw: st.DrawFn) -> QuinitoConfig:
    edition: Edition = draw(st.sampled_from(["drinking", "family"]))
    n = draw(st.integers(2, 12))
    variants = draw(st.frozensets(st.sampled_from(sorted(variants_for(edition)))))
    lives = draw(st.none() | st.integers(1, 3))
    return QuinitoConfig(NAMES[:n], edition=edition, variants=variants, lives=lives)


def simulate(config: QuinitoConfig, seed: int) -> QuinitoSession:
    bot = QuinitoBot(bluff_rate=0.3, fault_rate=0.03)
    return play_game(config, random.Random(seed), rounds=5, max_moves=250, bot=bot)


def check_invariants(state: QuinitoState) -> None:
    """No negative counters; one current player while running."""
    assert all(v >= 0 for v in (*state.doses, *state.sips, *state.lives))
    if state.winner is None:
        assert state.current in state.players
        assert state.current not in state.eliminated
        assert all(e.awaiting != "over" for e in state.expecting_all())
    else:
        assert state.current is None
        assert state.expecting().awaiting == "over"
        assert state.active() == (state.winner,)


SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(configs(), st.integers(0, 2**32))
def test_simulated_games_keep_the_invariants(config: QuinitoConfig, seed: int) -> None:
    """Q1-Q13, L1-L4: counters never negative, exactly one current player unless over, after every move."""
    bot = QuinitoBot(bluff_rate=0.3, fault_rate=0.03)
    rng = random.Random(seed)
    session: QuinitoSession = Session.start(QuinitoGame(config))
    for _ in range(250):
        check_invariants(session.state)
        command = bot.choose(session.state, config, rng)
        if command is None:
            break
        session = session.apply(command)
    check_invariants(session.state)
    if config.edition == "drinking":
        assert session.state.winner is None
        assert session.state.eliminated == frozenset()


@SETTINGS
@given(configs(), st.integers(0, 2**32))
def test_replaying_the_log_rebuilds_the_same_state(config: QuinitoConfig, seed: int) -> None:
    """The move history is the save file: folding it again gives the same state."""
    session = simulate(config, seed)
    assert Session.from_entries(QuinitoGame(config), session.entries).state == session.state


@SETTINGS
@given(configs(), st.integers(0, 2**32), st.data())
def test_undo_then_reapplying_is_the_identity(config: QuinitoConfig, seed: int, data: st.DataObject) -> None:
    """Undo drops the tail; applying the undone commands again gives back the same session."""
    session = simulate(config, seed)
    if not session.entries:
        return
    k = data.draw(st.integers(1, min(5, len(session.entries))))
    undone = session.undo(k)
    for entry in session.entries[-k:]:
        undone = undone.apply(entry.command)
    assert undone.state == session.state
    assert undone.entries == session.entries


@settings(max_examples=15, deadline=None)
@given(configs(), st.integers(0, 2**32))
def test_every_entry_survives_the_codec_and_json(config: QuinitoConfig, seed: int) -> None:
    """Every command and event encodes to JSON and decodes back equal."""
    c = codec()
    for entry in simulate(config, seed).entries:
        for obj in (entry.command, *entry.events):
            assert c.decode(json.loads(json.dumps(c.encode(obj)))) == obj
