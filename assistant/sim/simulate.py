"""Bot-against-bot runs of many games: bind a game kind to its bot, play, save, resume, sum up outcomes.

The table settings of a simulated game are stored with it (games.config), plus a "sim" object with the
seed, the game's index in the run and the bot settings, so `resume_game` needs nothing but the store.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from assistant.core.codec import Codec
from assistant.core.game import Game, Session
from assistant.game import Driver, GameModule, SimOptions, get_game
from assistant.sim.runner import Outcome, advance
from assistant.store.ending import Tallies, final
from assistant.store.protocol import GameStore, Kind, StoredGame, StoreError, decode_entries
from assistant.wording import COUNTERS


@dataclass(frozen=True)
class SimSettings:
    """One simulation run, as the command line gives it."""

    module: GameModule[Any, Any]
    """The game played."""
    table: dict[str, Any]
    """Table settings as JSON (the game's header keys)."""
    seed: int = 0
    """The run's seed; each move's random source derives from it (runner.move_seed)."""
    bluff_rate: float = 0.2
    """How often a bot bluffs or first tries an illegal move."""
    rounds: int = 10
    """Rounds per game for games that name no winner by themselves."""
    max_moves: int = 20_000
    """Safety net: a game stops after this many moves."""

    @property
    def kind(self) -> Kind:
        """The registered game's name (what the store keeps)."""
        return self.module.name

    def stored_config(self, game_index: int) -> dict[str, Any]:
        """What goes into games.config for game `game_index` of this run."""
        sim = {"seed": self.seed, "game": game_index, "bluff_rate": self.bluff_rate}
        return {**self.table, "sim": {**sim, "rounds": self.rounds, "max_moves": self.max_moves}}

    @classmethod
    def from_stored(cls, stored: StoredGame) -> tuple[SimSettings, int]:
        """The run settings and game index saved with a simulated game (defaults for a played one)."""
        table = {k: v for k, v in stored.config.items() if k != "sim"}
        sim = stored.config.get("sim", {})
        settings = cls(
            get_game(stored.kind),  # the store keeps the name: a stored game is resolved here, once
            table,
            int(sim.get("seed", 0)),
            float(sim.get("bluff_rate", 0.2)),
            int(sim.get("rounds", 10)),
            int(sim.get("max_moves", 20_000)),
        )
        return settings, int(sim.get("game", 0))


def driver(settings: SimSettings) -> Driver[Any, Any]:
    """The rules, codec and bots of the registered game (engines are imported only when used)."""
    module = settings.module
    rules = module.rules(settings.table)
    return module.simulation(rules, SimOptions(settings.bluff_rate, settings.rounds))


def game_factory(stored: StoredGame) -> tuple[Game[Any, Any, Any], Codec]:
    """GameFactory for `assistant.store.protocol.resume`: any stored game's rules and codec."""
    bound = driver(SimSettings.from_stored(stored)[0])
    return bound.game, bound.codec


def tallies_of(settings: SimSettings) -> Tallies:
    """The game's own results of a finished state (`GameModule.results`, C8 XP for Cinquillo)."""
    module = settings.module
    rules = module.rules(settings.table)
    return lambda state: module.results(rules, state)


def save_result(store: GameStore, game_id: int, outcome: Outcome, settings: SimSettings) -> None:
    """Mark a finished game with its winner and the game's own results, unless its end went with its
    last move already."""
    if outcome.stopped or outcome.ended:
        return
    store.finish(game_id, final(outcome.session.state, tallies_of(settings)))


def play_one(
    settings: SimSettings,
    game_index: int,
    store: GameStore | None = None,
    on_move: Callable[[int], None] | None = None,
    bound: Driver[Any, Any] | None = None,
) -> tuple[Outcome, int | None]:
    """Play game `game_index` of a run from scratch; with a store, every move is saved as it is made."""
    bound = bound or driver(settings)
    game_id = store.create_game(settings.kind, settings.stored_config(game_index)) if store else None
    session: Session[Any, Any, Any] = Session.start(bound.game)
    outcome = advance(
        bound, session, settings.seed, game_index, settings.max_moves,
        store, game_id, on_move, tallies_of(settings),
    )  # fmt: skip
    if store is not None and game_id is not None:
        save_result(store, game_id, outcome, settings)
    return outcome, game_id


def load_session(store: GameStore, game_id: int) -> tuple[SimSettings, int, Session[Any, Any, Any]]:
    """A saved simulated game: its settings, index in its run, and the session its log folds to."""
    stored = store.load(game_id)
    settings, index = SimSettings.from_stored(stored)
    bound = driver(settings)
    return settings, index, Session.from_entries(bound.game, decode_entries(bound.codec, stored.entries))


def resume_game(store: GameStore, game_id: int, on_move: Callable[[int], None] | None = None) -> Outcome:
    """Continue a saved simulated game from its last saved move to its end, saving as it goes."""
    stored = store.load(game_id)
    if stored.status == "finished":
        raise StoreError(f"La partie numéro {game_id} est déjà terminée.")
    settings, index = SimSettings.from_stored(stored)
    bound = driver(settings)
    session = Session.from_entries(bound.game, decode_entries(bound.codec, stored.entries))
    outcome = advance(
        bound, session, settings.seed, index, settings.max_moves,
        store, game_id, on_move, tallies_of(settings),
    )  # fmt: skip
    save_result(store, game_id, outcome, settings)
    return outcome


@dataclass
class Tally:
    """Outcomes summed over games, per player (the JSON of `kinito simulate`)."""

    games: int = 0
    """Games played."""
    moves: int = 0
    """Accepted moves, all games."""
    refused: int = 0
    """Bot moves the rules refused."""
    stopped: int = 0
    """Games cut short (max_moves, or a refusal with no fallback)."""
    players: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per player: wins, draws, and the sum of every integer counter of the game's standings that every
    game may have (wording.COUNTERS: doses, points...; a game's own, a count of its pieces at the end,
    is no tally)."""
    per_game: list[dict[str, Any]] = field(default_factory=list)
    """With verbose: one {game, moves, winner} per game."""

    def add(self, index: int, outcome: Outcome, verbose: bool = False) -> None:
        """Count one finished game."""
        state = outcome.session.state
        moves = len(outcome.session.entries)
        self.games += 1
        self.moves += moves
        self.refused += outcome.refused
        self.stopped += int(outcome.stopped)
        winner = state.winner
        for player, row in state.standings().items():
            sums = self.players.setdefault(player, {"wins": 0, "draws": 0})
            sums["wins"] += int(winner == player)
            sums["draws"] += int(isinstance(winner, list) and player in winner)
            for key, value in row.items():
                if isinstance(value, int) and not isinstance(value, bool) and key in COUNTERS:
                    sums[key] = sums.get(key, 0) + value
        if verbose:
            self.per_game.append({"game": index, "moves": moves, "winner": winner})


def run(
    settings: SimSettings,
    games: int,
    store: GameStore | None = None,
    on_move: Callable[[int], None] | None = None,
    verbose: bool = False,
    clock: Callable[[], float] = time.perf_counter,
    on_game: Callable[[], object] | None = None,
) -> dict[str, Any]:
    """Play `games` games and return the report `kinito simulate --json` prints; `on_game()` is called
    after each game (the progress bar)."""
    tally = Tally()
    bound = driver(settings)
    start = clock()
    for index in range(games):
        outcome, _ = play_one(settings, index, store, on_move, bound)
        tally.add(index, outcome, verbose)
        if on_game is not None:
            on_game()
    seconds = clock() - start
    report: dict[str, Any] = {
        "game": settings.kind,
        "games": tally.games,
        "seed": settings.seed,
        "moves": tally.moves,
        "seconds": round(seconds, 3),
        "moves_per_s": round(tally.moves / seconds, 1) if seconds > 0 else None,
        "refused": tally.refused,
        "stopped": tally.stopped,
        "players": tally.players,
    }
    if verbose:
        report["per_game"] = tally.per_game
    return report


def table_settings(module: GameModule[Any, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON table settings from command-line options (None values dropped)."""
    keys = ("players", *module.setting_keys)
    return {k: options[k] for k in keys if options.get(k) is not None}
