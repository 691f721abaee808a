"""Frozen dataclasses to JSON-ready dicts and back, so commands and events can be stored."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

JSON = Any


class Codec:
    """Encodes and decodes the dataclasses it was given, by class name."""

    def __init__(self, classes: Iterable[type[Any]]) -> None:
        self._classes: dict[str, type[Any]] = {}
        for cls in classes:
            if not dataclasses.is_dataclass(cls):
                raise TypeError(f"{cls!r} is not a dataclass")
            self._classes[cls.__name__] = cls

    def encode(self, obj: Any) -> JSON:
        """A JSON-ready value; dataclasses become {"type": name, ...fields}."""
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            name = type(obj).__name__
            if name not in self._classes:
                raise TypeError(f"unregistered class {name}")
            out: dict[str, JSON] = {"type": name}
            for field in dataclasses.fields(obj):
                out[field.name] = self.encode(getattr(obj, field.name))
            return out
        if isinstance(obj, tuple | list):
            return [self.encode(item) for item in obj]
        if isinstance(obj, Mapping):
            return {"__map__": [[self.encode(k), self.encode(v)] for k, v in obj.items()]}
        if obj is None or isinstance(obj, bool | int | float | str):
            return obj
        raise TypeError(f"cannot encode {type(obj).__name__}")

    def decode(self, data: JSON) -> Any:
        """The inverse of `encode`; lists become tuples (our dataclasses are frozen)."""
        if isinstance(data, dict):
            if "__map__" in data:
                return {self._key(self.decode(k)): self.decode(v) for k, v in data["__map__"]}
            cls = self._classes[data["type"]]
            kwargs = {k: self.decode(v) for k, v in data.items() if k != "type"}
            return cls(**kwargs)
        if isinstance(data, list):
            return tuple(self.decode(item) for item in data)
        return data

    @staticmethod
    def _key(value: Any) -> Any:
        return tuple(value) if isinstance(value, list) else value


def dataclasses_of(module: Any) -> list[type[Any]]:
    """Every dataclass defined in a module: what a game registers with its codec."""
    return [
        obj
        for obj in vars(module).values()
        if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__
    ]


__all__ = ["Codec", "dataclasses_of"]
