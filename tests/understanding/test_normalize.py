"""Keys: what the recogniser and the grammar agree on."""

from __future__ import annotations

from assistant.understanding.normalize import Respeller, drop_words, key, vosk_words, word_set


def test_key_ignores_case_accents_hyphens_apostrophes_and_punctuation() -> None:
    """ "Soixante-Deux !" and "soixante deux" are one key; so are "J’annonce" and "j annonce"."""
    assert key("Soixante-Deux !") == key("soixante deux") == "soixante deux"
    assert key("J’annonce") == key("j'annonce") == key("j annonce") == "j annonce"
    assert key("ÉPÉES, bâtons") == "epees batons"
    assert key("") == key("  --  ") == ""


def test_fillers_drop_whole_words_only() -> None:
    """ "euh" goes, "bonjour" stays although it starts with "bon"."""
    fillers = word_set(["euh", "bon", "eh bien"])
    assert drop_words("euh bon bonjour", fillers) == "bonjour"


def test_vosk_words_split_on_spaces_and_keep_apostrophes() -> None:
    """Vosk phrases: no hyphens, apostrophes kept, single spaces."""
    assert vosk_words("J'annonce  soixante-deux") == "j'annonce soixante deux"
    assert vosk_words("j' annonce") == "j'annonce"


def test_respeller_maps_whole_words_longest_first() -> None:
    """Respellings come back as the grammar's words, never inside another word."""
    respell = Respeller({"qui nito": "quinito", "ré": "rey"})
    assert respell(key("qui nito à ma gauche")) == "quinito a ma gauche"
    assert respell("re de copas") == "rey de copas"
    assert respell("regle") == "regle"
