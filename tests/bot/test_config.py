"""`python -m bot` with a malformed setting (or without a token, the sandbox switched off)
says so in one sentence. Without a token it plays in the sandbox: tests/sandbox/."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings
from bot.shards import Shards

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DISCORD_TOKEN", "DEV_GUILD_ID", "LOG_LEVEL", "SANDBOX", "SANDBOX_HOST", "SANDBOX_PORT")}
    clean["PYTHONPATH"] = str(ROOT)
    # Run from an empty folder so no developer's .env is read.
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env={**clean, **env},
                          capture_output=True, text=True, timeout=60)


def test_no_token_with_the_sandbox_off_prints_how_to_get_one_and_exits_2(tmp_path: Path) -> None:
    done = run_bot(tmp_path, {"SANDBOX": "off"})
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    message = done.stderr.strip()
    assert message.startswith("DISCORD_TOKEN is not set") and "discord.com/developers" in message
    assert message.count("\n") == 0


def test_a_malformed_guild_id_is_named(tmp_path: Path) -> None:
    done = run_bot(tmp_path, {"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "my-server"})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "DEV_GUILD_ID must be a Discord server id" in done.stderr


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


def test_without_shard_settings_the_bot_is_not_sharded() -> None:
    assert load_settings({"DISCORD_TOKEN": "x"}).shards is None


def test_shard_settings_parse() -> None:
    every = load_settings({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4"}).shards
    assert every == Shards(4) and every.launched == (0, 1, 2, 3) and every.all_here
    some = load_settings({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": " 2, 3",
                          "DATABASE_URL": "postgresql://kadi@db/kadi"}).shards
    assert some == Shards(4, (2, 3)) and not some.all_here
    # Every shard named in one process needs no shared database.
    assert load_settings({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "1,0"}).shards == Shards(2, (1, 0))


@pytest.mark.parametrize(("env", "sentence"), [
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of shards from 1 to 65536, not '0'."),
    ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number of shards from 1 to 65536, not 'two'."),
    ({"SHARD_IDS": "0"}, "SHARD_IDS ('0') needs SHARD_COUNT too: set SHARD_COUNT to the number of shards "
                         "all the bot's processes run together."),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "SHARD_IDS names shard 2, but with SHARD_COUNT=2 the shards "
                                               "are numbered 0 to 1."),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "SHARD_IDS must be shard numbers separated by commas (such as 0,1), "
                                               "not '0;1'."),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "-1"}, "SHARD_IDS must be shard numbers separated by commas (such as 0,1), "
                                              "not '-1'."),
    ({"SHARD_COUNT": "3", "SHARD_IDS": "1,1", "DATABASE_URL": "postgresql://db/kadi"},
     "SHARD_IDS names a shard twice ('1,1')."),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0"}, "SHARD_IDS leaves shards to other processes, which cannot share a "
                                             "SQLite file: set DATABASE_URL to a PostgreSQL database (see "
                                             "docs/deploy.md, Sharded processes)."),
])
def test_bad_shard_settings_are_refused_in_one_sentence(env: dict[str, str], sentence: str) -> None:
    with pytest.raises(ConfigError) as refused:
        load_settings({"DISCORD_TOKEN": "x", **env})
    assert str(refused.value) == sentence


def test_a_shard_of_several_processes_on_sqlite_refuses_to_start(tmp_path: Path) -> None:
    done = run_bot(tmp_path, {"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "1", "DATABASE_URL": ""})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().startswith("SHARD_IDS leaves shards to other processes")


def test_database_url_chooses_postgresql_and_its_password_is_never_shown() -> None:
    assert load_settings({"DISCORD_TOKEN": "x"}).database_url is None  # SQLite at DATABASE_PATH, as before
    url = "postgresql://kadi:hunter2@db.example:5432/kadi"
    settings = load_settings({"DISCORD_TOKEN": "x", "DATABASE_URL": f" {url} "})
    assert settings.database_url == url
    assert "hunter2" not in repr(settings) and "kadi:***@db.example:5432" in repr(settings)
    with pytest.raises(ConfigError, match="DATABASE_URL must be a PostgreSQL address") as refused:
        load_settings({"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://kadi:hunter2@db/kadi"})
    assert "hunter2" not in str(refused.value) and str(refused.value).count(". ") == 0


# Issue 26, defect 6: every value is read as a whole, finite and bounded, and every bad
# value is named at once, one line each.
@pytest.mark.parametrize(("name", "value"), [
    ("SHARD_COUNT", "²"), ("COMPUTER_WORKERS", "²"), ("DEV_GUILD_ID", "²"), ("DEV_GUILD_ID", "٣"),
    ("DEV_GUILD_ID", "0"), ("DEV_GUILD_ID", str(2**64)), ("COMPUTER_CALL_WAIT", "nan"),
    ("COMPUTER_CALL_WAIT", "inf"), ("COMPUTER_CALL_WAIT", "1e9"), ("COMPUTER_CALL_WAIT", "-1"),
    ("COMPUTER_THINK_MS", "nan"), ("COMPUTER_THINK_MS", "inf"), ("DATABASE_URL", "postgresql://kadi@[::1/kadi"),
    ("DATABASE_URL", "postgresql://kadi@db:port/kadi"),
    ("DISCORD_REST_RATE", "nan"), ("DISCORD_REST_RATE", "inf"), ("DISCORD_REST_RATE", "٤٠"),
    ("DISCORD_REST_RATE", "1e3"), ("DISCORD_REST_RATE", "4_0"), ("METRICS_PORT", "²"), ("METRICS_PORT", "0"),
])
def test_an_odd_value_is_refused_in_one_sentence_that_names_it(name: str, value: str) -> None:
    with pytest.raises(ConfigError) as refused:
        load_settings({"DISCORD_TOKEN": "x", name: value})
    sentence = str(refused.value)
    assert sentence.startswith(name) and sentence.endswith(".") and "\n" not in sentence


def test_a_superscript_shard_id_is_refused_in_one_sentence() -> None:
    with pytest.raises(ConfigError, match=r"^SHARD_IDS must be shard numbers"):
        load_settings({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": "0,²",
                       "DATABASE_URL": "postgresql://db/kadi"})


def test_odd_values_at_start_up_give_one_line_each_and_no_traceback(tmp_path: Path) -> None:
    done = run_bot(tmp_path, {"DISCORD_TOKEN": "x", "SHARD_COUNT": "²", "COMPUTER_WORKERS": "²",
                              "DEV_GUILD_ID": "0", "COMPUTER_CALL_WAIT": "inf", "DATABASE_URL": "postgresql://[::1"})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert [line.split(" ")[0] for line in lines] == [
        "DEV_GUILD_ID", "DATABASE_URL", "COMPUTER_CALL_WAIT", "COMPUTER_WORKERS", "SHARD_COUNT"]


def test_warn_and_fatal_are_log_levels_as_in_python_logging() -> None:
    assert load_settings({"DISCORD_TOKEN": "x", "LOG_LEVEL": "warn"}).log_level == "WARNING"
    assert load_settings({"DISCORD_TOKEN": "x", "LIBRARY_LOG_LEVEL": "Fatal"}).library_log_level == "CRITICAL"


def test_the_call_wait_keeps_its_bounds_inclusive() -> None:
    assert load_settings({"DISCORD_TOKEN": "x", "COMPUTER_CALL_WAIT": "0"}).computer_call_wait == 0
    assert load_settings({"DISCORD_TOKEN": "x", "COMPUTER_CALL_WAIT": "60"}).computer_call_wait == 60


# Issue 26, defect 7: a password in the address's query string is hidden too.
@pytest.mark.parametrize("url", [
    "postgresql://kadi@db.example/kadi?password=hunter2",
    "postgresql://kadi@db.example/kadi?sslmode=require&PASSWORD=hunter2",
    "postgresql://kadi:hunter2@db.example/kadi?sslpassword=hunter2",
    "postgresql:///kadi?host=/run/postgresql&password=hunter2",
])
def test_a_password_in_the_query_string_is_never_shown(url: str) -> None:
    settings = load_settings({"DISCORD_TOKEN": "x", "DATABASE_URL": url})
    assert settings.database_url == url
    assert "hunter2" not in repr(settings) and "hunter2" not in str(settings)
    assert "***" in repr(settings)


def test_an_unreadable_database_address_is_never_printed() -> None:
    from bot.config import hide_password

    assert "hunter2" not in (hide_password("postgresql://kadi:hunter2@[::1/kadi") or "")
    with pytest.raises(ConfigError) as refused:
        load_settings({"DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://kadi:hunter2@[::1/kadi"})
    assert "hunter2" not in str(refused.value)


# Issue 28: the REST budget's rate and the metrics' port.
def test_the_rest_budget_and_the_metrics_port_have_defaults() -> None:
    settings = load_settings({"DISCORD_TOKEN": "x"})
    assert settings.discord_rest_rate == 40.0 and settings.metrics_port is None
    assert "discord_rest_rate=40" in repr(settings) and "metrics_port=None" in repr(settings)
    blank = load_settings({"DISCORD_TOKEN": "x", "DISCORD_REST_RATE": " ", "METRICS_PORT": " "})
    assert blank.discord_rest_rate == 40.0 and blank.metrics_port is None  # empty: the default, no metrics


@pytest.mark.parametrize(("raw", "rate"), [("1", 1.0), ("20", 20.0), (" 13.5 ", 13.5), ("13.", 13.0),
                                           ("1200", 1200.0)])
def test_the_rest_rate_parses_within_its_bounds(raw: str, rate: float) -> None:
    assert load_settings({"DISCORD_TOKEN": "x", "DISCORD_REST_RATE": raw}).discord_rest_rate == rate


@pytest.mark.parametrize(("raw", "port"), [("1", 1), ("9100", 9100), (" 65535 ", 65535)])
def test_the_metrics_port_parses_within_its_bounds(raw: str, port: int) -> None:
    settings = load_settings({"DISCORD_TOKEN": "x", "METRICS_PORT": raw})
    assert settings.metrics_port == port and f"metrics_port={port}" in repr(settings)


@pytest.mark.parametrize(("env", "sentence"), [
    ({"DISCORD_REST_RATE": "0"}, "DISCORD_REST_RATE must be a number of requests per second from 1 to 1200 "
                                 "(Discord allows 50 per bot token, over all its processes), not '0'."),
    ({"DISCORD_REST_RATE": "0.5"}, "DISCORD_REST_RATE must be a number of requests per second from 1 to 1200 "
                                   "(Discord allows 50 per bot token, over all its processes), not '0.5'."),
    ({"DISCORD_REST_RATE": "1200.5"}, "DISCORD_REST_RATE must be a number of requests per second from 1 to 1200 "
                                      "(Discord allows 50 per bot token, over all its processes), not '1200.5'."),
    ({"DISCORD_REST_RATE": "-40"}, "DISCORD_REST_RATE must be a number of requests per second from 1 to 1200 "
                                   "(Discord allows 50 per bot token, over all its processes), not '-40'."),
    ({"DISCORD_REST_RATE": "fast"}, "DISCORD_REST_RATE must be a number of requests per second from 1 to 1200 "
                                    "(Discord allows 50 per bot token, over all its processes), not 'fast'."),
    ({"METRICS_PORT": "65536"}, "METRICS_PORT must be a port number from 1 to 65535 (or empty for no metrics), "
                                "not '65536'."),
    ({"METRICS_PORT": "-1"}, "METRICS_PORT must be a port number from 1 to 65535 (or empty for no metrics), "
                             "not '-1'."),
    ({"METRICS_PORT": "http"}, "METRICS_PORT must be a port number from 1 to 65535 (or empty for no metrics), "
                               "not 'http'."),
    ({"METRICS_PORT": "9100.0"}, "METRICS_PORT must be a port number from 1 to 65535 (or empty for no metrics), "
                                 "not '9100.0'."),
])
def test_a_bad_rest_rate_or_metrics_port_is_refused_in_one_sentence(env: dict[str, str], sentence: str) -> None:
    with pytest.raises(ConfigError) as refused:
        load_settings({"DISCORD_TOKEN": "x", **env})
    assert str(refused.value) == sentence


def test_a_bad_rest_rate_and_metrics_port_are_named_with_the_other_bad_values() -> None:
    with pytest.raises(ConfigError) as refused:
        load_settings({"DISCORD_TOKEN": "x", "COMPUTER_CALL_WAIT": "soon", "DISCORD_REST_RATE": "0",
                       "METRICS_PORT": "0"})
    assert [line.split(" ")[0] for line in str(refused.value).splitlines()] == [
        "COMPUTER_CALL_WAIT", "DISCORD_REST_RATE", "METRICS_PORT"]


def test_the_repr_names_every_setting_and_hides_the_secrets() -> None:
    """Issue 31: the repr is made from the fields, so a new setting is never left out of it."""
    import dataclasses

    settings = load_settings({"DISCORD_TOKEN": "secret-token", "DATABASE_URL": "postgresql://kadi:hunter2@db/kadi"})
    shown = repr(settings)
    for f in dataclasses.fields(settings):
        assert f"{f.name}=" in shown, f.name
    assert "secret-token" not in shown and "hunter2" not in shown and "token=<hidden>" in shown
