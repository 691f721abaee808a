"""Text to speech: voice choice, the two real synthesizers (espeak-ng here), time to first audio."""

from __future__ import annotations

import array
import shutil
import subprocess
import time
from collections.abc import Iterator

import pytest

from assistant.errors import UserError
from assistant.voice.speak.pyttsx3_tts import Pyttsx3Synthesizer
from assistant.voice.speak.synthesizers import first_audio_ms, measure_first_audio
from assistant.voice.speak.tts import (
    AudioChunk,
    EspeakSynthesizer,
    VoiceInfo,
    choose_voice,
    parse_espeak_voices,
)

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")
TEXT = "Marc prend une dose."

VOICES = [
    VoiceInfo("gmw/af", "Afrikaans", ("af",)),
    VoiceInfo("mb/mb-fr1", "french-mbrola-1", ("fr-fr",)),
    VoiceInfo("roa/fr-be", "French (Belgium)", ("fr-be",)),
    VoiceInfo("roa/fr-ch", "French (Switzerland)", ("fr-ch",)),
    VoiceInfo("roa/fr", "French (France)", ("fr-fr",)),
    VoiceInfo("gmw/en", "English", ("en-gb",)),
]


def test_choose_voice_prefers_france_then_belgium_then_switzerland() -> None:
    assert choose_voice(VOICES).id == "roa/fr"
    assert choose_voice([v for v in VOICES if v.id != "roa/fr"]).id == "roa/fr-be"
    assert choose_voice([v for v in VOICES if v.id not in ("roa/fr", "roa/fr-be")]).id == "roa/fr-ch"


def test_choose_voice_takes_mbrola_only_when_nothing_else_is_french() -> None:
    only = [VOICES[0], VOICES[1], VOICES[5]]
    assert choose_voice(only).id == "mb/mb-fr1"


def test_afrikaans_is_not_french_even_if_its_name_contains_fr() -> None:
    with pytest.raises(UserError) as caught:
        choose_voice([VOICES[0], VOICES[5]])
    assert caught.value.fix == "sudo apt-get install espeak-ng"
    assert "Aucune voix française" in caught.value.message


def test_choose_voice_by_id_basename_or_name() -> None:
    assert choose_voice(VOICES, "roa/fr-ch").id == "roa/fr-ch"
    assert choose_voice(VOICES, "fr-be").id == "roa/fr-be"
    assert choose_voice(VOICES, "english").id == "gmw/en"
    with pytest.raises(UserError, match="klingon"):
        choose_voice(VOICES, "klingon")


def test_parse_espeak_voices_listing() -> None:
    listing = (
        "Pty Language       Age/Gender VoiceName          File                 Other Languages\n"
        " 5  fr-fr           --/M      French_(France)    roa/fr               (fr 5)\n"
        " 5  fr-be           --/M      French_(Belgium)   roa/fr-BE            (fr 8)\n"
    )
    assert parse_espeak_voices(listing) == [
        VoiceInfo("roa/fr", "French (France)", ("fr-fr",)),
        VoiceInfo("roa/fr-BE", "French (Belgium)", ("fr-be",)),
    ]


def _pcm(chunks: Iterator[AudioChunk]) -> tuple[int, bytes]:
    got = list(chunks)
    assert got, "no audio"
    assert {c.rate for c in got} == {got[0].rate}
    assert all(len(c.samples) % 2 == 0 for c in got)
    return got[0].rate, b"".join(c.samples for c in got)


def _espeak_cli_pcm(voice: str) -> bytes:
    out = subprocess.run(
        ["espeak-ng", "--stdout", "-b", "1", "-v", voice, "-s", "170", "-a", "100", TEXT],
        capture_output=True,
        check=True,
    ).stdout
    return out[44:]


def _rms(pcm: bytes) -> float:
    samples = array.array("h", pcm)
    return float((sum(s * s for s in samples) / len(samples)) ** 0.5)


@needs_espeak
def test_espeak_synthesizer_speaks_french_audibly() -> None:
    synth = EspeakSynthesizer()
    assert synth.voice == "roa/fr"
    rate, pcm = _pcm(synth.synthesize(TEXT))
    assert rate == 22050
    assert 0.5 < len(pcm) / 2 / rate < 10
    assert _rms(pcm) > 300
    # the very audio of espeak-ng's French voice, not the English one
    assert pcm == _espeak_cli_pcm("roa/fr")
    assert pcm != _espeak_cli_pcm("en")


@needs_espeak
def test_espeak_synthesizer_streams_in_several_chunks_and_empty_text_gives_none() -> None:
    synth = EspeakSynthesizer()
    assert len(list(synth.synthesize(TEXT))) > 1
    assert list(synth.synthesize("   ")) == []


@needs_espeak
def test_pyttsx3_synthesizer_speaks_the_same_french_voice() -> None:
    try:
        synth = Pyttsx3Synthesizer()
    except UserError as error:
        pytest.skip(f"pyttsx3 unusable here: {error}")
    assert synth.voice == "roa/fr"
    rate, pcm = _pcm(synth.synthesize(TEXT))
    assert rate == 22050
    assert _rms(pcm) > 300
    # same libespeak-ng, same voice, same rate: the French duration, not the English one (in process,
    # libespeak-ng carries prosody state from the previous utterance: lengths vary by a few %)
    french, english = len(_espeak_cli_pcm("roa/fr")), len(_espeak_cli_pcm("en"))
    assert abs(len(pcm) - french) < abs(len(pcm) - english)


@needs_espeak
def test_pyttsx3_rate_changes_hold_utterance_after_utterance() -> None:
    """pyttsx3 2.99 loses property changes after the first utterances; ours must not."""
    try:
        slow, fast = Pyttsx3Synthesizer(rate=100), Pyttsx3Synthesizer(rate=300)
    except UserError as error:
        pytest.skip(f"pyttsx3 unusable here: {error}")
    lengths = [len(_pcm(s.synthesize(TEXT))[1]) for s in (slow, fast, slow, fast, fast, slow)]
    assert lengths[2] == pytest.approx(lengths[0], rel=0.06) == lengths[5]
    assert lengths[3] == pytest.approx(lengths[1], rel=0.06) == lengths[4]
    assert min(lengths[0], lengths[2], lengths[5]) > 2 * max(lengths[1], lengths[3], lengths[4])


class _SlowSynth:
    voice = "test"

    def synthesize(self, text: str) -> Iterator[AudioChunk]:
        yield AudioChunk(b"", 16000)  # an empty chunk is no audio yet
        time.sleep(0.05)
        yield AudioChunk(b"\x01\x00" * 10, 16000)
        raise AssertionError("measurement must stop at the first audio")


def test_first_audio_ms_counts_until_the_first_non_empty_chunk() -> None:
    assert 45 <= first_audio_ms(_SlowSynth(), TEXT) < 1000


@needs_espeak
def test_espeak_streams_audio_before_the_sentence_is_finished() -> None:
    """First audio comes early because espeak-ng's output is yielded as it is written, in
    several chunks (the time itself is `kinito bench`'s tts_first_audio_ms, not a test assertion)."""
    text = "Chloé prend une dose pour avoir bluffé, et Bruno prend le totem jusqu'au prochain quinito."
    chunks = [c for c in EspeakSynthesizer().synthesize(text) if c.samples]
    assert len(chunks) >= 2
    assert len(chunks[0].samples) < sum(len(c.samples) for c in chunks)


@needs_espeak
@pytest.mark.parametrize("engine", ["espeak", "pyttsx3"])
def test_measure_first_audio_reports_a_median_for_each_engine(engine: str) -> None:
    ms = measure_first_audio("Chloé prend une dose pour avoir bluffé.", engine, runs=3)  # type: ignore[arg-type]
    assert ms > 0


@needs_espeak
def test_volume_setting_scales_the_audio() -> None:
    loud = _rms(_pcm(EspeakSynthesizer(volume=1.0).synthesize(TEXT))[1])
    soft = _rms(_pcm(EspeakSynthesizer(volume=0.3).synthesize(TEXT))[1])
    assert soft < 0.5 * loud


@needs_espeak
def test_pyttsx3_synthesizers_in_threads_do_not_mix_utterances() -> None:
    import threading

    try:
        synth = Pyttsx3Synthesizer()
    except UserError as error:
        pytest.skip(f"pyttsx3 unusable here: {error}")
    expected = len(_pcm(synth.synthesize(TEXT))[1])
    lengths: list[int] = []

    def speak() -> None:
        lengths.append(len(_pcm(synth.synthesize(TEXT))[1]))

    threads = [threading.Thread(target=speak) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(lengths) == 3
    assert all(n == pytest.approx(expected, rel=0.06) for n in lengths)
