"""Upcasters of this game's save format (core/codec.py): stored (type, version) -> the next version.

Empty while no command or event has changed shape. To rename an event `Old` to `New`, or change its
fields: give the class `class_version: ClassVar[int] = 2` and add here
`("Old", 1): lambda d: {**d, "type": "New", "v": 2}` (with the field changes), plus a test that a
game stored before the change still resumes (tests/store/test_save_format.py shows how).
"""

from __future__ import annotations

from assistant.core.codec import Upcaster

UPCASTERS: dict[tuple[str, int], Upcaster] = {}
"""(stored type name, stored version) -> the upcaster to the next version."""
