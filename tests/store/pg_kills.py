"""The SIGKILL-and-resume campaign of tests/sim/kills.py against a PostgreSQL server: the refereeing
process killed inside (statements run, no COMMIT) or right after the transaction of a two-entry line
or of any write, then resumed from the server; each evening in its own database of a throw-away
cluster. `python -m tests.store.pg_kills --kills 100` runs it and prints its table."""

from __future__ import annotations

import argparse
import random
import tempfile
from collections import Counter
from pathlib import Path

from assistant.store.postgres import PostgresStore
from tests.sim.kills import REFEREE_POINTS, Tally, referee_campaign, table
from tests.store.pg_server import Cluster


def pg_campaign(cluster: Cluster, folder: Path, kills: int, seed: int = 0, lines: int = 160) -> Tally:
    """`kills` SIGKILLs of the referee writing to `cluster`, every kill point in turn."""
    tally = Tally(Counter(), problems=[])

    def target(evening: int) -> str:
        name = f"kills_{seed}_{evening}"
        cluster.database(name)
        return f"postgresql://kinito@/{name}?host={cluster.socket}"

    referee_campaign(
        folder, kills, random.Random(seed), tally, lines=lines, points=REFEREE_POINTS,
        target=target, store_class=PostgresStore,
    )  # fmt: skip
    return tally


def main(argv: list[str] | None = None) -> int:
    """`python -m tests.store.pg_kills --kills 100`."""
    parser = argparse.ArgumentParser(prog="python -m tests.store.pg_kills")
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    cluster = Cluster()
    try:
        if not cluster.running:
            print(f"pas de serveur PostgreSQL de test : {cluster.reason}")
            return 2
        with tempfile.TemporaryDirectory() as tmp:
            tally = pg_campaign(cluster, Path(tmp), args.kills, args.seed)
    finally:
        cluster.stop()
    print(table(tally))
    for problem in tally.problems or []:
        print(f"- {problem}")
    return 1 if (tally.lost or tally.doubled) else 0


if __name__ == "__main__":
    raise SystemExit(main())
