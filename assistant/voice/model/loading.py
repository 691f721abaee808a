"""Loading Vosk models (speech and speaker), with one sentence and a fix when a folder is no model,
and the vocabulary test the grammars are fitted with."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from assistant.errors import UserError

REQUIRED_MODEL_FILES = ("am/final.mdl", "conf/model.conf", "conf/mfcc.conf")
"""Files every Vosk model has; the graph (HCLG.fst, or HCLr.fst + Gr.fst) is checked by Vosk itself."""


def load_model(path: str | Path) -> Any:
    """A vosk.Model; UserError (one sentence, a fix) when the directory is no Vosk model."""
    import vosk

    directory = Path(path)
    if not (directory / "am").is_dir() and not (directory / "conf" / "model.conf").is_file():
        raise UserError(
            f"Aucun modèle Vosk dans {directory}.",
            "télécharge-le avec `kinito model download` ou donne son dossier avec --model.",
        )
    missing = [name for name in REQUIRED_MODEL_FILES if not (directory / name).is_file()]
    if missing:
        raise UserError(
            f"Le modèle Vosk de {directory} est incomplet : il manque {', '.join(missing)}.",
            "retélécharge-le avec `kinito model download`.",
        )
    vosk.SetLogLevel(-1)
    try:
        return vosk.Model(str(directory))
    except Exception as error:
        raise UserError(
            f"Le modèle Vosk de {directory} ne se charge pas ({error}).",
            "retélécharge-le avec `kinito model download`.",
        ) from None


SPEAKER_MODEL_FILES = ("mfcc.conf", "final.ext.raw", "mean.vec", "transform.mat")
"""What vosk-model-spk holds (Vosk's SpkModel reads all four)."""


def load_speaker_model(path: str | Path) -> Any:
    """A vosk.SpkModel (vosk-model-spk); UserError when the directory is none."""
    import vosk

    directory = Path(path)
    missing = [name for name in SPEAKER_MODEL_FILES if not (directory / name).is_file()]
    if missing:
        raise UserError(
            f"Aucun modèle de locuteurs Vosk complet dans {directory} (il manque {', '.join(missing)}).",
            "donne le dossier de vosk-model-spk avec --speaker-model, ou joue sans.",
        )
    vosk.SetLogLevel(-1)
    return vosk.SpkModel(str(directory))


def in_vocabulary(model: Any, phrases: Iterable[str]) -> tuple[list[str], list[str]]:
    """Split phrases into those whose every word the model knows, and the others."""
    known: dict[str, bool] = {}
    kept: list[str] = []
    dropped: list[str] = []
    for phrase in phrases:
        words = phrase.split()
        for word in words:
            if word not in known:
                known[word] = model.vosk_model_find_word(word) >= 0
        (kept if words and all(known[w] for w in words) else dropped).append(phrase)
    return kept, dropped
