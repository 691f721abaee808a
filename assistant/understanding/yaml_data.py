"""How the grammar files are read: libyaml's parser when it is installed, and only `true`/`false` as
booleans.

PyYAML follows YAML 1.1, where `on`, `off`, `yes`, `no`, `y` and `n` are booleans too: the French
word "on" in a word list (skip words, subjects of a verb, common words) came out as `True`. The
grammars' own flags are all written `true`/`false`, so these files are read the YAML 1.2 way.
`yaml.CSafeLoader` (libyaml) parses them about 14 times faster than the pure-Python loader, with the
same result (checked by the tests on every file of grammars/).
"""

from __future__ import annotations

import re
from typing import IO, Any, cast

import yaml

BOOL_TAG = "tag:yaml.org,2002:bool"
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")


def _strict(base: type[yaml.SafeLoader]) -> type[yaml.SafeLoader]:
    """`base` with the YAML 1.2 booleans: `on`, `yes`, `no`... stay strings."""
    resolvers = {
        first: [(tag, rx) for tag, rx in found if tag != BOOL_TAG]
        for first, found in base.yaml_implicit_resolvers.items()
    }
    loader = cast(
        "type[yaml.SafeLoader]",
        type(f"Strict{base.__name__}", (base,), {"yaml_implicit_resolvers": resolvers}),
    )
    loader.add_implicit_resolver(BOOL_TAG, _BOOL, list("tTfF"))
    return loader


PURE_LOADER = _strict(yaml.SafeLoader)
"""The pure-Python loader (the reference)."""
LOADER = _strict(getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # type: ignore[arg-type]
"""libyaml's when PyYAML was built with it, else the pure-Python one."""


def load(stream: str | bytes | IO[str] | IO[bytes], loader: type[yaml.SafeLoader] = LOADER) -> Any:
    """One YAML document of grammars/ as data."""
    return yaml.load(stream, Loader=loader)
