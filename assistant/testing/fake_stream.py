"""A stand-in for `sounddevice.RawInputStream`, so that the microphone path runs without hardware
(tests, `kinito doctor --listen`-style checks)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from assistant.voice.hear.audio import SAMPLE_RATE


class FakeStream:
    """Stands in for `sounddevice.RawInputStream`: same keywords, callback from a thread.

    It plays `pcm` (16 kHz mono int16) in blocks of `blocksize` frames, `speed` times faster than real
    time (0: as fast as possible), then silence until stopped. `fail_after` seconds of audio make it
    stop by itself and call `finished_callback`, as PortAudio does when a device disappears;
    `fail_on_open` makes the constructor raise, as for a missing device.
    """

    def __init__(
        self,
        samplerate: float | None = None,
        blocksize: int | None = None,
        device: int | str | None = None,
        channels: int | None = None,
        dtype: str | None = None,
        latency: float | str | None = None,
        extra_settings: Any = None,
        callback: Callable[[Any, int, Any, Any], None] | None = None,
        finished_callback: Callable[[], None] | None = None,
        clip_off: bool | None = None,
        dither_off: bool | None = None,
        never_drop_input: bool | None = None,
        prime_output_buffers_using_stream_callback: bool | None = None,
        *,
        pcm: bytes = b"",
        speed: float = 0.0,
        fail_after: float | None = None,
        fail_on_open: bool = False,
    ) -> None:
        if fail_on_open:
            from sounddevice import PortAudioError

            raise PortAudioError(f"Error querying device {device}")
        self.samplerate = int(samplerate or SAMPLE_RATE)
        self.blocksize = int(blocksize or 1600)
        self.device = device
        self.channels = channels or 1
        self.dtype = dtype or "int16"
        self.callback = callback
        self.finished_callback = finished_callback
        self.pcm = pcm
        self.speed = speed
        self.fail_after = fail_after
        self.active = False
        self.closed = False
        self.blocks_sent = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _run(self) -> None:
        step = 2 * self.blocksize
        block_seconds = self.blocksize / self.samplerate
        offset = 0
        while not self._stop.is_set():
            if self.fail_after is not None and offset / (2 * self.samplerate) >= self.fail_after:
                self.active = False
                if self.finished_callback is not None:
                    self.finished_callback()
                return
            block = self.pcm[offset : offset + step]
            block += bytes(step - len(block))
            offset += step
            if self.callback is not None:
                self.callback(block, self.blocksize, None, 0)
            self.blocks_sent += 1
            if self.speed > 0:
                time.sleep(block_seconds / self.speed)
            elif offset > len(self.pcm):
                time.sleep(block_seconds / 10)  # silence after the audio: 10x real time, no flood

    def start(self) -> None:
        self.active = True
        self._thread = threading.Thread(target=self._run, name="FakeStream", daemon=True)
        self._thread.start()

    def stop(self, ignore_errors: bool = True) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self.active = False

    def close(self, ignore_errors: bool = True) -> None:
        self.stop()
        self.closed = True

    def __enter__(self) -> FakeStream:
        self.start()
        return self

    def __exit__(self, *args: object) -> None:
        self.close()
