"""Properties over whole simulated matches (C1-C8): conservation of the 40 cards, counts, turns,
replay, undo and the codec."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from assistant.core.game import Session
from assistant.games.cinquillo.bot import CinquilloSession, play_game
from assistant.games.cinquillo.commands import Deal, Draw
from assistant.games.cinquillo.config import CinquilloConfig
from assistant.games.cinquillo.deck import DECK
from assistant.games.cinquillo.engine import CinquilloGame
from assistant.games.cinquillo.events import RoundWon
from assistant.games.cinquillo.scoring import ORIGINAL_BONUS

TABLES = [
    CinquilloConfig(("Ana", "Bruno"), hand=10, target=30),
    CinquilloConfig(("Ana", "Bruno"), hand=15, target=30),
    CinquilloConfig(("Ana", "Bruno", "Chloé"), target=30),
    CinquilloConfig(("Ana", "Bruno", "Chloé"), mode="caprone", target=30),
    CinquilloConfig(("Ana", "Bruno", "Chloé", "David"), target=30),
    CinquilloConfig(("Ana", "Bruno", "Chloé", "David"), mode="caprone", target=30),
]

matches = st.builds(
    lambda config, seed: play_game(config, random.Random(seed)),
    st.sampled_from(TABLES),
    st.integers(0, 2**32 - 1),
)
quick = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@quick
@given(matches)
def test_c1_c2_forty_cards_conserved_counts_and_turns_hold_at_every_step(session: CinquilloSession) -> None:
    """Hands + stock + table == 40 (blocked cards stay in hands); no negative count; exactly one
    player to act while a round runs (simulation knows every hand)."""
    state = session.game.initial()
    for event in session.events:
        state = session.game.evolve(state, event)
        assert all(n >= 0 for n in state.counts)
        assert state.stock_count >= 0
        if state.phase in ("play", "draw"):
            assert state.hands is not None and state.stock is not None
            assert state.current in state.players
            assert tuple(len(h) for h in state.hands) == state.counts
            assert len(state.stock) == state.stock_count
            held = [c for h in state.hands for c in h]
            assert len(held) + len(state.stock) + state.layout.cards_on_table() == len(DECK)
            assert len(set(held) | set(state.stock)) == len(held) + len(state.stock)
            assert not any(state.layout.on_table(c) for c in held)
            assert state.layout.blocked <= set(held)
        else:
            assert state.current is None
    assert state.phase == "over"
    assert state.winners is not None
    best = max(state.points)
    assert best >= state.config.target
    assert set(state.winners) == {p for p, n in zip(state.players, state.points, strict=True) if n == best}
    assert sum(state.xp) == sum(
        10 * len(state.players) if len(state.winners) == 1 and p in state.winners else 0
        for p in state.players
    ) - 10 * sum(1 for p in state.players if p not in state.winners)


@quick
@given(matches)
def test_c5_c6_round_points_follow_the_mode(session: CinquilloSession) -> None:
    """C5: 5 + cards left for the one player out; C6: cards left over the fewest, split rounded down."""
    for won in (e for e in session.events if isinstance(e, RoundWon)):
        fewest = min(won.counts)
        left = sum(n for n in won.counts if n != fewest)
        if session.state.caprone:
            assert won.points == left // len(won.winners)
        else:
            assert won.winners and len(won.winners) == 1 and fewest == 0
            assert won.points == ORIGINAL_BONUS + left


@quick
@given(matches, st.integers(1, 30))
def test_replay_rebuilds_the_state_and_undo_then_reapply_is_the_identity(
    session: CinquilloSession, back: int
) -> None:
    assert Session.from_entries(session.game, session.entries).state == session.state
    cut = max(0, len(session.entries) - back)
    undone = session.undo(back)
    assert undone.state == Session.from_entries(session.game, session.entries[:cut]).state
    again = undone
    for entry in session.entries[cut:]:
        again = again.apply(entry.command)
    assert again.state == session.state
    assert again.entries == session.entries


@quick
@given(matches)
def test_codec_round_trips_every_entry_through_json(session: CinquilloSession) -> None:
    game = session.game
    assert isinstance(game, CinquilloGame)
    codec = game.codec()
    for entry in session.entries:
        assert codec.decode(json.loads(json.dumps(codec.encode(entry.command)))) == entry.command
        for event in entry.events:
            assert codec.decode(json.loads(json.dumps(codec.encode(event)))) == event


@quick
@given(matches.filter(lambda s: not s.state.caprone))
@example(
    play_game(
        CinquilloConfig(players=("Ana", "Bruno"), mode="original", hand=10, target=30), random.Random(2663262)
    )
)  # C3: 2 players, stock exhausted before the 5 of oros came out: the others must still pass
def test_c3_referee_mode_reaches_the_same_scores_from_the_same_moves(session: CinquilloSession) -> None:
    """Strip the hands (what the referee hears): the same moves give the same rounds and winner."""
    referee: CinquilloSession = Session.start(session.game)
    for entry in session.entries:
        command = entry.command
        if isinstance(command, Deal):
            command = Deal(command.counts)
        elif isinstance(command, Draw):
            command = Draw(command.player)
        referee = referee.apply(command)
    assert referee.state.points == session.state.points
    assert referee.state.winner == session.state.winner
    assert [e for e in referee.events if isinstance(e, RoundWon)] == [
        e for e in session.events if isinstance(e, RoundWon)
    ]


@quick
@given(matches)
def test_c3_c6_playable_agrees_with_refusal_on_every_card(session: CinquilloSession) -> None:
    """The fast legality check and the sentence-building one never disagree."""
    state = session.game.initial()
    for i, event in enumerate(session.events):
        state = session.game.evolve(state, event)
        if i % 7 or state.phase != "play":
            continue
        for card in DECK:
            refusal = state.layout.refusal(card, state.caprone, state.first_round)
            assert state.layout.playable(card, state.caprone, state.first_round) == (refusal is None)
