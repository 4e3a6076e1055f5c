"""`python -m bot` without a token, or with a malformed setting, says so in one sentence."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DEV_GUILD_ID", "LOG_LEVEL")}
    clean["PYTHONPATH"] = str(ROOT)
    # Run from an empty folder so no developer's .env is read.
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env={**clean, **env},
                          capture_output=True, text=True, timeout=60)


def test_no_token_prints_how_to_get_one_and_exits_2(tmp_path: Path) -> None:
    done = run_bot(tmp_path, {})
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    message = done.stderr.strip()
    assert message.startswith("DISCORD_TOKEN is not set") and "discord.com/developers" in message
    assert message.count("\n") == 0


def test_a_malformed_guild_id_is_named(tmp_path: Path) -> None:
    done = run_bot(tmp_path, {"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "my-server"})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "DEV_GUILD_ID must be a number" in done.stderr


def test_settings_parse_and_hide_the_token() -> None:
    settings = load_settings({"DISCORD_TOKEN": "secret-token", "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug"})
    assert settings.dev_guild_id == 123 and settings.log_level == "DEBUG"
    assert "secret-token" not in repr(settings)
    with pytest.raises(ConfigError, match="LOG_LEVEL"):
        load_settings({"DISCORD_TOKEN": "x", "LOG_LEVEL": "loud"})
    with pytest.raises(ConfigError, match="COMPUTER_CALL_WAIT"):
        load_settings({"DISCORD_TOKEN": "x", "COMPUTER_CALL_WAIT": "soon"})


def test_the_hard_computers_settings_have_defaults_and_are_checked() -> None:
    settings = load_settings({"DISCORD_TOKEN": "x"})
    assert settings.computer_think_ms == 300.0 and settings.computer_workers >= 1
    tuned = load_settings({"DISCORD_TOKEN": "x", "COMPUTER_WORKERS": "0", "COMPUTER_THINK_MS": "50"})
    assert tuned.computer_workers == 0 and tuned.computer_think_ms == 50.0
    for name, bad in (("COMPUTER_WORKERS", "many"), ("COMPUTER_WORKERS", "-1"), ("COMPUTER_THINK_MS", "0"),
                      ("COMPUTER_THINK_MS", "soon")):
        with pytest.raises(ConfigError, match=name):
            load_settings({"DISCORD_TOKEN": "x", name: bad})


def test_database_url_chooses_postgresql_and_its_password_is_never_shown() -> None:
    assert load_settings({"DISCORD_TOKEN": "x"}).database_url is None  # SQLite at DATABASE_PATH, as before
    url = "postgresql://kadi:hunter2@db.example:5432/kadi"
    settings = load_settings({"DISCORD_TOKEN": "x", "DATABASE_URL": f" {url} "})
    assert settings.database_url == url
    assert "hunter2" not in repr(settings) and "kadi:***@db.example:5432" in repr(settings)
    with pytest.raises(ConfigError, match="DATABASE_URL must be a PostgreSQL address") as refused:
        load_settings({"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://kadi:hunter2@db/kadi"})
    assert "hunter2" not in str(refused.value) and str(refused.value).count(". ") == 0
