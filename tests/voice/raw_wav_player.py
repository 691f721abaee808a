"""A `--mic-command` for wyoming-satellite: plays a WAV's frames on stdout, paced in real time, with
silence around them, until the satellite stops reading (at most `--rounds` times)."""

from __future__ import annotations

import argparse
import sys
import time
import wave

FRAMES = 1024


def main() -> None:
    """Write the WAV's raw frames to stdout, round after round."""
    parser = argparse.ArgumentParser()
    parser.add_argument("wav")
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    with wave.open(args.wav, "rb") as wav:
        rate, width, frames = wav.getframerate(), wav.getsampwidth(), wav.readframes(wav.getnframes())
    silence = bytes(width * rate)  # one second
    step = FRAMES * width
    out = sys.stdout.buffer
    try:
        for _ in range(args.rounds):
            audio = silence + frames + silence
            for offset in range(0, len(audio), step):
                out.write(audio[offset : offset + step])
                out.flush()
                time.sleep(FRAMES / rate)
    except (BrokenPipeError, KeyboardInterrupt):
        pass


if __name__ == "__main__":
    main()
