"""The Referee's conversation: confidence, chatter, unattributed faults (Q11), wrong speaker, undo,
slowness (Q10) with a fake clock, wake-word commands, and the save file (store) with resume."""

from __future__ import annotations

from assistant.core.clock import FakeClock
from assistant.games.quinito.config import QuinitoConfig
from assistant.games.quinito.explain import explain
from assistant.referee.referee import Referee
from assistant.settings.table import table_config
from assistant.store.memory import MemoryStore

PLAYERS = "Ana,Bruno,Chloé,David"


def referee(slow: str = "30", store: MemoryStore | None = None, **header: str) -> Referee:
    config = table_config({"game": "quinito", "players": PLAYERS, "slow": slow, **header})
    return Referee(config, FakeClock(), store=store)


def test_low_confidence_move_is_not_played_and_the_referee_asks_to_repeat() -> None:
    r = referee()
    assert r.hear("Ana", "soixante deux", conf=0.3) == ["Tu peux répéter ?"]
    assert r.session.entries == () and r.state.current == "Ana"
    assert r.hear("Ana", "soixante deux", conf=0.95) == ["Soixante-deux, Ana."]
    assert r.state.current == "Bruno"


def test_low_confidence_forbidden_word_is_never_charged_Q11() -> None:
    r = referee()
    assert r.hear("Bruno", "je bois", conf=0.2) == []
    assert r.penalties() == []


def test_chatter_gets_no_answer() -> None:
    r = referee()
    spoken = list(r.spoken)
    assert r.hear("Bruno", "il fait beau ce soir") == []
    assert r.spoken == spoken


def test_unattributed_violation_is_asked_then_designated_by_seat_Q11() -> None:
    r = referee()
    assert r.hear(None, "je bois") == ["Qui a dit ça ?"]
    assert r.penalties() == []
    assert r.hear("Chloé", "c'est lui à ma droite") == ["Bruno prend une dose : mot interdit."]
    assert r.penalties() == [{"player": "Bruno", "amount": 1, "unit": "dose", "reason": "forbidden_word"}]


def test_unattributed_violation_not_designated_is_dropped_Q11() -> None:
    r = referee()
    r.hear(None, "on boit")
    assert r.hear("Ana", "il fait beau") == []
    assert r.hear("Ana", "c'est moi") == []  # the question was for the previous line only
    assert r.penalties() == []


def test_name_called_by_the_table_is_asked_too_Q11() -> None:
    r = referee()
    assert r.hear(None, "bruno t'es nul") == ["Qui a dit ça ?"]
    assert r.hear("David", "arbitre c'est ana") == ["Ana prend une dose : prénom prononcé."]


def test_a_move_by_the_wrong_player_is_refused_Q6() -> None:
    r = referee()
    r.hear("Ana", "soixante deux")
    assert r.hear("David", "menteur") == ["Ce n'est pas à toi, c'est à Bruno."]
    assert r.state.cups[0].phase == "response"


def test_undo_with_nothing_to_undo() -> None:
    assert referee().undo() == ["Rien à annuler."]


def test_slowness_counts_only_the_expected_players_silence_Q10() -> None:
    r = referee(slow="20")
    clock = r.clock
    assert isinstance(clock, FakeClock)
    clock.advance(19)
    assert r.tick() == []
    clock.advance(1)
    assert r.tick() == ["Ana prend une dose : lenteur."]
    r.hear("Ana", "soixante deux")
    r.hear("Bruno", "menteur")
    clock.advance(100)  # the table must read the dice: nobody is slow
    assert r.tick() == []


def test_no_slowness_while_paused_Q10() -> None:
    r = referee(slow="10")
    r.hear("Ana", "arbitre pause")
    clock = r.clock
    assert isinstance(clock, FakeClock)
    clock.advance(60)
    assert r.tick() == []
    assert r.hear("Ana", "soixante deux") == ["C'est la pause : dis « arbitre on reprend » pour jouer."]
    assert r.expectations()[0].awaiting == "announce"  # no move while paused
    r.hear("Ana", "arbitre reprends")
    clock.advance(9)
    assert r.tick() == []
    assert r.penalties() == []


def test_rules_command_says_the_explanation_of_this_tables_settings() -> None:
    r = referee(variants="V-65")
    rules = r.config.rules
    assert isinstance(rules, QuinitoConfig)
    assert r.hear("Ana", "arbitre explique les règles en entier") == explain(rules, None)
    assert r.hear("Ana", "arbitre explique les règles")[:5] == explain(rules, None)[:5]  # the short one
    assert r.hear("Ana", "arbitre c'est quoi le quinito") == explain(rules, "quinito")


def test_every_move_is_stored_and_undo_truncates_the_save_file() -> None:
    store = MemoryStore()
    r = referee(store=store)
    assert r.game_id is not None
    for who, words in [("Ana", "soixante deux"), ("Bruno", "menteur"), (None, "cinquante quatre")]:
        r.hear(who, words)
    assert len(store.load(r.game_id).entries) == len(r.session.entries) == 3
    r.hear("Ana", "arbitre annule")
    assert len(store.load(r.game_id).entries) == 2


def test_a_stored_game_resumes_where_it_was() -> None:
    store = MemoryStore()
    r = referee(store=store)
    for who, words in [("Ana", "soixante deux"), ("Bruno", "menteur"), (None, "cinquante quatre")]:
        r.hear(who, words)
    assert r.game_id is not None
    again = Referee(r.config, FakeClock(), store=store, resume_id=r.game_id)
    assert again.state == r.state
    assert again.penalties() == r.penalties()
    assert again.hear("Ana", "quarante deux") == ["Quarante-deux, Ana."]
    assert again.state.current == "Bruno"


def test_undo_drops_every_move_of_the_last_line() -> None:
    r = referee()
    r.hear("Ana", "quarante deux")
    before = r.state
    r.hear("Bruno", "cinquante deux")  # implied acceptance: two moves in one line
    assert len(r.session.entries) == 3
    assert r.hear("Ana", "arbitre annule") == ["J'annule : l'annonce de Bruno."]
    assert r.state == before


def test_double_kinito_line_goes_to_the_cup_awaiting_its_speaker_Q13() -> None:
    r = referee(variants="Q13")
    r.hear("Ana", "cinquante deux")  # cup 0: Bruno must answer
    r.hear("Chloé", "quarante trois")  # cup 1: David must answer
    assert [e.player for e in r.expectations()] == ["Bruno", "David"]
    assert r.hear("Ana", "menteur") == ["Ce n'est pas à toi, c'est à Bruno."]
