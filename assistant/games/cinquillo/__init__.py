"""games/cinquillo: the Spanish-deck card game (C1-C8), original and caprone modes as parameters.

config (the typed rules), deck (C1 as data), commands, events, state, engine, scoring, explain, flow
and book (the referee's half), bot (simulation). Registered once below; the engine, the referee's
half and the bots load when first asked for (the small functions below).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from assistant.game import Driver, GameModule, GameOption, Parse, Rulebook, SimOptions, Summary, register_game
from assistant.game.module import BoardFiles
from assistant.game.running import Fold
from assistant.games.cinquillo.config import RESPONSES, CinquilloConfig, variant_lines
from assistant.games.cinquillo.heard import parse_fields

if TYPE_CHECKING:
    from assistant.games.cinquillo.commands import Command
    from assistant.games.cinquillo.state import CinquilloState

NAME = "cinquillo"
"""The registry key."""


def _rulebook(rules: CinquilloConfig) -> Rulebook[CinquilloState, Command]:
    from assistant.games.cinquillo.book import rulebook

    return rulebook(rules)


def _explain(rules: CinquilloConfig, topic: str | None) -> Sequence[str]:
    from assistant.games.cinquillo.explain import explain

    return explain(rules, topic)


def _topics(rules: CinquilloConfig) -> Sequence[str]:
    from assistant.games.cinquillo.explain import topics

    return topics(rules)


def _simulation(rules: CinquilloConfig, options: SimOptions) -> Driver[CinquilloState, Command]:
    from assistant.games.cinquillo.bot import simulation

    return simulation(rules, options)


def _coach(
    intent: str, parse: Parse, who: str | None, rules: CinquilloConfig, state: CinquilloState
) -> Sequence[str]:
    from assistant.games.cinquillo.coach import coach

    return coach(intent, parse, who, rules, state)


def _summary(state: CinquilloState, events: tuple[object, ...]) -> Summary:
    from assistant.games.cinquillo.summary import summarize

    return summarize(state, events)


def _board_view(rules: CinquilloConfig, state: CinquilloState, events: tuple[object, ...]) -> dict[str, Any]:
    from assistant.games.cinquillo.board_view import view

    return view(rules, state, events)


def _results(rules: CinquilloConfig, state: CinquilloState) -> Mapping[str, Mapping[str, int]]:
    from assistant.games.cinquillo.scoring import results

    return results(rules, state)


def _describe_event(event: object) -> str | None:
    from assistant.games.cinquillo.board_view import describe

    return describe(event)


def _board_running(rules: CinquilloConfig) -> Fold:
    from assistant.games.cinquillo.board_view import Running

    return Running(rules)


MODULE: GameModule[CinquilloConfig, CinquilloState] = register_game(
    GameModule(
        name=NAME,
        title="Cinquillo",
        options=(
            GameOption("mode", "le mode : original ou caprone", ("original", "caprone"), default="original"),
            GameOption(
                "hand", "à deux joueurs : cartes par main, de 10 à 15", type=int, default=12, metavar="CARTES"
            ),
            GameOption("target", "points pour gagner le match", type=int, default=50, metavar="POINTS"),
        ),
        rules=CinquilloConfig.from_dict,
        rulebook=_rulebook,
        explain=_explain,
        topics=_topics,
        simulation=_simulation,
        grammar="cinquillo.yaml",
        coach=_coach,
        summary=_summary,
        board_view=_board_view,
        describe_event=_describe_event,
        board_running=_board_running,
        board_files=BoardFiles(__name__),
        variant_lines=variant_lines,
        responses=RESPONSES,
        parse_fields=parse_fields,
        results=_results,
        vocabulary=frozenset(
            {"card", "cards", "carte", "cartes", "oros", "copas", "espadas", "bastos", "deniers", "caprone"}
        ),
        bluff_rate=0.0,
    )
)
