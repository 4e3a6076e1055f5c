"""The Bot: opens storage, builds the table runtime, loads the cogs, registers the
persistent buttons, brings back saved tables and syncs the slash commands."""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from bot.config import Settings
from bot.logs import configure_logging
from bot.memory import MemoryReturner, tune_garbage_collector
from bot.metrics import metrics_for
from bot.registry import extensions, game_uis
from bot.rest_budget import RestBudget, budgeted_http
from bot.storage import StorageUnavailable, open_storage
from bot.storage.base import Storage
from bot.tables.runtime import TableRuntime, Timing
from bot.ui.cards import warm as warm_card_tiles
from bot.ui.components import DYNAMIC_ITEMS
from bot.ui.controller import Controller
from bot.ui.presenter import DiscordPresenter, Pace, TableKeeper
from bot.ui.text.game import GameUI
from bot.ui.validation import CheckedCommandTree

log = logging.getLogger(__name__)


class KadiBot(commands.Bot):
    """The bot on one gateway connection (no SHARD_COUNT), as for any bot under 2,500 servers;
    ``ShardedKadiBot`` is the same bot on several shards. ``make_bot`` picks one."""

    storage: Storage
    runtime: TableRuntime
    presenter: DiscordPresenter
    controller: Controller

    def __init__(self, settings: Settings, *, timing: Timing | None = None,
                 uis: Mapping[str, GameUI] | None = None, coalesce: float | None = None,
                 tune_memory: bool = False, watch_load: bool = True, storage: Storage | None = None,
                 clock: Callable[[], float] = time.time, **options: Any) -> None:
        """``storage``: already opened (``run`` opens it before reaching Discord); by default
        the bot opens the one the settings name when it starts, and closes it either way.
        ``tune_memory``: look after memory as a long-running process does once started
        (bot/memory.py: ``run`` and the benchmarks; tests, which start many bots in one
        process, do not).
        ``watch_load``: watch for overload (bot/ui/load.py), which pauses the card pictures;
        the e2e tests turn it off, so a busy test machine cannot pause what they check.
        ``clock``: the wall clock a message's age is read by (a test moves it with the fake's).
        ``options`` go to discord.py's client (``ShardedKadiBot`` passes the shards)."""
        # The bot never joins a voice channel: discord.py's two warnings that voice is not
        # supported would only be two misleading lines at every start.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # No privileged intents: slash commands and buttons need no message content.
        intents = discord.Intents.none()
        intents.guilds = True
        # Metrics (METRICS_PORT): the REST calls are counted through the aiohttp trace that
        # discord.py opens its one session with, interaction answers included.
        self.metrics = metrics_for(settings.metrics_port)
        if self.metrics.trace is not None:
            options["http_trace"] = self.metrics.trace
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=CheckedCommandTree, **options)
        # Calls on Discord's rate-limited routes wait their turn (DISCORD_REST_RATE a second),
        # so the bot spends a budget instead of meeting Discord's 429s (bot/rest_budget.py).
        self.rest_budget = RestBudget(settings.discord_rest_rate)
        budgeted_http(self, self.rest_budget)
        self.settings = settings
        self.timing = timing or Timing(call_wait=settings.computer_call_wait, think_ms=settings.computer_think_ms,
                                      workers=settings.computer_workers)
        self.uis = dict(uis) if uis is not None else game_uis()
        self.coalesce = coalesce
        self.tune_memory = tune_memory
        self.memory = MemoryReturner()
        self.watch_load = watch_load
        self.clock = clock
        if storage is not None:
            self.storage = storage  # closed by close(), even when the bot never logs in

    async def setup_hook(self) -> None:
        if not hasattr(self, "storage"):
            self.storage = await open_storage(self.settings)
        warm_card_tiles()  # the tiles and palette once, here, not in the first player's answer
        pace = Pace(coalesce=self.coalesce, table_interval=self.coalesce) if self.coalesce is not None else Pace()

        def present(keeper: TableKeeper) -> DiscordPresenter:
            # The presenter saves what Discord did to a table (its message posted again, its
            # channel deleted) through the runtime, so the runtime builds it, passing itself.
            self.presenter = DiscordPresenter(self, self.uis, keeper, self.storage, pace, watch_load=self.watch_load,
                                              budget=self.rest_budget, metrics=self.metrics, clock=self.clock)
            return self.presenter

        self.runtime = TableRuntime(self.storage, present, self.timing, shards=self.settings.shards)
        self.controller = Controller(self.runtime, self.presenter, self.uis)
        if self.settings.metrics_port is not None:
            await self.metrics.start("0.0.0.0", self.settings.metrics_port)
            self.metrics.watch_tables(lambda: Counter(t.status for t in self.runtime.tables.values()))
            self.metrics.watch_overload(lambda: self.presenter.load.busy)
            self.metrics.watch_budget(lambda: self.rest_budget.queued, rate=lambda: self.rest_budget.rate)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in extensions():
            try:
                await self.load_extension(extension)
            except commands.ExtensionError:
                log.exception("extension %s failed to load; the rest of the bot runs on", extension)
        restored = await self.runtime.restore()
        served = f" ({self.settings.shards.describe()})" if self.settings.shards else ""
        log.info("restored %d table(s)%s", restored, served)
        self.presenter.redraw_restored([self.runtime.tables[table_id] for table_id in self.runtime.restored])
        await self.sync_commands()
        if self.tune_memory:
            tune_garbage_collector()
            self.memory.start()

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d slash command group(s)", len(synced))

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.metrics.interaction_received(interaction)

    async def close(self) -> None:
        await self.memory.close()
        if hasattr(self, "runtime"):
            await self.runtime.close()
        if hasattr(self, "presenter"):
            await self.presenter.close()
        if hasattr(self, "storage"):
            await self.storage.close()
        await self.metrics.close()
        await super().close()
        self.rest_budget.close()


class ShardedKadiBot(KadiBot, commands.AutoShardedBot):
    """The bot running ``settings.shards`` (SHARD_COUNT, SHARD_IDS) with discord.py's
    ``AutoShardedBot``: one gateway connection per shard in this process. It restores,
    schedules and answers only the tables of those shards' guilds (``TableRuntime``,
    ``bot/shards.py``); other processes run the other shards on the same PostgreSQL database."""

    def __init__(self, settings: Settings, **kwargs: Any) -> None:
        shards = settings.shards
        assert shards is not None
        super().__init__(settings, shard_count=shards.count, shard_ids=list(shards.launched), **kwargs)


def make_bot(settings: Settings, **kwargs: Any) -> KadiBot:
    """The bot these settings ask for: sharded with SHARD_COUNT, else exactly as ever."""
    if settings.shards is None:
        return KadiBot(settings, **kwargs)
    return ShardedKadiBot(settings, **kwargs)


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (it is on Linux and macOS; about a fifth
    less CPU per Discord call here), else asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def run(settings: Settings) -> int:
    """Run until stopped; 2, with one sentence and no traceback, for what stops the bot
    starting: a token Discord refuses, a Discord it cannot reach, a database it cannot open."""
    configure_logging(settings.log_level, settings.library_log_level)

    async def serve() -> None:
        # The database first: what this machine alone can tell (a bad DATABASE_PATH, a
        # PostgreSQL server that is not running) is said without waiting on the network.
        storage = await open_storage(settings)
        async with make_bot(settings, tune_memory=True, storage=storage) as bot:
            await bot.start(settings.token)

    try:
        with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
            runner.run(serve())
    except KeyboardInterrupt:
        return 0
    except discord.LoginFailure:
        return _cannot_start("Discord refused DISCORD_TOKEN: copy a fresh token from the Bot tab of your application "
                             "at https://discord.com/developers/applications into .env.")
    except StorageUnavailable as err:
        return _cannot_start(str(err))
    except discord.PrivilegedIntentsRequired:
        return _cannot_start("Discord asked for a privileged intent the bot does not use; please report this.")
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, discord.DiscordServerError, TimeoutError) as err:
        # Before the first login (no route, no DNS, a firewall, Discord down). Once logged
        # in, discord.py reconnects by itself; this is only the start.
        return _cannot_start(unreachable_discord(err))
    return 0


def unreachable_discord(err: BaseException) -> str:
    """The one sentence for a Discord the bot cannot reach at start-up."""
    why = " ".join(str(err).split()) or type(err).__name__
    return (f"Could not reach Discord ({why}): check this machine's internet connection, DNS and firewall "
            "(https://discordstatus.com says whether Discord is down), then run `make run` again.")


def _cannot_start(sentence: str) -> int:
    print(sentence, file=sys.stderr)
    return 2
