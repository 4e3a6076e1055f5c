"""Settings from the environment (and .env), with one clear sentence for each bad value.

Every value is read as a whole: a number is ASCII digits and nothing else (``"²".isdigit()``
is true, ``int("²")`` fails), finite, and within bounds a running bot can live with. Every
bad value is reported, all together, one sentence (one line) each, so an operator fixes
``.env`` once rather than once per mistake. No sentence, and no ``repr``, shows a secret:
the token never, a database password (in the address or its query string) as ``***``.
"""

from __future__ import annotations

import ipaddress
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.ai.pool import default_workers
from bot.ai.search import THINK_MS
from bot.shards import Shards

TOKEN_HELP = (
    "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications "
    "(Bot tab, Reset Token), then put DISCORD_TOKEN=<your token> in a .env file "
    "(copy .env.example) and run `make run` again."
)

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_LEVEL_ALIASES = {"WARN": "WARNING", "FATAL": "CRITICAL"}  # the other names Python's logging knows

MAX_SHARDS = 65_536  # far beyond any bot's need; a typo such as 2000000 is refused
MAX_WORKERS = 256
MAX_CALL_WAIT = 60.0  # seconds; a computer waiting longer than a turn clock's minute stalls the table
MAX_SNOWFLAKE = 2**63 - 1  # Discord ids are 64-bit, and never 0
DEFAULT_CALL_WAIT = 5.0
DEFAULT_REST_RATE = 40.0  # bound REST calls a second: Discord allows a bot token 50 (bot/rest_budget.py)
MAX_REST_RATE = 1200  # the most Discord grants a bot that asks (its "large bot" limit)
MAX_PORT = 65_535
SANDBOX_SWITCH = ("", "on", "off")  # SANDBOX: empty or on, the sandbox without a token; off, the old refusal

_WHOLE = re.compile(r"[0-9]+")  # ASCII digits only: str.isdigit() also takes "²" and "٣"
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")  # float() also takes "٣", "1_0", "1e3" and "inf"
_SECRET_QUERY_KEYS = ("password", "sslpassword")  # asyncpg reads both from a DSN's query string


class ConfigError(ValueError):
    """Missing or malformed settings; the message is one sentence (one line) per bad value."""


@dataclass(frozen=True)
class Settings:
    token: str
    dev_guild_id: int | None = None
    database_path: Path = Path("data/kadi.sqlite3")
    database_url: str | None = None  # postgresql://...: PostgreSQL instead of the SQLite file
    log_level: str = "INFO"
    library_log_level: str = "INFO"  # discord.py, aiosqlite...: DEBUG shows hands and tokens
    computer_call_wait: float = DEFAULT_CALL_WAIT  # seconds a computer waits so a human can still call
    computer_workers: int = field(default_factory=default_workers)  # hard computers' processes
    computer_think_ms: float = THINK_MS  # a hard computer's search budget per decision
    shards: Shards | None = None  # SHARD_COUNT / SHARD_IDS; None: one unsharded connection, as always
    discord_rest_rate: float = DEFAULT_REST_RATE  # DISCORD_REST_RATE: bound REST calls a second, this process
    metrics_port: int | None = None  # METRICS_PORT: serve Prometheus metrics there; None: no metrics
    # Without a token, `python -m bot` plays in the sandbox (sandbox/, docs/sandbox.md): its page
    # is served at SANDBOX_HOST (loopback by default) on SANDBOX_PORT (None: 8765, or a free port).
    sandbox_host: str = "127.0.0.1"
    sandbox_port: int | None = None

    @property
    def sandbox(self) -> bool:
        """No token: the bot plays in the sandbox rather than on Discord."""
        return not self.token

    def __repr__(self) -> str:
        # Every field, read from the dataclass so a new one is never left out; never the
        # token, nor a database password.
        return f"Settings({', '.join(f'{f.name}={_shown(f.name, getattr(self, f.name))}' for f in fields(self))})"


def _shown(name: str, value: object) -> str:
    """One setting as ``Settings.__repr__`` writes it."""
    if name == "token":
        return "<hidden>"
    if name == "database_url":
        return repr(hide_password(value if isinstance(value, str) else None))
    if isinstance(value, Path):
        return repr(str(value))
    if isinstance(value, float):
        return f"{value:g}"
    return repr(value) if isinstance(value, str) else str(value)


def hide_password(url: str | None) -> str | None:
    """A database URL fit for a log line: any password in it (``user:password@`` or a
    ``password=`` in the query string) replaced by ``***``. A URL too malformed to read
    is not shown at all, since where its password starts cannot be told."""
    if url is None:
        return None
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - reading it checks it, as asyncpg will
    except ValueError:
        return "<a database address that cannot be read>"
    netloc = parts.netloc
    userinfo, at, host = netloc.rpartition("@")
    if at and ":" in userinfo:
        netloc = f"{userinfo.partition(':')[0]}:***@{host}"
    query = parts.query
    pairs = parse_qsl(query, keep_blank_values=True)
    if any(key.lower() in _SECRET_QUERY_KEYS for key, _ in pairs):
        query = urlencode([(key, "***" if key.lower() in _SECRET_QUERY_KEYS else value) for key, value in pairs],
                          safe="*")
    return urlunsplit(parts._replace(netloc=netloc, query=query))


def _whole(raw: str) -> int | None:
    """``raw`` as a whole number when it is ASCII digits and nothing else, else None."""
    return int(raw) if _WHOLE.fullmatch(raw) else None


def _database_url(env: Mapping[str, str]) -> str | None:
    raw = env.get("DATABASE_URL", "").strip()
    if not raw:
        return None
    example = "postgresql://kadi:secret@localhost:5432/kadi"
    try:
        parts = urlsplit(raw)
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError as err:
        raise ConfigError(f"DATABASE_URL cannot be read as an address ({err}): write it as {example}.") from None
    if parts.scheme not in ("postgresql", "postgres"):
        raise ConfigError(
            f"DATABASE_URL must be a PostgreSQL address such as {example}, "
            f"not {hide_password(raw)!r} (leave it empty to keep SQLite at DATABASE_PATH).")
    return raw


def _dev_guild_id(env: Mapping[str, str]) -> int | None:
    raw = env.get("DEV_GUILD_ID", "").strip()
    if not raw:
        return None
    value = _whole(raw)
    if value is None or not 1 <= value <= MAX_SNOWFLAKE:
        # 0 would read as "no guild" and sync the commands globally, which DEV_GUILD_ID is there to avoid.
        raise ConfigError(f"DEV_GUILD_ID must be a Discord server id such as 123456789012345678 "
                          f"(or empty to sync the commands globally), not {raw!r}.")
    return value


def _call_wait(env: Mapping[str, str]) -> float:
    raw = env.get("COMPUTER_CALL_WAIT", "").strip()
    if not raw:
        return DEFAULT_CALL_WAIT
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_CALL_WAIT:  # false for nan too
        raise ConfigError(f"COMPUTER_CALL_WAIT must be a number of seconds from 0 to {MAX_CALL_WAIT:g}, "
                          f"not {raw!r}.")
    return value


def computer_workers(env: Mapping[str, str]) -> int:
    """COMPUTER_WORKERS: the hard computers' worker processes (default: one a core)."""
    raw = env.get("COMPUTER_WORKERS", "").strip()
    if not raw:
        return default_workers()
    value = _whole(raw)
    if value is None or value > MAX_WORKERS:
        raise ConfigError(f"COMPUTER_WORKERS must be a whole number of processes from 0 to {MAX_WORKERS}, "
                          f"not {raw!r}.")
    return value


def _think_ms(env: Mapping[str, str]) -> float:
    raw = env.get("COMPUTER_THINK_MS", "").strip()
    if not raw:
        return THINK_MS
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not 1 <= value <= 10_000:  # false for nan too
        raise ConfigError(f"COMPUTER_THINK_MS must be a number of milliseconds from 1 to 10000, not {raw!r}.")
    return value


def _decimal(raw: str) -> float | None:
    """``raw`` as a number when it is ASCII digits with at most one decimal point, else None."""
    return float(raw) if _DECIMAL.fullmatch(raw) else None


def _rest_rate(env: Mapping[str, str]) -> float:
    """DISCORD_REST_RATE: this process's budget of bound REST calls a second."""
    raw = env.get("DISCORD_REST_RATE", "").strip()
    if not raw:
        return DEFAULT_REST_RATE
    value = _decimal(raw)
    if value is None or not 1 <= value <= MAX_REST_RATE:
        raise ConfigError(f"DISCORD_REST_RATE must be a number of requests per second from 1 to {MAX_REST_RATE} "
                          f"(Discord allows 50 per bot token, over all its processes), not {raw!r}.")
    return value


def _metrics_port(env: Mapping[str, str]) -> int | None:
    """METRICS_PORT: the port Prometheus metrics are served on, or None (no metrics)."""
    raw = env.get("METRICS_PORT", "").strip()
    if not raw:
        return None
    value = _whole(raw)
    if value is None or not 1 <= value <= MAX_PORT:
        raise ConfigError(f"METRICS_PORT must be a port number from 1 to {MAX_PORT} (or empty for no metrics), "
                          f"not {raw!r}.")
    return value


def _sandbox_host(env: Mapping[str, str]) -> str:
    """SANDBOX_HOST: the address the sandbox's page listens on (loopback unless asked)."""
    raw = env.get("SANDBOX_HOST", "").strip()
    if not raw:
        return "127.0.0.1"
    if raw == "localhost":
        return raw
    try:
        return str(ipaddress.ip_address(raw.strip("[]")))
    except ValueError:
        raise ConfigError(f"SANDBOX_HOST must be an IP address of this machine, such as 127.0.0.1 (the default: "
                          f"this machine only) or 0.0.0.0 (every network it is on), not {raw!r}.") from None


def _sandbox_port(env: Mapping[str, str]) -> int | None:
    """SANDBOX_PORT: the sandbox page's port; None: 8765, or a free one if that is taken."""
    raw = env.get("SANDBOX_PORT", "").strip()
    if not raw:
        return None
    value = _whole(raw)
    if value is None or value > MAX_PORT:
        raise ConfigError(f"SANDBOX_PORT must be a port number from 1 to {MAX_PORT} (0: any free port; empty: "
                          f"8765 or the next free one), not {raw!r}.")
    return value


def _sandbox_wanted(env: Mapping[str, str]) -> bool:
    """SANDBOX: off makes a missing token the refusal it was before the sandbox (a host
    whose token went missing must not quietly serve a sandbox instead)."""
    raw = env.get("SANDBOX", "").strip()
    if raw.lower() not in SANDBOX_SWITCH:
        raise ConfigError(f"SANDBOX must be on or off (on, the default: without DISCORD_TOKEN the bot plays in "
                          f"the sandbox), not {raw!r}.")
    return raw.lower() != "off"


def _shards(env: Mapping[str, str]) -> Shards | None:
    """SHARD_COUNT (and optionally SHARD_IDS, this process's share of them), or None."""
    raw_count = env.get("SHARD_COUNT", "").strip()
    raw_ids = env.get("SHARD_IDS", "").strip()
    if not raw_count:
        if raw_ids:
            raise ConfigError(f"SHARD_IDS ({raw_ids!r}) needs SHARD_COUNT too: set SHARD_COUNT to the number "
                              "of shards all the bot's processes run together.")
        return None
    count = _whole(raw_count)
    if count is None or not 1 <= count <= MAX_SHARDS:
        raise ConfigError(f"SHARD_COUNT must be a whole number of shards from 1 to {MAX_SHARDS}, not {raw_count!r}.")
    if not raw_ids:
        return Shards(count)
    parsed = [_whole(part.strip()) for part in raw_ids.split(",")]
    ids = tuple(i for i in parsed if i is not None)
    if len(ids) != len(parsed):
        raise ConfigError(f"SHARD_IDS must be shard numbers separated by commas (such as 0,1), not {raw_ids!r}.")
    outside = [i for i in ids if i >= count]
    if outside:
        raise ConfigError(f"SHARD_IDS names shard {outside[0]}, but with SHARD_COUNT={count} the shards are "
                          f"numbered 0 to {count - 1}.")
    if len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS names a shard twice ({raw_ids!r}).")
    return Shards(count, ids)


def _log_level(env: Mapping[str, str], name: str) -> str:
    raw = env.get(name, "").strip()
    level = raw.upper() or "INFO"
    level = LOG_LEVEL_ALIASES.get(level, level)
    if level not in LOG_LEVELS:
        raise ConfigError(f"{name} must be one of {', '.join(LOG_LEVELS)}, not {raw!r}.")
    return level


_T = TypeVar("_T")


class _Problems:
    """The sentences of every bad value met so far, so all are reported together."""

    def __init__(self) -> None:
        self.sentences: list[str] = []

    def read(self, parse: Callable[[Mapping[str, str]], _T], env: Mapping[str, str], fallback: _T) -> _T:
        try:
            return parse(env)
        except ConfigError as err:
            self.sentences.append(str(err))
            return fallback


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Settings from ``env`` (default: the process environment); ``ConfigError`` names
    every bad value, one line each."""
    env = os.environ if env is None else env
    problems = _Problems()
    token = env.get("DISCORD_TOKEN", "").strip()
    sandbox_wanted = problems.read(_sandbox_wanted, env, True)
    if not token and not sandbox_wanted:
        problems.sentences.append(TOKEN_HELP)
    log_level = problems.read(lambda e: _log_level(e, "LOG_LEVEL"), env, "INFO")
    library_level = problems.read(lambda e: _log_level(e, "LIBRARY_LOG_LEVEL"), env, "INFO")
    dev_guild_id = problems.read(_dev_guild_id, env, None)
    database_url = problems.read(_database_url, env, None)
    call_wait = problems.read(_call_wait, env, DEFAULT_CALL_WAIT)
    workers = problems.read(computer_workers, env, 0)
    think_ms = problems.read(_think_ms, env, THINK_MS)
    shards = problems.read(_shards, env, None)
    rest_rate = problems.read(_rest_rate, env, DEFAULT_REST_RATE)
    metrics_port = problems.read(_metrics_port, env, None)
    sandbox_host = problems.read(_sandbox_host, env, "127.0.0.1")
    sandbox_port = problems.read(_sandbox_port, env, None)
    url_given = bool(env.get("DATABASE_URL", "").strip())
    if shards is not None and not shards.all_here and not url_given:
        # Other processes serve the other shards, and a SQLite file has one writer: each
        # process would keep its own standings (or fight over one file). Refused outright.
        problems.sentences.append(
            "SHARD_IDS leaves shards to other processes, which cannot share a SQLite file: set "
            "DATABASE_URL to a PostgreSQL database (see docs/deploy.md, Sharded processes).")
    if problems.sentences:
        raise ConfigError("\n".join(problems.sentences))
    database = env.get("DATABASE_PATH", "").strip() or "data/kadi.sqlite3"
    return Settings(
        token=token,
        dev_guild_id=dev_guild_id,
        database_path=Path(database),
        database_url=database_url,
        log_level=log_level,
        library_log_level=library_level,
        computer_call_wait=call_wait,
        computer_workers=workers,
        computer_think_ms=think_ms,
        shards=shards,
        discord_rest_rate=rest_rate,
        metrics_port=metrics_port,
        sandbox_host=sandbox_host,
        sandbox_port=sandbox_port,
    )
