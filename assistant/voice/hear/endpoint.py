"""Endpointing: when Vosk decides an utterance is over and hands out a final result.

Vosk 0.3.45's API has no SetEndpointerMode/SetEndpointerDelays (they came later); the Kaldi endpoint
rules are read from the model's `conf/model.conf` (`--endpoint.rule2.min-trailing-silence=0.5` ...).
To tune them without touching the installed model, `tuned_model` builds a sibling directory of
symbolic links to the model's files with a rewritten `model.conf`, cached by content.

Kaldi's rules (any one ends the utterance): rule1 no speech yet and `rule1` s of silence; rule2 the
best path is final and `rule2` s of trailing silence; rule3 reasonably final and `rule3` s; rule4
`rule4` s whatever the path; rule5 the utterance has lasted `max_utterance` s.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, TextIO

from assistant.errors import UserError


@dataclass(frozen=True)
class EndpointRules:
    """Trailing-silence thresholds (seconds) of Kaldi's online endpoint rules."""

    rule1: float = 5.0
    """Silence with no speech at all before the recogniser gives up (Kaldi default 5.0)."""
    rule2: float = 0.5
    """Trailing silence when the best path ends in a final state (vosk small models: 0.5)."""
    rule3: float = 1.0
    """Trailing silence when the path is reasonably final (vosk small models: 1.0)."""
    rule4: float = 2.0
    """Trailing silence, whatever the path (vosk small models: 2.0)."""
    max_utterance: float = 20.0
    """Longest utterance before it is cut (Kaldi default 20.0)."""

    def options(self) -> list[str]:
        """The model.conf lines for these rules."""
        return [
            f"--endpoint.rule1.min-trailing-silence={self.rule1}",
            f"--endpoint.rule2.min-trailing-silence={self.rule2}",
            f"--endpoint.rule3.min-trailing-silence={self.rule3}",
            f"--endpoint.rule4.min-trailing-silence={self.rule4}",
            f"--endpoint.rule5.min-utterance-length={self.max_utterance}",
        ]


DEFAULT = EndpointRules()
"""What the vosk small models ship with."""

SHORT = EndpointRules(rule1=3.0, rule2=0.25, rule3=0.5, rule4=1.0, max_utterance=8.0)
"""The shortest rules tried: a final ~0.25 s after speech, but one phrase with a 330 ms internal pause
came out as four finals, and "soixante" alone is a phrase. `transcribe --endpoint short`."""

PLAY = EndpointRules(rule1=5.0, rule2=0.35, rule3=0.7, rule4=1.0, max_utterance=20.0)
"""What `kinito play` uses unless told (`endpoint` setting): we measured rules around
0.35-0.4 / 0.7-0.8 / 1.0 s about 190 ms faster than the model's own without splitting a phrase;
a split that still happens is mended by `voice.hear.joiner.PrefixJoiner`."""

_KEYS = tuple(f"--endpoint.rule{n}." for n in (1, 2, 3, 4, 5))


def rewrite_conf(text: str, rules: EndpointRules) -> str:
    """model.conf with its endpoint-rule thresholds replaced by `rules` (other lines kept)."""
    kept = [
        line
        for line in text.splitlines()
        if not (line.strip().startswith(_KEYS) and ("trailing-silence" in line or "utterance-length" in line))
    ]
    return "\n".join([*kept, *rules.options()]) + "\n"


def tuned_model(model: str | Path, rules: EndpointRules, cache: str | Path | None = None) -> Path:
    """A model directory like `model` (linked, not copied) whose model.conf carries `rules`."""
    source = Path(model).resolve()
    if rules == DEFAULT and (source / "conf" / "model.conf").is_file():
        original = (source / "conf" / "model.conf").read_text()
        if all(option in original for option in rules.options()[1:4]):
            return source
    conf_text = rewrite_conf((source / "conf" / "model.conf").read_text(), rules)
    key = hashlib.sha256(f"{source}\n{conf_text}".encode()).hexdigest()[:16]
    root = Path(cache) if cache is not None else private_cache()
    target = root / f"{source.name}-endpoint-{key}"
    if (target / "conf" / "model.conf").is_file():
        return target
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=_mkdir(root)))
    for entry in source.iterdir():
        if entry.name != "conf":
            os.symlink(entry, staging / entry.name)
    (staging / "conf").mkdir()
    for entry in (source / "conf").iterdir():
        if entry.name != "model.conf":
            os.symlink(entry, staging / "conf" / entry.name)
    (staging / "conf" / "model.conf").write_text(conf_text)
    try:
        staging.rename(target)
    except OSError:  # another process built it meanwhile
        if not (target / "conf" / "model.conf").is_file():
            raise
    return target


def private_cache() -> Path:
    """$XDG_CACHE_HOME/kinito/models (default ~/.cache): the user's own folder, mode 0700, never a
    predictable folder of the shared temp directory that another local user could create first
    and fill with a tuned model of their own."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    root = base / "kinito" / "models"
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = root.stat()
    if info.st_uid != os.getuid():
        raise UserError(f"Le dossier {root} appartient à un autre utilisateur : supprime-le.")
    if info.st_mode & 0o077:
        root.chmod(0o700)
    return root


def parse_rules(text: str | None) -> EndpointRules:
    """The `endpoint` setting: None or "play" (PLAY), "model" (DEFAULT), "short" (SHORT), or
    "RULE2,RULE3,RULE4" seconds ("0.35,0.7,1.0"); UserError for anything else."""
    named = {"play": PLAY, "model": DEFAULT, "short": SHORT}
    if text is None or str(text).strip().lower() in named:
        return named[str(text or "play").strip().lower()]
    try:
        rule2, rule3, rule4 = (float(part) for part in str(text).split(","))
    except ValueError:
        rule2 = rule3 = rule4 = -1.0
    if not 0 < rule2 <= rule3 <= rule4 <= 10:
        raise UserError(
            f"Réglage endpoint invalide : {text}.",
            'donne play, model, short ou trois durées croissantes en secondes, ex. "0.35,0.7,1.0".',
        )
    return replace(PLAY, rule2=rule2, rule3=rule3, rule4=rule4)


@dataclass(frozen=True)
class LoadedModel:
    """One vosk.Model loaded with given endpoint rules (both recognisers share it)."""

    model: Any
    """The vosk.Model."""
    path: Path
    """The directory it was loaded from (a linked copy when the rules differ from the model's)."""
    rules: EndpointRules
    """The endpoint rules its model.conf carries."""
    load_s: float
    """Seconds the load took, timed from disk (vosk.Model's constructor)."""


def load_with_rules(
    model_dir: str | Path, rules: EndpointRules = PLAY, progress: TextIO | None = None
) -> LoadedModel:
    """Load the model once, with `rules` (One copy for the grammar and the open recogniser);
    with `progress`, the seconds the load takes are shown there while it lasts."""
    from assistant.progress import waiting
    from assistant.voice.model.loading import load_model

    directory = tuned_model(model_dir, rules)
    began = time.perf_counter()
    with waiting(progress, "chargement du modèle vocal"):
        model = load_model(directory)
    return LoadedModel(model, directory, rules, time.perf_counter() - began)


def _mkdir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def describe(rules: EndpointRules) -> dict[str, float]:
    """The rules as a plain dict (for `kinito bench`)."""
    return {f.name: float(getattr(rules, f.name)) for f in fields(rules)}
