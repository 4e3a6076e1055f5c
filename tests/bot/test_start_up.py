"""Issue 26, defects 7, 12 and 13: what stops the bot starting is one sentence for the
operator, never a traceback, and never a password. Each test runs ``python -m bot`` as
``make run`` does, from an empty folder (so no developer's .env is read)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Settings
from bot.storage import StorageUnavailable, open_storage

ROOT = Path(__file__).resolve().parents[2]

# The bot as `python -m bot` runs it, with discord.py's API address swapped for one that
# cannot be reached: this machine has no route to Discord, and a test must not depend on
# whether the one CI runs on has.
START_WITH_DISCORD_AT = """
import sys, discord.http
discord.http.Route.BASE = sys.argv[1]
from bot.__main__ import main
sys.exit(main())
"""


def start_bot(folder: Path, env: dict[str, str], discord_at: str | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "SHARD_"))}
    clean["PYTHONPATH"] = str(ROOT)
    command = [sys.executable, "-m", "bot"] if discord_at is None else [
        sys.executable, "-c", START_WITH_DISCORD_AT, discord_at]
    return subprocess.run(command, cwd=folder, env={**clean, "DISCORD_TOKEN": "x", **env},
                          capture_output=True, text=True, timeout=60)


def closed_port() -> int:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def the_sentence(done: subprocess.CompletedProcess[str]) -> str:
    """The one line the operator reads: stderr's last line, with discord.py's own log
    lines ("logging in using static token") before it."""
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "Event loop is closed" not in done.stderr, done.stderr
    return done.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize("address", [
    "http://127.0.0.1:{port}/api/v10",  # no one listening: the connection is refused
    "https://discord.invalid/api/v10",  # a name that never resolves (RFC 2606)
])
def test_a_discord_that_cannot_be_reached_is_one_sentence(tmp_path: Path, address: str) -> None:
    done = start_bot(tmp_path, {"DATABASE_PATH": str(tmp_path / "kadi.sqlite3")},
                     discord_at=address.format(port=closed_port()))
    sentence = the_sentence(done)
    assert sentence.startswith("Could not reach Discord (") and "internet connection" in sentence
    assert len(done.stderr.strip().splitlines()) <= 2  # discord.py's "logging in" line, and the sentence
    assert "voice will NOT be supported" not in done.stderr  # the bot has no voice to warn about


@pytest.mark.parametrize("where", ["a folder", "a missing folder under /proc", "a file that is not a database"])
def test_an_unusable_database_path_is_one_sentence_naming_the_setting(tmp_path: Path, where: str) -> None:
    if where == "a folder":
        path = tmp_path / "data"
        path.mkdir()
    elif where == "a missing folder under /proc":
        path = Path("/proc/no-such-folder/kadi.sqlite3")
    else:
        path = tmp_path / "notes.txt"
        path.write_text("my shopping list\n" * 20)
    done = start_bot(tmp_path, {"DATABASE_PATH": str(path)}, discord_at=f"http://127.0.0.1:{closed_port()}/api/v10")
    sentence = the_sentence(done)
    assert sentence.startswith(f"Could not use DATABASE_PATH={str(path)!r} (") and sentence.endswith(".")


async def test_an_unreachable_postgresql_never_shows_a_password_from_the_query_string() -> None:
    url = f"postgresql://kadi@127.0.0.1:{closed_port()}/kadi?sslmode=disable&password=hunter2"
    with pytest.raises(StorageUnavailable, match=r"^Could not open the PostgreSQL database at") as refused:
        await open_storage(Settings(token="x", database_url=url))
    assert "hunter2" not in str(refused.value) and "password=***" in str(refused.value)


async def test_a_database_file_in_a_new_folder_is_made(tmp_path: Path) -> None:
    storage = await open_storage(Settings(token="x", database_path=tmp_path / "new" / "kadi.sqlite3"))
    await storage.close()
    assert (tmp_path / "new" / "kadi.sqlite3").read_bytes().startswith(b"SQLite format 3\x00")
