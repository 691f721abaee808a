"""The understanding layer as the referee sees it: one transcript to one Parse, and the project's parser
for a table (built once per table setting)."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import Any, Protocol

from assistant.game import GameModule, Parse
from assistant.settings.table import TableConfig


class Understander(Protocol):
    """The understanding layer: one transcript to one Parse."""

    def parse(self, text: str, awaiting: Collection[str] | None = None) -> Parse:
        """The meaning of `text`; `awaiting`: what the game waits for now (None: unknown)."""
        ...


def default_parser(config: TableConfig) -> Understander:
    """The project's parser for this table (vigilance on in the drinking edition only, Q11)."""
    return _parser(config.module, config.players, config.wake_word, config.vigilance)


@lru_cache(maxsize=8)
def _parser(
    module: GameModule[Any, Any], players: tuple[str, ...], wake_word: str, vigilance: bool
) -> Understander:
    """Expanding the grammar takes a while and a parser is read-only: one per table setting."""
    from assistant.understanding.parser import Parser
    from assistant.voice.speak.phonemes import default_phonetizer

    phonetizer = default_phonetizer()
    parser: Understander = Parser(
        module, players, wake_word=wake_word, vigilance=vigilance, phonetizer=phonetizer
    )
    return parser
