"""A perturbed copy of the corpus, as a recogniser might garble it (seeded, so the copy is fixed)."""

from __future__ import annotations

import random
import string

FILLERS = ("euh", "ben", "alors", "bon", "bah")
HOMOPHONES = {
    "de": "deux",
    "et": "est",
    "vingt": "vin",
    "six": "si",
    "cinq": "saint",
    "dix": "dis",
    "ça": "sa",
}
"""Words a French recogniser confuses with their homophones."""
KINDS = ("hyphens", "filler", "letter", "homophone")


def perturb(text: str, kind: str, rng: random.Random) -> str:
    """`text` with one perturbation of `kind`."""
    if kind == "hyphens":
        return text.replace("-", " ").replace("'", " ")
    words = text.split()
    if not words:
        return text
    if kind == "filler":
        words.insert(rng.randrange(len(words) + 1), rng.choice(FILLERS))
        return " ".join(words)
    if kind == "letter":
        long_words = [i for i, w in enumerate(words) if len(w) >= 4]
        if not long_words:
            return text
        i = rng.choice(long_words)
        word = words[i]
        j = rng.choice([k for k in range(1, len(word)) if word[k].isalpha()] or [0])
        words[i] = word[:j] + rng.choice(string.ascii_lowercase.replace(word[j], "")) + word[j + 1 :]
        return " ".join(words)
    swaps = [i for i, w in enumerate(words) if w in HOMOPHONES]
    if not swaps:
        return text
    i = rng.choice(swaps)
    words[i] = HOMOPHONES[words[i]]
    return " ".join(words)
