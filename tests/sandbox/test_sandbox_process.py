"""`python -m bot` without a token plays in the sandbox: one line on the console, the page
served, its own files under data/, and the same server and members after a restart."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp

from sandbox.run import sandbox_log_level
from sandbox.words import playing_at
from tests.sandbox.pagekit import Member, running_sandbox, text_of
from tests.waiting import DEADLINE

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ("DISCORD_TOKEN", "DEV_GUILD_ID", "LOG_LEVEL", "LIBRARY_LOG_LEVEL", "DATABASE_PATH", "DATABASE_URL",
            "SHARD_COUNT", "SHARD_IDS", "METRICS_PORT", "SANDBOX", "SANDBOX_HOST", "SANDBOX_PORT")


async def test_python_m_bot_without_a_token_prints_one_line_and_serves_the_sandbox(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env.update(PYTHONPATH=str(ROOT), SANDBOX_PORT="0", COMPUTER_WORKERS="0")
    # From an empty folder, so no developer's .env is read and data/ is the test's own.
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=tmp_path, env=env,
                                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert process.stdout is not None and process.stderr is not None
        line = (await asyncio.wait_for(process.stdout.readline(), DEADLINE)).decode().rstrip("\n")
        url = line.split(" at ")[1].split(" ")[0]
        assert line == playing_at(url) and url.startswith("http://127.0.0.1:")
        async with aiohttp.ClientSession() as http:
            async with http.get(url + "/") as got:
                assert got.status == 200 and "Kadi sandbox" in await got.text()
            ann = await Member(http, url).join("Ann")
            await ann.slash("kadi rules", "general")
            await ann.sees(lambda m: m["ephemeral"] and "Kadi" in m["content"], "the rules, for Ann only")
            await ann.close()
        assert (tmp_path / "data" / "sandbox.sqlite3").exists() and (tmp_path / "data" / "sandbox-world.json").exists()
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), DEADLINE) == 0
        assert await process.stdout.read() == b""  # the one line, and nothing after it
        errors = (await process.stderr.read()).decode()
        assert "Traceback" not in errors and "ERROR" not in errors, errors
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_the_server_and_its_members_outlive_a_restart(tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        ann = await Member(http, sandbox.url).join("Ann")
        before = ann.state
        await ann.close()
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        again = Member(http, sandbox.url)
        again.key = ann.key
        after = await again.call("/api/state")
        assert after["me"] == before["me"] and after["server"] == before["server"]
        assert after["channels"] == before["channels"]
        bots = [m for m in after["members"] if m["bot"]]
        assert bots and bots == [m for m in before["members"] if m["bot"]]  # the bot keeps its id too


async def test_a_table_being_played_when_the_sandbox_stopped_is_posted_afresh_after_it(tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        ann = await Member(http, sandbox.url).join("Ann")
        await ann.slash("kadi solo", "kadi", opponents=1, turn_timer=0)
        first = await ann.sees(lambda m: not m["ephemeral"] and "My hand" in text_of(m), "the solo table")
        await ann.close()
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        again = await Member(http, sandbox.url).come_back(ann.key)
        fresh = await again.sees(lambda m: not m["ephemeral"] and "My hand" in text_of(m), "the table posted afresh")
        assert fresh["id"] != first["id"] and fresh["channel_id"] == first["channel_id"]
        await again.click(fresh, "My hand")
        await again.sees(lambda m: m["ephemeral"] and "Your hand" in text_of(m), "the hand, as it was dealt")
        await again.close()


def test_the_console_holds_the_one_line_unless_debug_is_asked_for() -> None:
    assert sandbox_log_level("INFO") == "WARNING"
    assert sandbox_log_level("DEBUG") == "DEBUG" and sandbox_log_level("ERROR") == "ERROR"
