"""`kinito rules --list`, `kinito variants` and `kinito rules --topic` on a topic nobody knows."""

from __future__ import annotations

import pytest

from assistant.cli import main
from assistant.games.cinquillo.explain import TOPICS as CINQUILLO_TOPICS
from assistant.games.quinito.config import VARIANTS
from assistant.games.quinito.explain import TOPICS as QUINITO_TOPICS


def _out(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("argv", [["rules", "--list"], ["variants"], ["variants", "--game", "quinito"]])
def test_every_quinito_variant_id_with_its_description(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _out(argv, capsys)
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(VARIANTS)
    for line, (rule_id, text) in zip(lines, VARIANTS.items(), strict=True):
        assert line.split()[0] == rule_id and text in line
    assert "L-V1" in out and "(édition famille)" in next(x for x in lines if x.startswith("L-V1 "))
    assert "(apéro)" in next(x for x in lines if x.startswith("V-51 "))


def test_cinquillo_has_no_variant_ids_and_says_what_to_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _out(["variants", "--game", "cinquillo"], capsys)
    assert code == 0 and "--mode original|caprone" in out


@pytest.mark.parametrize(
    ("game", "topics"), [("quinito", QUINITO_TOPICS), ("cinquillo", tuple(CINQUILLO_TOPICS))]
)
def test_an_unknown_topic_exits_non_zero_with_the_topic_list(
    game: str, topics: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _out(["rules", "--game", game, "--topic", "bidule"], capsys)
    assert code == 2 and out == ""
    assert "Sujet inconnu : « bidule »" in err and f"Sujets : {', '.join(topics)}." in err


@pytest.mark.parametrize(("game", "topic"), [("quinito", "défi"), ("quinito", "defi"), ("cinquillo", "xp")])
def test_a_known_topic_or_alias_still_explains(
    game: str, topic: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _out(["rules", "--game", game, "--topic", topic], capsys)
    assert code == 0 and out and "Je ne connais pas" not in out
