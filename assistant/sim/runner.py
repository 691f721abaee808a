"""Drive one simulated game move by move, saving each accepted move before it counts.

Randomness: move `m` of game `g` of a run seeded `s` draws from its own `random.Random(move_seed(s, g,
m))`. A bot's choice therefore depends only on the state and that index, so a game killed after any
move and resumed from its save file continues exactly as the uninterrupted run would have (the draws
themselves are recorded in the commands, docs/architecture.md: randomness is a recorded event).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from assistant.core.game import Refused, Session
from assistant.game.driver import Driver
from assistant.store.ending import Tallies, final
from assistant.store.protocol import GameStore, encode_entry

_MASK64 = (1 << 64) - 1


def move_seed(seed: int, game: int, move: int) -> int:
    """The seed of move `move` of game `game` (distinct for any seed, game and move < 2**32)."""
    return ((seed & _MASK64) << 64) | ((game & 0xFFFFFFFF) << 32) | (move & 0xFFFFFFFF)


def move_rng(seed: int, game: int, move: int) -> random.Random:
    """The random source of one move."""
    return random.Random(move_seed(seed, game, move))


@dataclass(frozen=True)
class Outcome:
    """How one simulated game ended."""

    session: Session[Any, Any, Any]
    """The final session (its entries are the log)."""
    refused: int
    """Moves the bot proposed that the rules refused (replaced by the fallback's, or the game stopped)."""
    stopped: bool
    """True when the game stopped on a refusal or max_moves rather than by `done` or the bot."""
    ended: bool = False
    """True when the game's end was saved with its last move (nothing left to `finish`)."""


def advance(
    driver: Driver[Any, Any],
    session: Session[Any, Any, Any],
    seed: int,
    game_index: int,
    max_moves: int,
    store: GameStore | None = None,
    game_id: int | None = None,
    on_move: Callable[[int], None] | None = None,
    tallies: Tallies | None = None,
) -> Outcome:
    """Play from `session` (fresh or resumed) until the game is done, saving every move in `store`.

    A move counts only once saved: a StoreError leaves the last saved session behind and propagates.
    The move that ends the game is saved with the game's end, in one transaction.
    `on_move(n)` is called after the n-th move is saved (progress lines for the kill test).
    """
    refused = 0
    while len(session.entries) < max_moves:
        state = session.state
        if driver.done(state):
            return Outcome(session, refused, False)
        move = len(session.entries)
        rng = move_rng(seed, game_index, move)
        command = driver.choose(state, rng)
        if command is None:
            return Outcome(session, refused, False)
        try:
            nxt = session.apply(command)
        except Refused:
            refused += 1
            fallback = driver.fallback(state, rng) if driver.fallback is not None else None
            if fallback is None:
                return Outcome(session, refused, True)
            nxt = session.apply(fallback)
        end = final(nxt.state, tallies) if driver.done(nxt.state) else None
        if store is not None and game_id is not None:  # the last move and the game's end: one write
            entry = encode_entry(driver.codec, nxt.entries[-1])
            store.extend(game_id, (entry,), end=end, stored=len(session.entries))
        session = nxt
        if on_move is not None:
            on_move(len(session.entries))
        if end is not None:
            return Outcome(session, refused, False, ended=store is not None and game_id is not None)
    return Outcome(session, refused, not driver.done(session.state))


def bot_games(
    driver: Driver[Any, Any], moves: int, seed: int = 0, longest: int | None = None
) -> list[list[tuple[Any, Any]]]:
    """`moves` bot moves as games of (state before, command), a new game each time one ends (or reaches
    `longest` moves); a move the rules refuse (a bot's bluff) is no move. What the engine benches replay."""
    game, rng = driver.game, random.Random(seed)
    state = game.initial()
    games: list[list[tuple[Any, Any]]] = [[]]
    count = 0
    while count < moves:
        command = None if driver.done(state) else driver.choose(state, rng)
        if command is None or (longest is not None and len(games[-1]) >= longest):
            games.append([])
            state = game.initial()
            continue
        try:
            events = game.decide(state, command)
        except Refused:
            continue
        games[-1].append((state, command))
        count += 1
        for event in events:
            state = game.evolve(state, event)
    return [played for played in games if played]


def engine_moves_per_second(
    driver: Driver[Any, Any], moves: int = 50_000, seed: int = 0, clock: Callable[[], float] | None = None
) -> float:
    """Moves per second of decide + evolve alone, for any game: the bots' moves are recorded first
    (bot_games), then replayed under the clock (CPU time of this process by default, so a busy
    machine does not distort it)."""
    import time

    recorded = [move for played in bot_games(driver, moves, seed) for move in played]
    decide, evolve, tick = driver.game.decide, driver.game.evolve, clock or time.process_time
    start = tick()
    for before, command in recorded:
        after = before
        for event in decide(before, command):
            after = evolve(after, event)
    spent = tick() - start
    return moves / spent if spent > 0 else float("inf")
