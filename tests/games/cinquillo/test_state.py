"""The read side: CinquilloState as a TableView, and what it expects next (deal, play, draw, over)."""

from __future__ import annotations

from assistant.core.expectation import Expectation
from assistant.game import TableView
from assistant.games.cinquillo.commands import Abandon, Card
from assistant.games.cinquillo.deck import definite
from tests.games.cinquillo.builders import plays, referee_deal, session


def test_state_is_a_table_view_with_cards_and_points() -> None:
    s = session("Ana,Bruno,Chloé")
    view: TableView = s.state
    assert view.players == ("Ana", "Bruno", "Chloé")
    assert view.winner is None and view.current is None
    assert s.state.expecting() == Expectation("deal")
    s = plays(referee_deal(s), "Bruno:5-oros")
    view = s.state
    assert view.current == "Chloé"
    assert view.standings()["Bruno"] == {"cards": 12, "points": 0, "xp": 0}
    assert s.state.expecting() == Expectation("play", "Chloé")
    s = s.apply(Abandon("Ana"))
    assert s.state.expecting() == Expectation("over")
    assert s.state.current is None


def test_c1_cards_are_spoken_with_their_article() -> None:
    assert definite(Card(5, "oros")) == "le cinq de deniers"
    assert definite(Card(1, "espadas")) == "l'as d'épées"
    assert definite(Card(11, "bastos")) == "le cavalier de bâtons"
