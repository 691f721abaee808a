"""Players enrol their voices at the start, when a Vosk speaker model is configured.

The referee asks each player in turn to say a few words, and keeps the speaker vector of what it
hears next (several results may be needed: only finals of the open recogniser carry one). Pure
apart from the `say` callback: the heard results come in as an iterator, so tests feed fake ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from assistant.voice.hear.heard import Heard
from assistant.voice.hear.voiceprints import SpeakerBook

ASK = "{player}, dis quelques mots pour que je reconnaisse ta voix."
DONE = "Merci, je reconnais {count} voix."
SKIPPED = "Je n'ai pas saisi la voix de {player} : je demanderai qui parle."
MAX_TRIES = 3
"""Results to wait through for one player before giving up on their voice."""


def enrol(
    players: Sequence[str],
    heard: Iterator[Heard],
    say: Callable[[str], object],
    book: SpeakerBook | None = None,
) -> SpeakerBook:
    """Ask each player for a sample of their voice; players without one are simply not enrolled."""
    book = book if book is not None else SpeakerBook()
    for player in players:
        say(ASK.format(player=player))
        for _ in range(MAX_TRIES):
            result = next(heard, None)
            if result is None:
                break
            if result.final and result.voice:
                book.enrol(player, result.voice)
                break
        else:
            say(SKIPPED.format(player=player))
    say(DONE.format(count=len(book.enrolled)))
    return book
