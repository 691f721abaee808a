"""`kinito play --resume`: find the game to continue, make sure this process alone referees it, and
check that every stored entry reads back before the referee folds it.

A damaged game (bad JSON, an unknown event, settings the rules refuse) is named with its first
unreadable entry. With `--recover` its readable entries continue in a NEW game; the damaged one is
left exactly as it is in the file (never overwritten, never truncated), for whoever wants to look.
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

from assistant.core.codec import Codec
from assistant.core.game import Game, Session
from assistant.errors import UserError
from assistant.settings.play import resumed_table
from assistant.settings.table import TableConfig
from assistant.store.opening import TableStore
from assistant.store.protocol import DamagedGame, StoredGame, checked_session

RECOVER = "kinito play --resume --recover"


def resumed(
    store: TableStore,
    live: TableConfig,
    recover: bool = False,
    log: TextIO = sys.stderr,
    wanted: int | None = None,
) -> tuple[TableConfig, int, Session[Any, Any, Any]]:
    """The stored table, id and session of the game to continue (claimed for this process): game
    `wanted` (`kinito play --resume N`, any unfinished game), else the newest unfinished one. The log
    is loaded, checked and folded once, and the referee starts from that session."""
    game_id = store.latest_unfinished() if wanted is None else _unfinished(store, wanted)
    if game_id is None:
        raise UserError(
            f"Aucune partie en cours à reprendre dans {store.path}.", fix="kinito play sans --resume"
        )
    store.claim(game_id)  # one referee per game: a second `--resume` gets a sentence, not a shared log
    try:
        stored = store.load(game_id)
        table = _table(stored, live)
        session = checked_session(stored, *_rules(table))
    except DamagedGame as damaged:
        if not recover or damaged.readable is None:
            raise _refusal(damaged, store) from None
        stored = damaged.readable
        table = _table(stored, live)
        session = checked_session(stored, *_rules(table))  # the readable entries fold, as checked
        game_id = _copy(store, stored)
        print(
            f"kinito: la partie n° {damaged.game_id} est abîmée ; ses {len(stored.entries)} premiers coups"
            f" continuent dans la partie n° {game_id} (la n° {damaged.game_id} reste intacte).",
            file=log,
        )
    started = time.strftime("%d/%m/%Y à %H:%M", time.localtime(stored.created_at))
    print(
        f"kinito: reprise de la partie n° {game_id} commencée le {started}"
        f" ({len(stored.entries)} coups enregistrés).",
        file=log,
    )
    return table, game_id, session


def _unfinished(store: TableStore, wanted: int) -> int:
    """Game `wanted` when it is still playing; else one sentence naming the games that are."""
    if wanted in store.unfinished():
        return wanted
    store.load(wanted)  # an unknown number: the store's own sentence
    raise UserError(
        f"La partie n° {wanted} est terminée : il n'y a rien à reprendre.",
        fix="kinito history (les parties non finies)",
    )


def _table(stored: StoredGame, live: TableConfig) -> TableConfig:
    try:
        return resumed_table(stored.config, live)
    except (UserError, ValueError, TypeError, AttributeError) as error:
        raise DamagedGame(stored.id, None, str(error).rstrip("."), None) from None


def _rules(table: TableConfig) -> tuple[Game[Any, Any, Any], Codec]:
    book = table.module.rulebook(table.rules)
    return book.game, book.codec


def _refusal(damaged: DamagedGame, store: TableStore) -> UserError:
    if damaged.readable is None:
        return UserError(
            f"{damaged.message} Elle ne peut pas être reprise ; le fichier {store.path} n'a pas été modifié.",
            fix="kinito play (une nouvelle partie)",
        )
    good = len(damaged.readable.entries)
    return UserError(
        f"{damaged.message} Les {good} coups d'avant sont lisibles ; le fichier {store.path}"
        " n'a pas été modifié.",
        fix=f"{RECOVER} (reprend ces {good} coups dans une nouvelle partie, l'abîmée reste telle quelle)",
    )


def _copy(store: TableStore, stored: StoredGame) -> int:
    """A new game holding `stored`'s settings and entries, in one transaction (a kill cannot leave
    an empty copy that a later --resume would take for the game)."""
    return store.create_game(stored.kind, stored.config, stored.entries)
