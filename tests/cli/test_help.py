"""`kinito --help` and every subcommand's help speak French only, argparse's words included."""

from __future__ import annotations

import argparse
import importlib.metadata
from collections.abc import Iterator

import pytest

from assistant.cli import SUBCOMMANDS, build_parser, main
from assistant.cli_fr import FrenchFormatter

ENGLISH = (
    "usage:",
    "positional arguments",
    "optional arguments",
    "show this help",
    "show program's version",
    "default:",
    "(default",
    "error:",
    "choose from",
    "COMMAND ",
)
"""What argparse itself writes in English (Python 3.11 and later)."""
SAME_IN_FRENCH = {"VOLUME", "URL", "ACTION", "N", "K"}
"""Placeholders that read the same in both languages."""


def _parser_of(path: tuple[str, ...]) -> argparse.ArgumentParser:
    """The parser of `kinito PATH...`, its subcommand's module loaded."""
    parser = build_parser(only=path[0] if path else None)
    for name in path:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[name]
    return parser


def _nested(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    yield path
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for name, sub in action.choices.items():
                if id(sub) not in seen:  # a French alias names the same parser: walked once
                    seen.add(id(sub))
                    yield from _nested(sub, (*path, name))


def every_command() -> list[tuple[str, ...]]:
    """(), ("play",), ..., ("model", "download"), ...: every subcommand at every depth."""
    return [(), *(p for name in SUBCOMMANDS for p in _nested(_parser_of((name,)), (name,)))]


def test_the_walk_reaches_nested_subcommands() -> None:
    commands = every_command()
    assert ("model", "download") in commands and ("variants",) in commands
    assert ("model", "install") in commands
    assert len(commands) == 1 + len(SUBCOMMANDS) + 4  # model download, install, verify, path


@pytest.mark.parametrize("path", every_command(), ids=lambda p: " ".join(p) or "kinito")
def test_help_has_no_english_argparse_text(path: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([*path, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("utilisation : kinito")
    assert "options :" in text and "afficher cette aide et quitter" in text
    assert not [e for e in ENGLISH if e in text], text


@pytest.mark.parametrize("path", every_command(), ids=lambda p: " ".join(p) or "kinito")
def test_every_option_has_help_its_default_and_a_french_placeholder(path: tuple[str, ...]) -> None:
    parser = _parser_of(path)
    formatter = FrenchFormatter("kinito")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.help == argparse.SUPPRESS:
            continue
        assert action.help, f"{path} {action.option_strings or action.dest}: no help"
        default = action.default
        if (
            action.option_strings
            and default not in (None, "", argparse.SUPPRESS)
            and not isinstance(default, bool)
        ):
            assert "défaut" in (formatter._get_help_string(action) or ""), (path, action.option_strings)
        if action.nargs != 0 and not action.choices:
            shown = str(action.metavar)
            assert shown != action.dest.upper() or shown in SAME_IN_FRENCH, (path, shown)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"kinito {importlib.metadata.version('kinito')}\n"


@pytest.mark.parametrize(
    "argv", [["parse", "-v"], ["-v", "parse"], ["model", "download", "-v"], ["-v", "model", "path"]]
)
def test_verbose_before_or_after_the_subcommand(argv: list[str]) -> None:
    assert build_parser(only=argv[argv[0] == "-v"]).parse_args(argv).verbose is True


def test_not_verbose_by_default() -> None:
    assert build_parser(only="parse").parse_args(["parse"]).verbose is False


def test_test_hooks_are_hidden_but_still_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = capsys.readouterr().out
    assert "--kill-after-moves" not in text and "--progress" not in text
    args = build_parser(only="simulate").parse_args(["simulate", "--kill-after-moves", "3", "--progress"])
    assert args.kill_after_moves == 3 and args.progress is True
