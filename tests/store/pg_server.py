"""A throw-away PostgreSQL cluster for the tests: `initdb` and `pg_ctl` in a temporary folder, on a
unix socket only (no TCP port), as the `postgres` user when the tests run as root (initdb refuses
root), stopped at the end of the session. None, with the reason, when no server can be started."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / name).exists():
            return str(folder / name)
    return None


class Cluster:
    """A running throw-away cluster: its DSN, and `stop`."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="kinito-pg-"))
        self.data = self.folder / "data"
        self.socket = self.folder
        self.dsn = f"host={self.socket} dbname=postgres user=kinito"
        """Where the tests connect (trust authentication on the socket)."""
        self.reason = ""
        """Why the cluster could not start (empty when it runs)."""
        initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
        if initdb is None or pg_ctl is None:
            self.reason = "initdb/pg_ctl introuvables (apt-get install postgresql)"
            return
        self._pg_ctl = pg_ctl
        self._prefix: list[str] = []
        if os.geteuid() == 0:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                self.reason = "lancé en root sans utilisateur postgres (initdb refuse root)"
                return
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self._prefix = ["runuser", "-u", "postgres", "--"]
        done = subprocess.run(
            [
                *self._prefix,
                initdb,
                "-D",
                str(self.data),
                "-U",
                "kinito",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
            capture_output=True,
            text=True,
            timeout=180,
        )
        if done.returncode != 0:
            self.reason = f"initdb a échoué : {done.stderr.strip()[-300:]}"
            return
        options = f"-k {self.socket} -c listen_addresses='' -c fsync=off"
        started = subprocess.run(
            [
                *self._prefix,
                pg_ctl,
                "-D",
                str(self.data),
                "-o",
                options,
                "-l",
                str(self.folder / "log"),
                "-w",
                "-t",
                "120",
                "start",
            ],
            capture_output=True,
            text=True,
            timeout=180,
        )
        if started.returncode != 0:
            self.reason = f"pg_ctl start a échoué : {started.stderr.strip()[-300:]}"

    @property
    def running(self) -> bool:
        """Whether the server started."""
        return not self.reason

    def database(self, name: str) -> str:
        """A new empty database on the cluster; its DSN."""
        import psycopg

        with psycopg.connect(self.dsn, autocommit=True) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{name}"')
            db.execute(f'CREATE DATABASE "{name}"')
        return f"host={self.socket} dbname={name} user=kinito"

    def pause(self) -> None:
        """Stop the server (its data kept): clients lose their connections."""
        subprocess.run(
            [*self._prefix, self._pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop"],
            capture_output=True,
            timeout=120,
            check=True,
        )

    def resume(self) -> None:
        """Start the server again on the same folder and socket."""
        options = f"-k {self.socket} -c listen_addresses='' -c fsync=off"
        command = [*self._prefix, self._pg_ctl, "-D", str(self.data), "-o", options]
        command += ["-l", str(self.folder / "log"), "-w", "-t", "120", "start"]
        subprocess.run(command, capture_output=True, timeout=180, check=True)

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        if self.running:
            subprocess.run(
                [*self._prefix, self._pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop"],
                capture_output=True,
                timeout=120,
            )
        shutil.rmtree(self.folder, ignore_errors=True)
