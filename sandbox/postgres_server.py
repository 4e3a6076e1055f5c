"""A real PostgreSQL server for the test session (tests/conftest.py) and the benchmarks
(bench/storage.py, bench/bot.py), kept here so that neither imports the other: its own
cluster in a temporary folder, listening on a free loopback port (and a unix socket in
that folder), stopped at the end.

The server binaries come from the machine: ``initdb``, ``pg_ctl`` and ``postgres`` on the
PATH, else the newest ``/usr/lib/postgresql/*/bin`` (Debian's ``postgresql`` package, which
``.ci/run`` installs when missing). PostgreSQL refuses to run as root: under root the
cluster belongs to the ``postgres`` system user (made when missing), and every server
command runs as that user. ``fsync=off``: a test database need not survive a power cut,
and the tests check the bot's own durability setting, not the disk's.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

SERVER_PROGRAMS = ("initdb", "pg_ctl", "postgres", "psql")
SUPERUSER = "kadi"  # the cluster's superuser, trusted on loopback and the socket only
SYSTEM_USER = "postgres"  # who runs the server when the tests run as root
TEMPLATE = "kadi_template"  # migrated once; every test's database is a copy of it


class NoServer(RuntimeError):
    """No PostgreSQL server can be had on this machine; the message says why."""


def find_binaries() -> Path:
    """The folder with PostgreSQL's server programs, or NoServer."""
    on_path = [shutil.which(name) for name in SERVER_PROGRAMS]
    if all(on_path):
        folders = {Path(str(p)).resolve().parent for p in on_path}
        if len(folders) == 1:
            return folders.pop()
    installed = sorted(Path("/usr/lib/postgresql").glob("*/bin"),
                       key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    for folder in reversed(installed):
        if all((folder / name).exists() for name in SERVER_PROGRAMS):
            return folder
    raise NoServer("no PostgreSQL server programs (initdb, pg_ctl, postgres) on the PATH or in "
                   "/usr/lib/postgresql/*/bin: install Debian's postgresql package (.ci/run does)")


def _server_user() -> pwd.struct_passwd | None:
    """The unprivileged user to run the server as, when the tests run as root; else None."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SYSTEM_USER],
                       check=True, capture_output=True)
        return pwd.getpwnam(SYSTEM_USER)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PostgresServer:
    binaries: Path
    folder: Path  # the cluster (data/), its socket and its log
    port: int
    user: pwd.struct_passwd | None  # who runs the server, when not the tests' own user
    _numbers: itertools.count[int]

    @classmethod
    def start(cls, *, fsync: bool = False) -> PostgresServer:
        """``fsync``: flush to disk as a real server does (benchmarks); tests need not."""
        binaries = find_binaries()
        user = _server_user()
        folder = Path(tempfile.mkdtemp(prefix="kadi-pg-"))
        server = cls(binaries, folder, 0, user, itertools.count(1))
        try:
            if user is not None:
                os.chown(folder, user.pw_uid, user.pw_gid)
            server._run("initdb", "-D", str(folder / "data"), "-U", SUPERUSER, "--auth=trust",
                        "--encoding=UTF8", "--locale=C", "--no-sync")
            for attempt in range(5):  # a free port may be taken before the server binds it
                server.port = _free_port()
                durability = "" if fsync else " -c fsync=off -c full_page_writes=off"
                options = (f"-p {server.port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
                           f"{durability}")
                started = server._run("pg_ctl", "-D", str(folder / "data"), "-l", str(folder / "server.log"),
                                      "-w", "-t", "60", "-o", options, "start", check=False)
                if started.returncode == 0:
                    break
                if attempt == 4:
                    raise NoServer(f"PostgreSQL did not start: {server.log_tail()}")
            server.sql(f"CREATE DATABASE {TEMPLATE}")
        except BaseException:
            server.stop()
            raise
        return server

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def sql(self, statement: str, database: str = "postgres") -> str:
        """Run one statement with psql; its output, unaligned."""
        done = self._run("psql", "-h", str(self.folder), "-p", str(self.port), "-U", SUPERUSER, "-d", database,
                         "-v", "ON_ERROR_STOP=1", "-XAtq", "-c", statement)
        return done.stdout.strip()

    def new_database(self) -> str:
        """A fresh database copied from the migrated template; its URL."""
        name = f"kadi_test_{next(self._numbers)}"
        self.sql(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        self.sql(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")

    def stop(self) -> None:
        """Stop the server at once (nothing to keep) and remove its folder."""
        if (self.folder / "data" / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)

    def log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return " | ".join((self.folder / "server.log").read_text(errors="replace").splitlines()[-5:])
        return "(no log)"

    def _run(self, program: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        user = self.user
        done = subprocess.run(
            [str(self.binaries / program), *args], capture_output=True, text=True, timeout=120,
            cwd=self.folder, user=user.pw_uid if user else None, group=user.pw_gid if user else None,
            extra_groups=[] if user else None,
            env={"PATH": os.environ.get("PATH", ""), "LC_ALL": "C", "PGTZ": "UTC"},
        )
        if check and done.returncode != 0:
            raise NoServer(f"{program} failed: {(done.stderr or done.stdout).strip()[:500]}")
        return done
