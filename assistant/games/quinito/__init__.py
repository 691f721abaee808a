"""games/quinito: the Quinito/Kinito dice game, one game with its edition and variants as parameters.

config (the typed rules), scores (Q2/Q3 as data), commands, events, state, engine (decide), evolve,
resolve (settling a lifted cup), explain (the rules help as configured), flow and book (the referee's
half), bot (simulation). Registered once below; nothing outside this folder names the game. The
engine, the referee's half and the bots load when first asked for (the small functions below), so
listing the games stays cheap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from assistant.game import Driver, GameModule, GameOption, Parse, Rulebook, SimOptions, Summary, register_game
from assistant.game.module import BoardFiles
from assistant.game.running import Fold
from assistant.games.quinito.config import GRAMMAR, RESPONSES, QuinitoConfig, variant_lines
from assistant.games.quinito.heard import parse_fields

if TYPE_CHECKING:
    from assistant.games.quinito.commands import Command
    from assistant.games.quinito.state import QuinitoState

NAME = "quinito"
"""The registry key."""


def _rulebook(rules: QuinitoConfig) -> Rulebook[QuinitoState, Command]:
    from assistant.games.quinito.book import rulebook

    return rulebook(rules)


def _explain(rules: QuinitoConfig, topic: str | None) -> Sequence[str]:
    from assistant.games.quinito.explain import explain

    return explain(rules, topic)


def _topics(rules: QuinitoConfig) -> Sequence[str]:
    from assistant.games.quinito.explain import topics

    return topics(rules)


def _simulation(rules: QuinitoConfig, options: SimOptions) -> Driver[QuinitoState, Command]:
    from assistant.games.quinito.bot import simulation

    return simulation(rules, options)


def _coach(
    intent: str, parse: Parse, who: str | None, rules: QuinitoConfig, state: QuinitoState
) -> Sequence[str]:
    from assistant.games.quinito.coach import coach

    return coach(intent, parse, who, rules, state)


def _question(intent: str, rules: QuinitoConfig, state: QuinitoState) -> Sequence[str]:
    from assistant.games.quinito.coach import question

    return question(intent, rules, state)


def _summary(state: QuinitoState, events: tuple[object, ...]) -> Summary:
    from assistant.games.quinito.summary import summarize

    return summarize(state, events)


def _board_view(rules: QuinitoConfig, state: QuinitoState, events: tuple[object, ...]) -> dict[str, Any]:
    from assistant.games.quinito.board_view import view

    return view(rules, state, events)


def _results(rules: QuinitoConfig, state: QuinitoState) -> Mapping[str, Mapping[str, int]]:
    from assistant.games.quinito.summary import results

    return results(rules, state)


def _describe_event(event: object) -> str | None:
    from assistant.games.quinito.board_view import describe

    return describe(event)


def _board_running(rules: QuinitoConfig) -> Fold:
    from assistant.games.quinito.board_view import Running

    return Running(rules)


def _odds(rules: QuinitoConfig, text: str) -> tuple[list[str], dict[str, Any]]:
    from assistant.games.quinito.coach import printed_odds

    return printed_odds(rules, text)


def _demo() -> str:
    from assistant.games.quinito.demo import script

    return script()


MODULE: GameModule[QuinitoConfig, QuinitoState] = register_game(
    GameModule(
        name=NAME,
        title="Quinito",
        options=(
            GameOption(
                "edition",
                "l'édition : apero (doses) ou famille (vies)",
                ("drinking", "family"),
                default="drinking",
            ),
            GameOption(
                "variants",
                "variantes, numéros des règles séparés par des virgules (kinito variants)",
                metavar="VARIANTES",
            ),
            GameOption("lives", "édition famille : vies au départ (5, ou 3 avec L-V3)", type=int),
            GameOption("confirm", "redire chaque annonce enregistrée (« Soixante-deux, Ana. ») : on ou off"),
        ),
        rules=QuinitoConfig.from_dict,
        rulebook=_rulebook,
        explain=_explain,
        topics=_topics,
        simulation=_simulation,
        grammar=GRAMMAR,
        coach=_coach,
        questions=frozenset({"totem"}),
        answer=_question,
        question_words={"totem": frozenset({"chapeau", "totem"})},  # Q12, and the hat a table calls it
        summary=_summary,
        board_view=_board_view,
        describe_event=_describe_event,
        board_running=_board_running,
        board_files=BoardFiles(__name__),
        odds=_odds,
        responses=RESPONSES,
        parse_fields=parse_fields,
        results=_results,
        vocabulary=frozenset(
            {"score", "scores", "totem", "totems", "cup", "cups", "gobelet", "gobelets", "dice", "dés"}
        ),
        demo=_demo,
        variant_lines=variant_lines,
    )
)
