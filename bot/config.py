"""Settings from the environment (and .env), with one clear sentence for each bad value."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bot.ai.pool import default_workers
from bot.ai.search import THINK_MS
from bot.shards import Shards

TOKEN_HELP = (
    "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications "
    "(Bot tab, Reset Token), then put DISCORD_TOKEN=<your token> in a .env file "
    "(copy .env.example) and run `make run` again."
)

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(ValueError):
    """A missing or malformed setting; the message is one sentence for the operator."""


@dataclass(frozen=True)
class Settings:
    token: str
    dev_guild_id: int | None = None
    database_path: Path = Path("data/kadi.sqlite3")
    database_url: str | None = None  # postgresql://...: PostgreSQL instead of the SQLite file
    log_level: str = "INFO"
    library_log_level: str = "INFO"  # discord.py, aiosqlite...: DEBUG shows hands and tokens
    computer_call_wait: float = 5.0  # seconds a computer waits so a human can still call
    computer_workers: int = field(default_factory=default_workers)  # hard computers' processes
    computer_think_ms: float = THINK_MS  # a hard computer's search budget per decision
    shards: Shards | None = None  # SHARD_COUNT / SHARD_IDS; None: one unsharded connection, as always

    def __repr__(self) -> str:  # never print the token
        return (
            f"Settings(token=<hidden>, dev_guild_id={self.dev_guild_id}, "
            f"database_path={str(self.database_path)!r}, database_url={hide_password(self.database_url)!r}, "
            f"log_level={self.log_level!r}, shards={self.shards})"
        )


def hide_password(url: str | None) -> str | None:
    """A database URL fit for a log line: its password, if any, replaced by ``***``."""
    if url is None:
        return None
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def _database_url(env: Mapping[str, str]) -> str | None:
    raw = env.get("DATABASE_URL", "").strip()
    if not raw:
        return None
    if urlsplit(raw).scheme not in ("postgresql", "postgres"):
        raise ConfigError(
            f"DATABASE_URL must be a PostgreSQL address such as postgresql://kadi:secret@localhost:5432/kadi, "
            f"not {hide_password(raw)!r} (leave it empty to keep SQLite at DATABASE_PATH).")
    return raw


def _optional_int(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{name} must be a number (a Discord server id such as 123456789012345678), not {raw!r}.")
    return int(raw)


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, not {raw!r}.") from None
    if value < 0:
        raise ConfigError(f"{name} must not be negative, not {raw!r}.")
    return value


def computer_workers(env: Mapping[str, str]) -> int:
    """COMPUTER_WORKERS: the hard computers' worker processes (default: one a core)."""
    raw = env.get("COMPUTER_WORKERS", "").strip()
    if not raw:
        return default_workers()
    if not raw.isdigit() or int(raw) > 256:
        raise ConfigError(f"COMPUTER_WORKERS must be a whole number of processes from 0 to 256, not {raw!r}.")
    return int(raw)


def _think_ms(env: Mapping[str, str]) -> float:
    raw = env.get("COMPUTER_THINK_MS", "").strip()
    if not raw:
        return THINK_MS
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"COMPUTER_THINK_MS must be a number of milliseconds, not {raw!r}.") from None
    if not 1 <= value <= 10_000:
        raise ConfigError(f"COMPUTER_THINK_MS must be from 1 to 10000 milliseconds, not {raw!r}.")
    return value


MAX_SHARDS = 65_536  # far beyond any bot's need; a typo such as 2000000 is refused


def _shards(env: Mapping[str, str]) -> Shards | None:
    """SHARD_COUNT (and optionally SHARD_IDS, this process's share of them), or None."""
    raw_count = env.get("SHARD_COUNT", "").strip()
    raw_ids = env.get("SHARD_IDS", "").strip()
    if not raw_count:
        if raw_ids:
            raise ConfigError(f"SHARD_IDS ({raw_ids!r}) needs SHARD_COUNT too: set SHARD_COUNT to the number "
                              "of shards all the bot's processes run together.")
        return None
    if not raw_count.isdigit() or not 1 <= int(raw_count) <= MAX_SHARDS:
        raise ConfigError(f"SHARD_COUNT must be a whole number of shards from 1 to {MAX_SHARDS}, not {raw_count!r}.")
    count = int(raw_count)
    if not raw_ids:
        return Shards(count)
    parts = [part.strip() for part in raw_ids.split(",")]
    if not all(part.isdigit() for part in parts):
        raise ConfigError(f"SHARD_IDS must be shard numbers separated by commas (such as 0,1), not {raw_ids!r}.")
    ids = tuple(int(part) for part in parts)
    outside = [i for i in ids if i >= count]
    if outside:
        raise ConfigError(f"SHARD_IDS names shard {outside[0]}, but with SHARD_COUNT={count} the shards are "
                          f"numbered 0 to {count - 1}.")
    if len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS names a shard twice ({raw_ids!r}).")
    return Shards(count, ids)


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Settings from ``env`` (default: the process environment)."""
    env = os.environ if env is None else env
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(TOKEN_HELP)
    level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
    library_level = env.get("LIBRARY_LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if library_level not in LOG_LEVELS:
        raise ConfigError(f"LIBRARY_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {library_level!r}.")
    database = env.get("DATABASE_PATH", "").strip() or "data/kadi.sqlite3"
    database_url = _database_url(env)
    shards = _shards(env)
    if shards is not None and not shards.all_here and database_url is None:
        # Other processes serve the other shards, and a SQLite file has one writer: each
        # process would keep its own standings (or fight over one file). Refused outright.
        raise ConfigError("SHARD_IDS leaves shards to other processes, which cannot share a SQLite file: set "
                          "DATABASE_URL to a PostgreSQL database (see docs/deploy.md, Sharded processes).")
    return Settings(
        token=token,
        dev_guild_id=_optional_int(env, "DEV_GUILD_ID"),
        database_path=Path(database),
        database_url=database_url,
        log_level=level,
        library_log_level=library_level,
        computer_call_wait=_float(env, "COMPUTER_CALL_WAIT", 5.0),
        computer_workers=computer_workers(env),
        computer_think_ms=_think_ms(env),
        shards=shards,
    )
