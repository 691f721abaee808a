"""Properties of the referee over random conversations (hypothesis): it never crashes, standings are the
fold of the announced penalties, it never says "boire" (Q11), and undo restores the previous state."""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.core.clock import FakeClock
from assistant.referee.referee import Referee
from assistant.settings.table import table_config

PLAYERS = ("Ana", "Bruno", "Chloé", "David")
LINES = (
    "soixante deux",
    "cinquante quatre",
    "double six",
    "vingt et un",
    "vingt trois",
    "chance",
    "quarante et un",
    "soixante cinq",
    "j'accepte",
    "menteur",
    "je passe soixante deux",
    "je relance",
    "quinito",
    "quinito à ma gauche",
    "à ma droite",
    "en face",
    "je contre",
    "je prends",
    "défi",
    "à ma gauche et en face",
    "c'est moi",
    "changement de sens",
    "cinquante et un",
    "je bois",
    "bruno t'es nul",
    "il fait beau",
    "arbitre annule",
    "arbitre les scores",
    "arbitre pénalité",
    "arbitre c'est david",
    "arbitre pause",
    "arbitre reprends",
    "à qui le tour",
    "arbitre répète",
)
BOIRE = re.compile(r"\b(boi\w*|buv\w*|bu)\b", re.IGNORECASE)

conversation = st.lists(
    st.tuples(st.sampled_from((*PLAYERS, None)), st.sampled_from(LINES), st.integers(0, 40)),
    max_size=30,
)
editions = st.sampled_from(("drinking", "family"))
variants = st.sampled_from(("", "V-65", "V-51", "V-31-replay", "Q13", "L-V5", "L-V6, L-V2", "L-V3"))


def play(edition: str, variant: str, lines: list[tuple[str | None, str, int]]) -> Referee:
    header = {"game": "quinito", "players": ",".join(PLAYERS), "edition": edition, "variants": variant}
    if edition == "family":
        header["variants"] = variant if variant.startswith("L") or variant == "V-65" else ""
    else:
        header["variants"] = "" if variant.startswith("L") else variant
    referee = Referee(table_config(header), FakeClock())
    clock = referee.clock
    assert isinstance(clock, FakeClock)
    for speaker, text, wait in lines:
        clock.advance(wait)
        referee.tick()
        referee.hear(speaker, text)
    return referee


@settings(max_examples=60, deadline=None)
@given(editions, variants, conversation)
def test_random_conversations_keep_the_referee_consistent(
    edition: str, variant: str, lines: list[tuple[str | None, str, int]]
) -> None:
    referee = play(edition, variant, lines)
    outcome = referee.outcome()
    json.dumps(outcome)
    unit = "life" if edition == "family" else "dose"
    for name, counters in outcome["players"].items():
        taken = sum(p["amount"] for p in outcome["penalties"] if p["player"] == name and p["unit"] == unit)
        if edition == "drinking":
            assert counters["doses"] == taken
        elif "L-V3" not in variant:  # L-V3 gives lost lives to another player
            assert counters["lives"] == 5 - taken
            assert counters["eliminated"] == (taken == 5)
    for sentence in outcome["spoken"]:
        assert not BOIRE.search(sentence), sentence


@settings(max_examples=40, deadline=None)
@given(editions, conversation, st.sampled_from(LINES[:24]), st.sampled_from((*PLAYERS, None)))
def test_undo_after_a_move_restores_the_state_before_it(
    edition: str, lines: list[tuple[str | None, str, int]], text: str, speaker: str | None
) -> None:
    referee = play(edition, "", lines)
    before = referee.state
    count = len(referee.session.entries)
    referee.hear(speaker, text)
    if len(referee.session.entries) > count and not referee.paused:
        referee.undo()
        assert referee.state == before
