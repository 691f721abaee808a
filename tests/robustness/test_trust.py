"""No model planted by another user is loaded; a slow decoder cannot make
the microphone queue grow without bound."""

from __future__ import annotations

import hashlib
import shutil
import stat
import tempfile
from pathlib import Path

import pytest

from assistant.voice.hear.endpoint import SHORT, rewrite_conf, tuned_model


def fake_model(root: Path) -> Path:
    model = root / "vosk-model-small-fr-0.22"
    (model / "conf").mkdir(parents=True)
    (model / "conf" / "model.conf").write_text("--min-active=200\n", encoding="utf-8")
    (model / "am").mkdir()
    (model / "am" / "final.mdl").write_bytes(b"acoustic model")
    return model


def test_item11_a_model_planted_in_the_shared_temp_folder_is_never_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = fake_model(tmp_path / "real")
    cache_home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache_home))
    # What another local user could prepare: the predictable folder the old code looked in first.
    shared = Path(tempfile.gettempdir()) / "kinito-models"
    conf = rewrite_conf((model / "conf" / "model.conf").read_text(), SHORT)
    key = hashlib.sha256(f"{model.resolve()}\n{conf}".encode()).hexdigest()[:16]
    planted = shared / f"{model.name}-endpoint-{key}"
    (planted / "conf").mkdir(parents=True, exist_ok=True)
    (planted / "conf" / "model.conf").write_text("--planted\n", encoding="utf-8")
    try:
        tuned = tuned_model(model, SHORT)
    finally:
        shutil.rmtree(planted)
    assert not tuned.is_relative_to(shared)
    assert tuned.is_relative_to(cache_home / "kinito" / "models")
    assert stat.S_IMODE((cache_home / "kinito" / "models").stat().st_mode) == 0o700
    assert "--planted" not in (tuned / "conf" / "model.conf").read_text()
    assert (tuned / "am" / "final.mdl").read_bytes() == b"acoustic model"


def test_item11_a_cache_folder_open_to_others_is_closed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    loose = tmp_path / "cache" / "kinito" / "models"
    loose.mkdir(parents=True)
    loose.chmod(0o777)
    tuned_model(fake_model(tmp_path / "real"), SHORT)
    assert stat.S_IMODE(loose.stat().st_mode) == 0o700


class Burst:
    """A microphone stream that delivers `count` blocks at once when started (a decoder that is far
    behind sees exactly this: many blocks queued before it takes the next one)."""

    def __init__(self, count: int, **kwargs: object) -> None:
        self.count = count
        self.callback = kwargs["callback"]
        self.blocksize = int(kwargs["blocksize"])  # type: ignore[call-overload]

    def start(self) -> None:
        for index in range(self.count):
            block = index.to_bytes(4, "little") + bytes(2 * self.blocksize - 4)
            self.callback(block, self.blocksize, None, 0)  # type: ignore[operator]

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_item12_a_slow_decoder_gets_the_newest_audio_and_the_table_is_told_once() -> None:
    from assistant.voice.hear.audio import MicrophoneSource

    told: list[str] = []
    source: MicrophoneSource

    def lost(_why: str) -> None:
        source.close()  # the burst is over: stop after reading what is queued

    source = MicrophoneSource(
        stream_factory=lambda **kwargs: Burst(1000, **kwargs),
        block_seconds=0.1,
        max_queued_seconds=5.0,
        stall_seconds=0.05,
        on_lost=lost,
        on_behind=lambda: told.append("behind"),
        sleep=lambda _s: None,
    )
    got = [int.from_bytes(chunk.pcm[:4], "little") for chunk in source.chunks()]
    assert got == list(range(950, 1000))  # 5 s of audio at most, the newest
    assert source.dropped == 950
    assert told == ["behind"]
