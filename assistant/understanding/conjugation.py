"""Q11: every form of "boire", generated from the conjugation table in grammars/boire.yaml.

`load_table` reads the table, `Conjugation.forms` lists every generated form, and
`Conjugation.breach_at(tokens, i)` says whether the i-th word of a transcript is the verb
(a breach) or one of its noun homographs ("du bois", "le bus", "le but") settled by the
word before it. The YAML file documents each homograph decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any, Literal

from assistant.core.folding import fold
from assistant.understanding import yaml_data
from assistant.understanding.grammar_files import grammar_file

TABLE_FILE = "boire.yaml"
"""The conjugation table of "boire" shipped with the project, in grammars/."""


@dataclass(frozen=True)
class Form:
    """Q11: one generated form of "boire"."""

    word: str
    """The form as written, accents included ("bûmes", "reboirai")."""
    tense: str
    """The tense or mood it belongs to ("passe_simple", "participe_passe"...)."""
    person: int
    """Its place in the tense's list of endings (0 = first; for participles, the agreement)."""
    prefix: str
    """The prefix it was built with ("" for boire, "re" for reboire)."""


@dataclass(frozen=True)
class Homograph:
    """Q11: a form that is also another word; the previous words decide which one was said."""

    default: Literal["breach", "noun"]
    """What the word is when no cue applies."""
    noun_after: frozenset[str]
    """Words that, right before it, make it the noun ("du", "en", "le"...)."""
    verb_after: frozenset[str]
    """Words that, first before it once adverbs are skipped, make it the verb ("je", "ai"...)."""
    clitic_rule: bool
    """A clitic right before ("en", "les") preceded by a subject makes it the verb ("j'en bois")."""


@dataclass(frozen=True)
class Conjugation:
    """Q11: the forbidden forms of "boire" and how to tell them from their homographs."""

    forms: tuple[Form, ...]
    """Every generated form, in table order."""
    homographs: Mapping[str, Homograph]
    """Folded spelling -> context rule, for forms that are also ordinary words."""
    subjects: frozenset[str]
    """Subject pronouns (folded) used by the clitic rule."""
    clitics: frozenset[str]
    """Object pronouns (folded) that may stand between a subject and the verb."""
    adverbs: frozenset[str]
    """Words skipped when looking back for a verb cue ("j'ai déjà bu")."""
    written: frozenset[str]
    """Every form exactly as written in the table (accents kept)."""
    folded: frozenset[str]
    """Every form with accents removed, as a recogniser may write it ("bumes")."""

    def breach_at(self, tokens: Sequence[str], index: int) -> bool:
        """Q11: True when tokens[index] (lower case, as heard) is a form of "boire" used as the verb.

        `tokens` are the words of one transcript, split on spaces, apostrophes and hyphens.
        """
        word = tokens[index]
        if word in self.written and word not in self.homographs:
            return True  # an unambiguous form, or one written with its circumflex ("bût")
        plain = fold(word)
        if plain not in self.folded:
            return False
        rule = self.homographs.get(plain)
        if rule is None:
            return True
        return self._settle(rule, [fold(t) for t in tokens[max(0, index - 8) : index]])

    def _settle(self, rule: Homograph, before: list[str]) -> bool:
        """Q11: decide a homograph from the (folded) words before it, nearest last."""
        previous = before[-1] if before else None
        if rule.clitic_rule and previous in self.clitics and len(before) >= 2 and before[-2] in self.subjects:
            return True
        if previous in rule.noun_after:
            return False
        for word in reversed(before):
            if word in rule.verb_after:
                return True
            if word not in self.adverbs:
                break
        return rule.default == "breach"


def generate(tenses: Mapping[str, Any], prefixes: Sequence[str]) -> tuple[Form, ...]:
    """Q11: expand a conjugation table (tense -> list of {stem, endings}) for every prefix."""
    forms: list[Form] = []
    for prefix in prefixes:
        for tense, groups in tenses.items():
            person = 0
            for group in groups:
                for ending in group["endings"]:
                    forms.append(Form(f"{prefix}{group['stem']}{ending or ''}", tense, person, prefix))
                    person += 1
    return tuple(forms)


def from_dict(data: Mapping[str, Any]) -> Conjugation:
    """Q11: build the conjugation from the parsed YAML table (see grammars/boire.yaml)."""
    sets: dict[str, frozenset[str]] = {
        name: frozenset(fold(str(word)) for word in words) for name, words in data["word_sets"].items()
    }
    homographs = {
        fold(word): Homograph(
            default=rule["default"],
            noun_after=sets[rule["noun_after"]] if "noun_after" in rule else frozenset(),
            verb_after=sets[rule["verb_after"]] if "verb_after" in rule else frozenset(),
            clitic_rule=bool(rule.get("clitic_rule", False)),
        )
        for word, rule in data.get("homographs", {}).items()
    }
    forms = generate(data["tenses"], [str(p) for p in data.get("prefixes", [""])])
    return Conjugation(
        forms=forms,
        homographs=homographs,
        subjects=sets["subjects"],
        clitics=sets["clitics"],
        adverbs=sets["adverbs"],
        written=frozenset(form.word for form in forms),
        folded=frozenset(fold(form.word) for form in forms),
    )


@cache
def load_table(path: Traversable | None = None) -> Conjugation:
    """Q11: read and expand the conjugation table (once per path; grammars/boire.yaml by default)."""
    with (path or grammar_file(TABLE_FILE)).open(encoding="utf-8") as stream:
        data = yaml_data.load(stream)
    return from_dict(data)
