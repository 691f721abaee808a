"""The live loop of `kinito play` with fake hearing: grammar switching, repeat requests, Q10 ticks."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any

from assistant.core.clock import FakeClock
from assistant.errors import UserError
from assistant.game import get_game
from assistant.referee.referee import Referee
from assistant.runtime.early import HOLD_SECONDS, EarlyMoves
from assistant.runtime.grammar_switch import GrammarSwitch, SwitchingDecoder
from assistant.runtime.live import LiveLoop, from_heard, from_text, vigilance_text
from assistant.runtime.utterance import Utterance
from assistant.runtime.voices import FallbackVoice, PrintVoice, QueuedVoice
from assistant.settings.table import table_config
from assistant.voice.hear.audio import Chunk
from assistant.voice.hear.heard import Heard
from assistant.voice.hear.listener import Listener
from tests.referee.fakes import ListSource, Said

PLAYERS = ("Ana", "Bruno", "Chloé")


class Sink:
    """A recogniser stand-in that records each phrase list it is given."""

    def __init__(self) -> None:
        self.lists: list[list[str]] = []

    def set_phrases(self, phrases: Sequence[str]) -> None:
        self.lists.append(list(phrases))


class ScriptedDecoder:
    """A Decoder returning a scripted final on the chunks whose first byte is 1 (fake Vosk)."""

    def __init__(self, finals: list[Heard]) -> None:
        self.finals = list(finals)
        self.phrases: list[str] = []

    def set_phrases(self, phrases: Sequence[str]) -> None:
        self.phrases = list(phrases)

    def accept(self, chunk: Chunk) -> list[Heard]:
        return [self.finals.pop(0)] if chunk.pcm[:1] == b"\x01" and self.finals else []

    def partials(self) -> list[Heard]:
        return []

    def flush(self) -> list[Heard]:
        return []

    def reset(self) -> None:
        pass


def referee(slow: str = "off", clock: FakeClock | None = None) -> Referee:
    header = {"game": "quinito", "players": ", ".join(PLAYERS), "edition": "drinking", "slow": slow}
    return Referee(table_config(header), clock or FakeClock())


def test_from_text_attributes_player_prefix_else_table() -> None:
    """Typed input: "Ana: ..." is Ana's; "table:" and plain words are unattributed; comments skipped."""
    lines = [
        "Ana: je dis soixante-deux",
        "",
        "# note",
        "table: menteur",
        "cinquante quatre",
        "anA : j'accepte",
    ]
    assert list(from_text(lines, PLAYERS)) == [
        Utterance("Ana", "je dis soixante-deux"),
        Utterance(None, "menteur"),
        Utterance(None, "cinquante quatre"),
        Utterance("Ana", "j'accepte"),
    ]


def test_grammar_switches_when_the_expectation_changes() -> None:
    """Q6: after an announcement the phrases become the response's (menteur), back to announce after."""
    sink = Sink()
    loop = LiveLoop(referee(), Said(), GrammarSwitch(sink, get_game("quinito"), PLAYERS))
    loop.start()
    assert len(sink.lists) == 1 and "soixante deux" in sink.lists[0] and "menteur" not in sink.lists[0]
    loop.hear(Utterance(None, "soixante deux"))
    assert len(sink.lists) == 2 and "menteur" in sink.lists[1]
    loop.hear(Utterance(None, "arbitre à qui le tour"))  # same expectation: no switch
    assert len(sink.lists) == 2
    loop.hear(Utterance(None, "menteur"))
    loop.hear(Utterance(None, "cinquante quatre"))
    assert len(sink.lists) == 4 and "menteur" not in sink.lists[-1]


def test_low_confidence_asks_to_repeat_and_moves_nothing() -> None:
    """A doubtful hearing is not acted on: the referee asks to repeat; the same words, clear, are a move."""
    said = Said()
    ref = referee()
    loop = LiveLoop(ref, said)
    assert loop.hear(Utterance(None, "soixante deux", 0.3)) == ["Tu peux répéter ?"]
    assert ref.expectations()[0].awaiting == "announce"
    loop.hear(Utterance(None, "soixante deux", 0.95))
    assert ref.expectations()[0].awaiting == "response"
    assert said.lines[-2:] == ["Tu peux répéter ?", "Soixante-deux, Ana."]


def test_tick_charges_slowness_after_the_delay_q10() -> None:
    """Q10: the expected player silent `slow` seconds takes a dose when the loop ticks."""
    clock = FakeClock()
    ref = referee(slow="5", clock=clock)
    loop = LiveLoop(ref, Said())
    clock.advance(4)
    assert loop.tick() == []
    clock.advance(2)
    assert loop.tick() == ["Ana prend une dose : lenteur."]
    assert [p["reason"] for p in ref.penalties()] == ["slowness"]


def test_run_ticks_on_its_own_thread_q10() -> None:
    """Q10: while the input is silent, `run`'s ticker charges the slowness fault by itself."""
    clock = FakeClock()
    ref = referee(slow="5", clock=clock)
    said = Said()
    loop = LiveLoop(ref, said)

    def silence() -> Iterator[Utterance]:
        clock.advance(10)
        deadline = time.monotonic() + 3
        while not ref.penalties() and time.monotonic() < deadline:
            time.sleep(0.01)
        yield Utterance(None, "arbitre à qui le tour")

    loop.run(silence(), tick_every=0.01)
    assert [p["player"] for p in ref.penalties()] == ["Ana"]
    assert [p["reason"] for p in ref.penalties()] == ["slowness"]


def test_switching_decoder_applies_phrases_in_the_hearing_thread() -> None:
    """A grammar switch asked from another thread reaches the decoder only at its next chunk."""
    inner = ScriptedDecoder([])
    switching = SwitchingDecoder(inner, inner)
    worker = threading.Thread(target=switching.set_phrases, args=(["menteur"],))
    worker.start()
    worker.join()
    assert inner.phrases == []
    switching.accept(Chunk(b"\x00\x00", 0.0, 0.0))
    assert inner.phrases == ["menteur"] and switching.switches == 1


def test_listener_to_referee_with_fake_decoder_and_grammar() -> None:
    """Audio chunks → Listener → fake decoder → loop: moves applied, grammar switched per expectation."""
    ref = referee()
    finals = [
        Heard("soixante deux", 0, 1, 0.9, mode="grammar"),
        Heard("menteur", 1, 2, 0.9, mode="grammar"),
        Heard("vas y bruno", 2, 3, 0.9, mode="open"),  # Q11: a name called, heard by the open recogniser
        Heard("cinquante quatre", 3, 4, 0.9, mode="grammar"),
    ]
    inner = ScriptedDecoder(finals)
    switching = SwitchingDecoder(inner, inner)
    said = Said()
    loop = LiveLoop(ref, said, GrammarSwitch(switching, get_game("quinito"), PLAYERS))
    chunks = [Chunk((b"\x01" if i % 2 else b"\x00") + b"\x00", i, i) for i in range(10)]
    loop.run(from_heard(Listener(ListSource(chunks), switching), ref.parser), tick_every=None)
    reasons = [(p["player"], p["reason"]) for p in ref.penalties()]
    assert reasons == [("Ana", "bluff")]
    assert "Qui a dit ça ?" in said.lines
    assert switching.switches >= 3
    assert "soixante deux" in inner.phrases  # back to the announcement's grammar


def test_vigilance_keeps_only_violations_from_open_results_q11() -> None:
    """Q11: an open-vocabulary line with a move is cut to its violation words; no violation, nothing."""
    parser = referee().parser
    assert vigilance_text(parser, "soixante deux") is None
    assert vigilance_text(parser, "on boit un coup") == "on boit un coup"
    reduced = vigilance_text(parser, "je bois soixante deux")
    assert reduced is not None and parser.parse(reduced).intent is None
    assert [v.rule for v in parser.parse(reduced).violations] == ["forbidden_word"]


def test_microphone_loss_is_said_aloud_and_retried() -> None:
    """A microphone that stops mid-game: the loop says so, the source reopens it and says it is back."""
    from assistant.runtime.hearing import microphone
    from assistant.speech import say

    MIC_LOST, MIC_BACK = say("mic_lost"), say("mic_back")
    from assistant.testing.fake_stream import FakeStream

    said = Said()
    loop = LiveLoop(referee(), said)
    opened: list[int] = []

    def factory(**kwargs: Any) -> FakeStream:
        opened.append(1)
        fail = 0.3 if len(opened) == 1 else None  # the first stream dies after 0.3 s of audio
        return FakeStream(pcm=bytes(32000), fail_after=fail, **kwargs)

    source = microphone(None, FakeClock(), loop, stream_factory=factory)
    source.sleep = lambda _seconds: None
    for got, _chunk in enumerate(source.chunks()):
        if MIC_BACK in said.lines or got > 200:
            source.close()
    assert said.lines[:2] == [MIC_LOST, MIC_BACK]
    assert len(opened) == 2


def test_queued_voice_speaks_in_order_on_its_thread() -> None:
    """Speech runs on its own thread (hearing goes on meanwhile), in order, all of it before close."""
    said = Said()
    queued = QueuedVoice(said)
    for text in ["un", "deux", "trois"]:
        assert queued.say(text) == 0.0
    queued.close()
    assert said.lines == ["un", "deux", "trois"]


def test_fallback_voice_prints_and_warns_once_without_output() -> None:
    """No sound output: every sentence is still printed; the failure is reported once."""

    class Broken:
        calls = 0

        def say(self, text: str) -> float:
            Broken.calls += 1
            raise UserError("Aucune sortie audio n'est disponible sur cette machine.")

    printed = io.StringIO()
    warned = io.StringIO()
    voice = FallbackVoice(Broken(), PrintVoice(printed), warn=warned)
    voice.say("À Ana de lancer.")
    voice.say("Combien sous le gobelet ?")
    assert printed.getvalue().splitlines() == [
        "arbitre : À Ana de lancer.",
        "arbitre : Combien sous le gobelet ?",
    ]
    assert warned.getvalue().count("Aucune sortie audio") == 1 and Broken.calls == 1


def _partial(text: str) -> Heard:
    return Heard(text, 0.0, 0.5, 1.0, (), False, "grammar")


def _final(text: str) -> Heard:
    return Heard(text, 0.0, 0.8, 0.95, (), True, "grammar")


def test_early_move_on_a_complete_partial_and_its_final_is_skipped() -> None:
    """ "je soulève" is complete as soon as it is heard and has held for HOLD_SECONDS of
    audio; the final must not lift twice."""
    referee = Referee(table_config({"game": "quinito", "players": "Ana,Bruno,Chloé"}), FakeClock())
    referee.hear("Ana", "soixante deux")
    said = Said()
    loop = LiveLoop(referee, said)
    early = EarlyMoves(loop, referee.parser)  # type: ignore[arg-type]
    for at, text in ((0.1, "je"), (0.2, "je sou"), (0.3, "je soulève"), (0.4, "je soulève")):
        early(_partial(text), at)
    assert said.lines == []  # a partial not yet held long enough is only the decoder's guess
    early(_partial("je soulève"), 0.3 + HOLD_SECONDS)
    assert said.lines == ["Combien sous le gobelet ?"]  # held: acted before the end of the utterance
    heard = list(from_heard([_final("je soulève le gobelet")], referee.parser, early=early))
    assert heard == []  # the final of the same utterance (finished longer) is not a second lift


def test_a_partial_that_a_longer_phrase_may_continue_waits_for_the_final() -> None:
    """Q9: "quinito" may go on as "quinito à ma gauche": no early move, however long it holds."""
    referee = Referee(table_config({"game": "quinito", "players": "Ana,Bruno,Chloé"}), FakeClock())
    said = Said()
    early = EarlyMoves(LiveLoop(referee, said), referee.parser)  # type: ignore[arg-type]
    for at in (0.1, 0.5, 1.0):
        early(_partial("quinito"), at)
    assert said.lines == []
    heard = list(from_heard([_final("quinito à ma gauche")], referee.parser, early=early))
    assert [u.text for u in heard] == ["quinito à ma gauche"]


def test_a_first_guess_overturned_by_the_next_decoding_block_is_no_early_move() -> None:
    """Q10: the Korean decoder's first guess for "soixante" was "deux deux", a whole
    phrase; its next block (0.25 s later, measured) said "soixante deux". The guess is never acted
    on: it did not hold for HOLD_SECONDS; the announcement is 62."""
    referee = Referee(table_config({"game": "quinito", "players": "Ana,Bruno,Chloé"}), FakeClock())
    said = Said()
    early = EarlyMoves(LiveLoop(referee, said), referee.parser)  # type: ignore[arg-type]
    for at in (1.35, 1.40, 1.45, 1.50, 1.55):  # one partial a 0.05 s chunk, as the Listener passes them
        early(_partial("deux deux"), at)
    early(_partial("soixante deux"), 1.60)
    assert said.lines == [] and referee.state.cups[0].announced is None
    heard = list(from_heard([_final("soixante deux")], referee.parser, early=early))
    assert [u.text for u in heard] == ["soixante deux"]


def test_the_first_landing_rule_acts_on_a_text_passed_twice() -> None:
    """hold=None (the bench's "before"): the same text passed twice in a row, whatever the time."""
    referee = Referee(table_config({"game": "quinito", "players": "Ana,Bruno,Chloé"}), FakeClock())
    referee.hear("Ana", "soixante deux")
    said = Said()
    early = EarlyMoves(LiveLoop(referee, said), referee.parser, hold=None)  # type: ignore[arg-type]
    early(_partial("je soulève"), 0.1)
    assert said.lines == []
    early(_partial("je soulève"), 0.1)
    assert said.lines == ["Combien sous le gobelet ?"]


def test_a_new_utterance_after_an_early_move_is_heard_again() -> None:
    referee = Referee(table_config({"game": "quinito", "players": "Ana,Bruno,Chloé"}), FakeClock())
    early = EarlyMoves(LiveLoop(referee, Said()), referee.parser)  # type: ignore[arg-type]
    early(_partial("je soulève"), 0.0)
    early(_partial("je soulève"), HOLD_SECONDS)
    early(_partial("cinquante"), 1.0)  # the next utterance starts: the early mark is dropped
    heard = list(from_heard([_final("cinquante quatre")], referee.parser, early=early))
    assert [u.text for u in heard] == ["cinquante quatre"]


def test_each_awaited_state_builds_its_phrase_list_once() -> None:
    """A state seen before gets the same list back, not a rebuilt one."""
    referee = Referee(table_config({"game": "quinito", "players": "Ana,Bruno,Chloé"}), FakeClock())
    switch = GrammarSwitch(Sink(), get_game("quinito"), PLAYERS)
    first = switch.phrases(referee.expectations())
    referee.hear("Ana", "soixante deux")
    other = switch.phrases(referee.expectations())
    assert other != first
    referee.hear("Bruno", "j'accepte")  # Bruno announces in turn: the announce list again, as it was
    assert switch.phrases(referee.expectations()) is first
