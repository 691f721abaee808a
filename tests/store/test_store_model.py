"""Property: any appends, extends and truncates (undo), then load, give the entries of a plain list."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.store.memory import MemoryStore
from assistant.store.protocol import GameStore, StoredEntry
from assistant.store.sqlite import SqliteStore

json_scalars = st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=8)
entries = st.builds(
    StoredEntry,
    command=st.dictionaries(st.text(min_size=1, max_size=5), json_scalars, max_size=3),
    events=st.lists(st.dictionaries(st.text(min_size=1, max_size=5), json_scalars, max_size=3), max_size=3),
    heard=st.none() | st.text(max_size=12),
)
operations = st.lists(
    st.tuples(
        st.integers(0, 1),
        st.sampled_from([0, 1, 2]),
        st.lists(entries, min_size=1, max_size=3),
        st.integers(0, 12),
    ),
    max_size=40,
)


def _check(store: GameStore, ops: list[tuple[int, int, list[StoredEntry], int]]) -> None:
    ids = [store.create_game("quinito", {"players": ["A", "B"]}) for _ in range(2)]
    model: dict[int, list[StoredEntry]] = {gid: [] for gid in ids}
    for which, kind, batch, keep in ops:
        gid = ids[which]
        if kind == 0:
            store.append(gid, batch[0])
            model[gid].append(batch[0])
        elif kind == 2:
            store.extend(gid, batch)
            model[gid].extend(batch)
        else:
            store.truncate(gid, keep)
            del model[gid][keep:]
    for gid in ids:
        assert list(store.load(gid).entries) == model[gid]


@settings(max_examples=40, deadline=None)
@given(operations)
def test_sqlite_store_matches_a_list_model(ops: list[tuple[int, int, list[StoredEntry], int]]) -> None:
    with tempfile.TemporaryDirectory() as tmp, SqliteStore(Path(tmp) / "k.sqlite3") as store:
        _check(store, ops)


@settings(max_examples=40, deadline=None)
@given(operations)
def test_memory_store_matches_a_list_model(ops: list[tuple[int, int, list[StoredEntry], int]]) -> None:
    _check(MemoryStore(), ops)
