"""`kinito play` settings: a TOML file (kinito.toml here, else ~/.config/kinito/kinito.toml), then flags.

The table's rules keys are the script header's (docs/command-line.md: game, players, edition, variants, mode,
hand, target, slow) and go through `session_config.table_config`; the rest are the live loop's own
(wake word, model, device, db, input, voice engine, speech). A flag given on the command line wins
over the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from assistant.errors import UserError
from assistant.paths import CONFIG_NAME, user_config_file
from assistant.responses import error, section
from assistant.settings.table import TableConfig, check_table_names, header_keys, table_config
from assistant.settings.toml_file import FLAGS, check_file, in_english, read_toml

_FILE = "referee.yaml"
"""The responses file with the settings errors."""

InputKind = Literal["mic", "text"]
LIVE_KEYS = frozenset(
    {"wake_word", "model", "device", "db", "input", "voice_engine", "speech", "resume", "recover"}
    | {"speaker_model", "endpoint", "tts_uri", "mic_uri", "snd_uri", "satellite_uri"}
    | {"confirm_below", "board", "league"}
)
"""Keys of the file (and flags) that are not the table's rules."""


@dataclass(frozen=True)
class PlaySettings:
    """Everything `kinito play` runs with."""

    table: TableConfig
    """The table: game, players, rules settings, slowness, wake word."""
    header: dict[str, Any]
    """The table's settings as a script header (what was asked, before defaults)."""
    model: str | None = None
    """Vosk model directory given by --model or the file (None: search the usual places)."""
    device: str | int | None = None
    """Input device name or index (None: the system default)."""
    db: str | None = None
    """SQLite file (None: the default path)."""
    input: InputKind = "mic"
    """mic: microphone and Vosk; text: lines on stdin ("Ana: soixante deux")."""
    voice_engine: str = "espeak"
    """Text-to-speech engine: espeak or pyttsx3."""
    speech: bool = True
    """False: print what would be said instead of speaking it."""
    speaker_model: str | None = None
    """vosk-model-spk directory: players enrol their voices and breaches are attributed by voice."""
    recover: bool = False
    """With --resume: a damaged game continues from its last readable entry, in a new game."""
    endpoint: str | None = None
    """Vosk endpoint rules: play (default), model, short, or "RULE2,RULE3,RULE4" seconds."""
    tts_uri: str | None = None
    """A Wyoming TTS server (tcp://host:port or unix:///path) that speaks instead of espeak-ng
    (espeak-ng when it fails)."""
    mic_uri: str | None = None
    """A Wyoming microphone service (tcp://host:port or unix:///path, e.g. a satellite's) heard
    instead of the local one."""
    snd_uri: str | None = None
    """A Wyoming sound service (tcp://host:port or unix:///path) playing the referee's voice instead
    of the local output."""
    satellite_uri: str | None = None
    """A wyoming-satellite (tcp://host:port) heard and spoken through on one connection, as Home
    Assistant uses it, instead of the local microphone and output."""
    board: str | None = None
    """The party board's address ([HOST:]PORT), or None for no board."""
    league: str | None = None
    """The league the table's games are registered under ("Soirée du 12"), or None."""


def config_paths(cwd: Path | None = None, home: Path | None = None) -> list[Path]:
    """Where a settings file is looked for, first found wins."""
    here = Path.cwd() if cwd is None else cwd
    user = user_config_file() if home is None else home / ".config" / "kinito" / CONFIG_NAME
    return [here / CONFIG_NAME, user]


def _device(value: Any) -> str | int | None:
    if value is None:
        return None
    text = str(value).strip()
    return int(text) if text.isdigit() else text


def _confirm(value: Any) -> float:
    """The recognition confidence under which the referee asks to repeat (`kinito calibrate`
    suggests one per room): a number from 0 to 1, else a UserError."""
    try:
        level = float(value)
    except (TypeError, ValueError):
        level = float("nan")
    if not 0.0 <= level <= 1.0:  # also false for nan
        raise UserError(error(_FILE, "confirm_invalid", value=value))
    return level


def merge(file: Mapping[str, Any], flags: Mapping[str, Any]) -> dict[str, Any]:
    """File settings overridden by the flags that were given (None means not given)."""
    merged = dict(file)
    merged.update({k: v for k, v in flags.items() if v is not None})
    return merged


LISTS = frozenset({"players", "variants"})
"""Keys that may be a list of texts as well as one comma-separated text."""


def _check_types(merged: Mapping[str, Any]) -> None:
    """Every value has a type its key can mean: a setting the file gets wrong is refused, never
    silently dropped or read as something else ("false" as true, a table as nothing)."""
    for key, value in merged.items():
        if key in FLAGS:
            ok = isinstance(value, bool)
            expected = "setting_flag"
        elif key in LISTS:
            ok = isinstance(value, str) or (
                isinstance(value, list) and all(isinstance(v, str) for v in value)
            )
            expected = "setting_list"
        else:
            ok = (isinstance(value, str | int | float) and not isinstance(value, bool)) or key == "slow"
            expected = "setting_value"
        if not ok:
            what = section(_FILE, "error_parts")[expected]
            raise UserError(error(_FILE, "setting_type", key=key, value=value, expected=what))
    if merged.get("db") is not None and not str(merged["db"]).strip():
        raise UserError(error(_FILE, "db_empty"))


def known_keys() -> frozenset[str]:
    """Every key a settings file may hold."""
    return header_keys() | LIVE_KEYS


def settings_from(merged: Mapping[str, Any]) -> PlaySettings:
    """PlaySettings from merged file+flag values; unknown keys are a UserError naming them."""
    keys = header_keys()
    unknown = sorted(set(merged) - keys - LIVE_KEYS - {"config"})
    if unknown:
        names = ", ".join(unknown)
        raise UserError(error(_FILE, "unknown_setting", path="les réglages", names=names, hint=""))
    _check_types(merged)
    header = {k: merged[k] for k in keys if k in merged}
    kind = str(merged.get("input", "mic"))
    if kind == "text" and merged.get("slow") is None:
        header["slow"] = "off"  # Q10: typing takes longer than speaking; slowness only when asked
    if "players" not in header:
        if not merged.get("resume"):
            raise UserError(
                error(_FILE, "players_missing"), fix=section(_FILE, "error_parts")["players_missing_fix"]
            )
        header["players"] = "Joueur 1, Joueur 2, Joueur 3"  # replaced by the stored game's table
    if isinstance(header.get("variants"), list):
        header["variants"] = ", ".join(str(v) for v in header["variants"])
    table = table_config(header)
    if merged.get("wake_word"):
        table = replace(table, wake_word=str(merged["wake_word"]).strip().lower())
        check_table_names(table)
    if merged.get("confirm_below") is not None:
        table = replace(table, confirm_below=_confirm(merged["confirm_below"]))
    if kind not in ("mic", "text"):
        raise UserError(error(_FILE, "unknown_input", kind=kind))
    return PlaySettings(
        table=table,
        header=header,
        model=None if merged.get("model") is None else str(merged["model"]),
        device=_device(merged.get("device")),
        db=None if merged.get("db") is None else str(merged["db"]),
        input="text" if kind == "text" else "mic",
        voice_engine=str(merged.get("voice_engine", "espeak")),
        speech=merged.get("speech", True) is not False,
        speaker_model=None if merged.get("speaker_model") is None else str(merged["speaker_model"]),
        recover=merged.get("recover") is True,
        endpoint=None if merged.get("endpoint") is None else str(merged["endpoint"]),
        tts_uri=None if merged.get("tts_uri") is None else str(merged["tts_uri"]),
        mic_uri=None if merged.get("mic_uri") is None else str(merged["mic_uri"]),
        snd_uri=None if merged.get("snd_uri") is None else str(merged["snd_uri"]),
        satellite_uri=None if merged.get("satellite_uri") is None else str(merged["satellite_uri"]),
        board=None if merged.get("board") is None else str(merged["board"]),
        league=str(merged["league"]).strip() or None if merged.get("league") is not None else None,
    )


def load_settings(
    flags: Mapping[str, Any], config: str | None = None, cwd: Path | None = None, home: Path | None = None
) -> PlaySettings:
    """Settings from `config` (or the first file of `config_paths`) overridden by `flags`."""
    path, file = settings_file(config, cwd, home)
    try:
        return settings_from(merge(file, flags))
    except UserError as problem:
        if path is None or not file or problem.fix is not None or _from_flags(problem, file, flags):
            raise
        raise UserError(f"{problem.message.rstrip('.')} (dans {path}).") from None


def _from_flags(problem: UserError, file: Mapping[str, Any], flags: Mapping[str, Any]) -> bool:
    """Whether the error is not the file's: the file alone (with the players of the command line,
    if given) does not make it."""
    try:
        settings_from(merge(file, {"players": flags.get("players")}))
    except UserError as alone:
        return alone.message != problem.message
    return True


def settings_file(
    config: str | None = None, cwd: Path | None = None, home: Path | None = None
) -> tuple[Path | None, dict[str, Any]]:
    """The settings file in effect (`config`, else the first of `config_paths`; None when there is
    none) and its checked values, French names turned into the program's."""
    path = Path(config).expanduser() if config is not None else None
    if path is None:
        path = next((p for p in config_paths(cwd, home) if p.is_file()), None)
    if path is None:
        return None, {}
    file = read_toml(path)
    check_file(file, path, known_keys())
    return path, in_english(file)


def resumed_table(stored: Mapping[str, Any], live: TableConfig) -> TableConfig:
    """The table of a stored game (its own rules settings), with today's wake word and confirm level."""
    table = table_config(stored)
    return replace(table, wake_word=live.wake_word, confirm_below=live.confirm_below)
