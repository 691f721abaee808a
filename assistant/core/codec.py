"""Frozen dataclasses to JSON-ready dicts and back, so commands and events can be stored.

The save format is versioned (docs/architecture.md, after eventsourcing's `class_version` and upcasters): a
class may declare `class_version: ClassVar[int] = N`; its objects are written with `"v": N` (version 1
writes no "v", so every file written before versions existed reads as version 1). An `Upcaster`
registered for (type name, version) turns a stored dict of that version into the next one, possibly
under a new name, so renaming an event or a field never breaks the resume of a stored game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any

JSON = Any
Upcaster = Callable[[dict[str, JSON]], dict[str, JSON]]
"""A stored object of one version -> the same object one version later (its "type" may change)."""


class CodecError(ValueError):
    """A stored object this code cannot read (an unknown type, a version with no upcaster...)."""


def class_version(cls: type[Any]) -> int:
    """The version a class writes (1 unless it declares `class_version`)."""
    return int(getattr(cls, "class_version", 1))


class Codec:
    """Encodes and decodes the dataclasses it was given, by class name and version."""

    def __init__(
        self,
        classes: Iterable[type[Any]],
        upcasters: Mapping[tuple[str, int], Upcaster] | None = None,
    ) -> None:
        self._classes: dict[str, type[Any]] = {}
        for cls in classes:
            if not dataclasses.is_dataclass(cls):
                raise TypeError(f"{cls!r} is not a dataclass")
            self._classes[cls.__name__] = cls
        self._upcasters = dict(upcasters or {})

    def encode(self, obj: Any) -> JSON:
        """A JSON-ready value; dataclasses become {"type": name, ["v": version,] ...fields}."""
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            name = type(obj).__name__
            if name not in self._classes:
                raise TypeError(f"unregistered class {name}")
            out: dict[str, JSON] = {"type": name}
            version = class_version(type(obj))
            if version != 1:
                out["v"] = version
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
        """The inverse of `encode`, upcasting older versions; lists become tuples (frozen dataclasses).
        Raises CodecError for what this code cannot read."""
        if isinstance(data, dict):
            if "__map__" in data:
                return {self._key(self.decode(k)): self.decode(v) for k, v in data["__map__"]}
            data = self.upcast(data)
            cls = self._classes[data["type"]]
            kwargs = {k: self.decode(v) for k, v in data.items() if k not in ("type", "v")}
            try:
                return cls(**kwargs)
            except TypeError as error:
                raise CodecError(f"{data['type']} stocké illisible : {error}") from None
        if isinstance(data, list):
            return tuple(self.decode(item) for item in data)
        return data

    def upcast(self, data: dict[str, JSON]) -> dict[str, JSON]:
        """Apply upcasters until the stored object has its class's current version."""
        for _ in range(64):  # a chain of upcasters is short; a loop in them is a bug, not a hang
            name, version = data.get("type"), int(data.get("v", 1))
            step = self._upcasters.get((str(name), version))
            if step is None:
                break
            data = step(dict(data))
        name, version = data.get("type"), int(data.get("v", 1))
        cls = self._classes.get(str(name))
        if cls is None:
            raise CodecError(f"type inconnu dans la sauvegarde : {name}")
        if version != class_version(cls):
            raise CodecError(
                f"{name} version {version} : aucune conversion vers la version {class_version(cls)}"
            )
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


__all__ = ["JSON", "Codec", "CodecError", "Upcaster", "class_version", "dataclasses_of"]
