"""The bot under load: many concurrent tables played by scripted members through the
fake Discord, against a baseline measured in the same run.

The real bot runs in its own process (sandbox/bot_process.py) against the fake
Discord served from this process (sandbox/fake_discord), so the two share the
machine's two cores the way a bot and Discord would not share one. Each table is
a ``/<game> solo`` table: one scripted member against computer players, who pause
1.0–2.5 s before a move as in the bot (``--computer-delay`` changes it). The member
opens **My hand** once, then, each time the bot redraws it for their turn, thinks
about ``--think`` seconds and plays the first play the menu offers (or draws, picks
up, takes the skip, calls).

Printed: interactions per second, p50 / p99 / max time from INTERACTION_CREATE to
the bot's first callback, late interactions (over Discord's 3 s), and memory per
table (the bot's resident memory with every table open, less before any). The
baseline is ``/kadi rules`` — a command that touches no table — measured in the
same run under the same concurrency; the ratio says what table work costs.

``--images off`` turns the card pictures off (the solo tables' ``images:`` option, and each
member's ``/cards images show:off`` before play starts); ``on``, the bot's default, keeps
them: compare the two in the same session, interleaved, since the machine may be shared.

Within Discord's rate limits (issue 28): the fake enforces them (``--limits on``, the
default; ``off`` measures without them, e.g. to compare old code), and each run prints and
checks, for the whole life of the bot process, the fake's counters: responses 429 by scope,
invalid requests (Discord bans at 10,000 in 10 minutes), edits refused with 30046, and the
most bound requests in any 1-second window (goal ≤ 40, the bot's REST budget). The bot
process serves its Prometheus metrics (``METRICS_PORT``, a free port); they are scraped at
the start and the end of the measured window, and the difference gives the hand-message
delay (``kadi_hand_message_delay_seconds``: from a table's change to each seated member's
hand showing it; goal p99 ≤ 1 s at 1,000 tables) and the table-message staleness by class
(``kadi_table_message_staleness_seconds``; goals: unfollowed p99 ≤ 2 s, the others ≤ 60 s),
as quantiles read from the histograms' buckets ("p99 ≤ 1 s": the smallest bucket bound
holding 99% of the observations), and the most stale table message still waiting at the
end (``kadi_table_message_behind_seconds``), which the histogram cannot show yet. A
bot without those metrics (the code before issue 28) has these figures reported as not
measured. A staleness histogram holds only what an edit showed within the window: a
goal of 60 s needs ``--seconds`` well above 60 to be seen at all.

Usage: ``python bench/bot.py [--tables 200] [--seconds 30] [--think 2] [--games kadi,karata,donkey]
[--images on|off] [--level easy|normal|hard] [--limits on|off]``.

``--level normal,hard --repeat 5`` compares the computers' levels (issue 15): the same run
with each level in turn, interleaved, then each level's median p99 and its ratio to the
first level's. The bot process reads ``COMPUTER_WORKERS`` as the bot does
(``COMPUTER_WORKERS=1 python bench/bot.py --level normal,hard``: one worker process).

``--processes 2`` compares sharded processes against PostgreSQL instead: the same tables,
spread over guilds on 2 shards, played once by one process running both shards and once
by two processes running one shard each, both on a fresh database of a PostgreSQL server
the bench starts itself (sandbox/postgres_server.py, with ``fsync`` on as in production),
``--repeat`` times interleaved (1, 2, 1, 2, ...). Printed for each run: interactions per
second and p50/p99 after the members' ramp, the bots' CPU; then the throughput ratio of
two processes to one, and both p99s. Offered load: every member plays as fast as
``--think`` allows, so with enough tables one process is saturated and the ratio shows
what the second process adds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.registry import Level  # noqa: E402
from bot.shards import Shards  # noqa: E402
from bot.ui.components import MenuKind  # noqa: E402
from sandbox.bot_process import BotProcess  # noqa: E402
from sandbox.fake_discord import FakeDiscord, FakeDiscordError, FakeMember, FakeMessage, Limits  # noqa: E402
from sandbox.fake_discord.interactions import InteractionRecord  # noqa: E402
from sandbox.fake_discord.members import calls, kind_of, menus, move_buttons, my_turn  # noqa: E402

SOLO_OPPONENTS = {"kadi": 2, "karata": 2, "donkey": 3}
RAMP_SECONDS = 15.0
NOT_A_TABLE: Counter[str] = Counter()  # answers to /<game> solo that were not the new table, by first line
TABLES_PER_GUILD = 10  # with --processes: tables per server


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_cpu() -> tuple[float, float, float]:
    """The whole machine's CPU seconds so far: busy (all cores), idle, and stolen by the
    hypervisor (from /proc/stat), to tell the bench's load from the other work sharing it."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    tick = os.sysconf("SC_CLK_TCK")
    idle = fields[3] + fields[4]  # idle, iowait
    steal = fields[7] if len(fields) > 7 else 0
    busy = sum(fields[:8]) - idle - steal
    return busy / tick, idle / tick, steal / tick


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# ------------------------------------------------------------ issue 28's goals
BOUND_PER_SECOND_GOAL = 40  # the REST budget's default (DISCORD_REST_RATE)
HAND_DELAY_GOAL = 1.0  # seconds, p99, at 1,000 tables
STALENESS_GOALS = {"unfollowed": 2.0, "lobby": 60.0, "ended": 60.0, "playing": 60.0}  # seconds, p99
STALENESS_CLASSES = ("unfollowed", "lobby", "ended", "playing", "other")

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def scrape(port: int) -> Samples | None:
    """The bot's /metrics as {(sample name, sorted labels): value}; None when it serves none."""
    import aiohttp
    from prometheus_client.parser import text_string_to_metric_families

    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as session, \
                session.get(f"http://127.0.0.1:{port}/metrics") as response:
            if response.status != 200:
                return None
            text = await response.text()
    except (aiohttp.ClientError, OSError, TimeoutError):
        return None
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def since(before: Samples | None, after: Samples | None) -> Samples | None:
    """Counters and histograms over the window between two scrapes (gauges: ``after``'s)."""
    if after is None:
        return None
    return {key: value - (before or {}).get(key, 0.0) for key, value in after.items()}


def histogram(samples: Samples, name: str, **labels: str) -> tuple[list[tuple[float, float]], float, float]:
    """One histogram's cumulative buckets [(upper bound, count)], its count and its sum."""
    wanted = tuple(sorted(labels.items()))
    buckets = []
    for (sample, sample_labels), value in samples.items():
        if sample != f"{name}_bucket":
            continue
        rest = dict(sample_labels)
        bound = rest.pop("le")
        if tuple(sorted(rest.items())) == wanted:
            buckets.append((float(bound), value))
    buckets.sort()
    return buckets, samples.get((f"{name}_count", wanted), 0.0), samples.get((f"{name}_sum", wanted), 0.0)


def bucket_quantile(buckets: list[tuple[float, float]], fraction: float) -> float:
    """The smallest bucket bound at or under which ``fraction`` of the observations fall
    (inf: beyond the last finite bound; nan: no observation)."""
    total = buckets[-1][1] if buckets else 0.0
    if total <= 0:
        return math.nan
    for bound, count in buckets:
        if count >= fraction * total - 1e-9:
            return bound
    return math.inf


def at_most(bound: float, finite: list[tuple[float, float]]) -> str:
    """``bucket_quantile``'s answer in words: "≤ 1 s", "> 10 s", "–"."""
    if math.isnan(bound):
        return "–"
    if math.isinf(bound):
        last = max((b for b, _ in finite if not math.isinf(b)), default=math.inf)
        return f"> {last:g} s"
    return f"≤ {bound:g} s"


def met(ok: bool) -> str:
    return "met" if ok else "MISSED"


def over_the_goal(fake: FakeDiscord, window: float = 1.0,
                  goal: int = BOUND_PER_SECOND_GOAL) -> tuple[int, list[float]]:
    """The bound requests that were the (goal+1)th or later in the ``window`` seconds up to
    their arrival, and when each arrived (the fake's clock): where the goal was missed.
    (From the counters' arrival times, which the fake's Counters keeps for max_bound_in.)"""
    times = getattr(fake.counters, "_bound_times", ())
    over: list[float] = []
    start = 0
    for end, t in enumerate(times):
        while t - times[start] >= window:
            start += 1
        if end - start + 1 > goal:
            over.append(t)
    return len(over), over


def limits_report(fake: FakeDiscord, tables: int, window_start: float | None = None) -> dict[str, Any]:
    """The fake's counters over the bot's whole life, printed; returns them with ``ok``.
    ``window_start``: the measured window's start on the fake's clock (to say when the
    bound requests went over the goal)."""
    counters = fake.counters
    figures = counters.summary()
    too_many = {scope: counters.too_many(scope) for scope in ("global", "user", "shared")}
    unscoped = counters.too_many() - sum(too_many.values())
    old_refused = sum(1 for r in counters.refusals if r.code == 30046)
    routes = Counter(r.route for r in counters.refusals)
    ok = counters.too_many() == 0 and counters.invalid_requests == 0 and \
        figures["max_bound_per_second"] <= BOUND_PER_SECOND_GOAL
    print(f"Discord's limits ({'enforced' if fake.limits is not None else 'NOT enforced'} by the fake), the bot's "
          f"whole run: responses 429 {counters.too_many()} (global {too_many['global']}, user {too_many['user']}, "
          f"shared {too_many['shared']}{f', no scope {unscoped}' if unscoped else ''}; 30046 {old_refused}), "
          f"invalid requests {counters.invalid_requests} (ban: {10_000:,} in 10 min; "
          f"{counters.invalid_within(600)} in the last 10 min); bound requests {counters.bound_requests}, "
          f"most in any 1 s {figures['max_bound_per_second']} (goal ≤ {BOUND_PER_SECOND_GOAL}); unbound "
          f"{counters.unbound_requests}: goals 0 429s, 0 invalid, ≤ {BOUND_PER_SECOND_GOAL}/s: {met(ok)}")
    if routes:
        print("  429s by route:", ", ".join(f"{route} {n}" for route, n in routes.most_common(4)))
    if figures["max_bound_per_second"] > BOUND_PER_SECOND_GOAL:
        count, when = over_the_goal(fake)
        origin = window_start if window_start is not None else 0.0
        seconds = sorted({round(t - origin) for t in when})
        shown = ", ".join(f"{t:+d} s" for t in seconds[:12]) + (" ..." if len(seconds) > 12 else "")
        print(f"  bound requests over {BOUND_PER_SECOND_GOAL} in the 1 s up to their arrival: {count}, "
              f"in {len(seconds)} distinct seconds ({shown} from the measured window's start); most in any "
              f"1.05 s (the budget's own window): {counters.max_bound_in(1.05)}, in any 2 s: "
              f"{counters.max_bound_in(2.0)}")
    return {**figures, "too_many_total": counters.too_many(), "too_many_by_scope": too_many,
            "old_message_refused": old_refused, "limits_ok": ok}


def metrics_report(window: Samples | None, tables: int) -> dict[str, Any]:
    """The hand-message delay and the table-message staleness over the measured window,
    printed with their goals; returns the figures (empty when the bot serves no metrics)."""
    if window is None or not any(name.startswith("kadi_") for name, _ in window):
        print("hand-message delay, table-message staleness: not measured (the bot process serves no kadi_ metrics "
              "on METRICS_PORT: code before issue 28)")
        return {}
    figures: dict[str, Any] = {}
    at_scale = "" if tables == 1000 else " (this run is not at 1,000)"
    buckets, count, total = histogram(window, "kadi_hand_message_delay_seconds")
    p50, p99 = bucket_quantile(buckets, 0.5), bucket_quantile(buckets, 0.99)
    figures["hand"] = {"count": count, "p50": p50, "p99": p99, "mean": total / count if count else math.nan}
    print(f"hand messages: {count:.0f} shown a change, delay p50 {at_most(p50, buckets)}, p99 {at_most(p99, buckets)}, "
          f"mean {1000 * figures['hand']['mean']:.0f} ms; goal p99 ≤ {HAND_DELAY_GOAL:g} s at 1,000 tables: "
          f"{met(p99 <= HAND_DELAY_GOAL) if count else 'no observation'}{at_scale}")
    behind_now = {dict(labels).get("class", ""): value for (name, labels), value in window.items()
                  if name == "kadi_table_message_behind_seconds"}
    parts = []
    figures["staleness"] = {}
    for cls in STALENESS_CLASSES:
        buckets, count, total = histogram(window, "kadi_table_message_staleness_seconds", **{"class": cls})
        p50, p99 = bucket_quantile(buckets, 0.5), bucket_quantile(buckets, 0.99)
        figures["staleness"][cls] = {"count": count, "p50": p50, "p99": p99, "behind_now": behind_now.get(cls)}
        if not count and cls not in behind_now:
            continue
        goal = STALENESS_GOALS.get(cls)
        verdict = ""
        if goal is not None:
            ok = (not count or p99 <= goal) and behind_now.get(cls, 0.0) <= goal
            verdict = f", goal p99 ≤ {goal:g} s: {met(ok)}"
            figures["staleness"][cls]["ok"] = ok
        now = f", the most behind now {behind_now[cls]:.1f} s" if cls in behind_now else ""
        parts.append(f"{cls} {count:.0f} edits, p50 {at_most(p50, buckets)}, p99 {at_most(p99, buckets)}{now}{verdict}")
    print("table-message staleness (when an edit showed the table):" + ("\n  " + "\n  ".join(parts) if parts
                                                                         else " no edit observed"))
    limited = {labels: value for (name, labels), value in window.items()
               if name == "kadi_discord_rate_limited_total" and value}
    if limited:
        print("  the bot's own count of 429s:", ", ".join(
            f"{dict(labels)['scope']} {dict(labels)['route']} {value:.0f}" for labels, value in limited.items()))
    waits, count, total = histogram(window, "kadi_rest_budget_wait_seconds", route="channel_message_edit")
    if count:
        p50, p99 = bucket_quantile(waits, 0.5), bucket_quantile(waits, 0.99)
        print(f"  table edits' wait for the REST budget: {count:.0f}, p50 {at_most(p50, waits)}, "
              f"p99 {at_most(p99, waits)}, mean {1000 * total / count:.0f} ms")
    return figures


def summary(records: Sequence[InteractionRecord], seconds: float) -> dict[str, float]:
    latencies = [r.latency for r in records if r.latency is not None]
    return {
        "count": len(records),
        "per_second": len(records) / seconds if seconds else 0.0,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else 0.0,
        "p99_ms": 1000 * percentile(latencies, 0.99) if latencies else 0.0,
        "max_ms": 1000 * max(latencies) if latencies else 0.0,
        "late": sum(1 for r in records if r.late),
    }


async def act_from_hand(fake: FakeDiscord, member: FakeMember, hand: FakeMessage) -> bool:
    """Make one move from a hand message (a call first, else the first play offered, else
    the first move button); False when it offers none (not our turn)."""
    calling, plays, buttons = calls(hand), menus(hand, MenuKind.PLAYS), move_buttons(hand)
    if calling:
        await fake.click(member, hand, calling[0])
        return True
    if plays:
        value = plays[0].option_values[0]
        await fake.select(member, hand, value, plays[0])
        asks = menus(hand, MenuKind.ASKS) if value.startswith("ask ") else []
        if asks:
            await fake.select(member, hand, asks[0].option_values[0], asks[0])
        return True
    if buttons:
        await fake.click(member, hand, buttons[0])
        return True
    return False


async def settle(fake: FakeDiscord, quiet: float = 1.0) -> None:
    """Until the bot has sent nothing for ``quiet`` seconds."""
    count = -1
    while count != len(fake.messages):
        count = len(fake.messages)
        await asyncio.sleep(quiet)


async def play_tables(fake: FakeDiscord, member: FakeMember, game: str, deadline: float, think: float,
                      rng: random.Random, level: Level = Level.NORMAL, images: bool = True) -> int:
    """Solo tables one after another in the member's channel until the deadline.

    The member plays as a person would: opens **My hand** once, then waits for the
    bot to refresh that message when it is their turn, thinks, and plays from it.
    """
    channel = fake.default_channel(member)
    rounds = 0
    await asyncio.sleep(rng.uniform(0, RAMP_SECONDS))  # members arrive over 15 s, not all in one instant
    while time.monotonic() < deadline:
        try:
            opened = await fake.slash(member, f"{game} solo", channel=channel, timeout=30,
                                      options={"opponents": SOLO_OPPONENTS[game], "level": level, "images": images})
        except FakeDiscordError:  # unanswered: counted as late in the figures; try again
            continue
        table = opened.message
        if table is None or opened.ephemeral or opened.deferred:
            # Not the table itself: a private answer (most often "This channel already has a
            # table", when an earlier /solo of this member was answered after its timeout),
            # or a deferred one whose table message was posted in the channel. As a person
            # would, the member plays the table they find in the channel, if there is one.
            NOT_A_TABLE[(table.text().split("\n")[0][:60] if table is not None else "no message")] += 1
            table = next((m for m in reversed(fake.public_messages(channel)) if m.has_button("My hand")), None)
            if table is None:
                await asyncio.sleep(0.5)
                continue
        hand: FakeMessage | None = None
        while time.monotonic() < deadline and table.has_button("My hand"):
            if hand is None:
                answer = await fake.click(member, table, "My hand", timeout=30)
                hand = answer.message if answer.ephemeral else None
                if hand is None:
                    await asyncio.sleep(0.5)
                    continue
            with contextlib.suppress(TimeoutError):
                await fake.wait_for(lambda h=hand, t=table: my_turn(h) or not t.has_button("My hand"),
                                    channel=channel, timeout=10)
            if not table.has_button("My hand"):
                break
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            try:
                if not await act_from_hand(fake, member, hand):
                    hand = None  # nothing offered: open a fresh hand
            except Exception:
                hand = None  # the table moved on between looking and clicking: look again
        rounds += 0 if table.has_button("My hand") else 1
        if table.has_button("My hand"):
            # Members leave over RAMP_SECONDS, as they came: all at once, their thousand
            # "end" commands would be a burst no real server sees, felt by the last moves too.
            await asyncio.sleep(rng.uniform(0, RAMP_SECONDS))
            with contextlib.suppress(Exception):
                await fake.slash(member, f"{game} end", channel=channel, timeout=30)
    return rounds


async def run(tables: int, seconds: float, games: list[str], think: float, computer_delay: tuple[float, float],
              profile: str | None = None, level: Level = Level.NORMAL, images: bool = True,
              limits: bool = True) -> dict[str, Any]:
    """One run, printed; returns the tables' latency figures (``summary``), with the
    limits' and the metrics' figures under "limits" and "metrics"."""
    fake = FakeDiscord(limits=Limits() if limits else None)
    fake.keep_attachment_data = False  # thousands of pictures: the bench checks none of them
    await fake.start()
    guild = fake.add_guild("Bench", channels=())
    members = []
    for i in range(tables):
        fake.add_channel(guild, f"table-{i}")
        members.append(fake.add_member(guild, f"player{i}", display_name=f"Player {i}"))
    # One channel per member: add_member's default channel is the guild's first, so map explicitly.
    channels = guild.text_channels
    fake.default_channel = lambda m: channels[members.index(m)]  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, str(ROOT / "sandbox" / "bot_process.py"), str(fake.port),
                   str(Path(tmp) / "bench.sqlite3"), *map(str, computer_delay)]
        gc_report = Path(tmp) / "gc.json"
        os.environ["BENCH_GC_REPORT"] = str(gc_report)
        census_report = Path(tmp) / "census.json"
        os.environ["BENCH_CENSUS_REPORT"] = str(census_report)
        think_report = Path(tmp) / "think.json"
        os.environ["BENCH_THINK_REPORT"] = str(think_report)
        bot_report = Path(tmp) / "bot.json"
        os.environ["BENCH_BOT_REPORT"] = str(bot_report)
        metrics_port = free_port()
        os.environ["METRICS_PORT"] = str(metrics_port)  # the bot process serves its metrics there
        if profile:  # sample the bot process with py-spy (pip install py-spy) into a flame-graph file
            command = [str(Path(sys.executable).parent / "py-spy"), "record", "-r", "200", "-f", "raw",
                       "-o", profile, "--", *command]
        process = subprocess.Popen(command)
        try:
            await fake.wait_until_connected(timeout=60)
            await fake.wait_for(lambda: fake.all_commands(), timeout=60)
            await asyncio.sleep(0.5)
            idle_rss = rss_kib(process.pid)

            start = len(fake.interaction_log)
            began = time.monotonic()
            await asyncio.gather(*(fake.slash(m, "kadi rules", channel=channels[i], timeout=30)
                                   for i, m in enumerate(members)))
            baseline = summary(fake.interaction_log[start:], time.monotonic() - began)
            if not images:
                await asyncio.gather(*(fake.slash(m, "cards images", channel=channels[i], timeout=30,
                                                  options={"show": "off"}) for i, m in enumerate(members)))
            await settle(fake)  # the rules pages' follow-ups must not spill into the tables' figures

            metrics_before = await scrape(metrics_port)
            window_start = fake.clock.now()
            start = len(fake.interaction_log)
            began = time.monotonic()
            deadline = began + seconds
            peak_rss = idle_rss
            cpu_before, calls_before = cpu_seconds(process.pid), fake.route_counts.copy()
            uploads_before = fake.uploads
            fake_cpu_before = time.process_time()
            machine_before = machine_cpu()

            async def sample_memory() -> None:
                nonlocal peak_rss
                while time.monotonic() < deadline:
                    peak_rss = max(peak_rss, rss_kib(process.pid))
                    await asyncio.sleep(0.5)

            sampler = asyncio.create_task(sample_memory())
            rng = random.Random(1)
            playing_tables = asyncio.gather(*(play_tables(fake, m, games[i % len(games)], deadline, think, rng, level,
                                                          images)
                                              for i, m in enumerate(members)))
            # The figures are of the tables at play until the deadline; the members ending their
            # tables after it are reported on their own.
            await asyncio.sleep(max(0.0, deadline - time.monotonic()))
            elapsed = time.monotonic() - began
            cpu_used = cpu_seconds(process.pid) - cpu_before
            fake_cpu = time.process_time() - fake_cpu_before
            machine = [after - before for before, after in zip(machine_before, machine_cpu(), strict=True)]
            calls = fake.route_counts - calls_before
            uploads = fake.uploads - uploads_before
            uploaded_bytes = fake.uploaded_bytes_since(uploads_before)
            at_deadline = len(fake.interaction_log)
            metrics_window = since(metrics_before, await scrape(metrics_port))
            rounds = await playing_tables
            sampler.cancel()
            if not profile:  # (under py-spy, the process is py-spy's)
                process.send_signal(signal.SIGUSR1)  # the objects a full collection walks, every table open
            measured = fake.interaction_log[start:at_deadline]
            load: dict[str, Any] = dict(summary(measured, elapsed))
            teardown = summary(fake.interaction_log[at_deadline:], time.monotonic() - deadline)
            opening = [r for r in measured if r.name.endswith(" solo")]
            playing = [r for r in measured if not r.name.endswith(" solo")]
            kinds = {"opening tables": summary(opening, elapsed), "playing (hands, moves)": summary(playing, elapsed)}
            timed = [r for r in measured if r.latency is not None]
            timeline = []
            first = min((r.received_at for r in timed), default=0.0)
            for window in range(0, int(elapsed) + 5, 5):
                chunk = [r.latency or 0.0 for r in timed if window <= r.received_at - first < window + 5]
                if chunk:
                    timeline.append((window, 1000 * statistics.median(chunk), 1000 * percentile(chunk, 0.99),
                                     len(chunk)))
            slowest = [(kind_of(r.name), 1000 * (r.latency or 0.0))
                       for r in sorted(timed, key=lambda r: -(r.latency or 0))[:5]]
        finally:
            process.send_signal(signal.SIGINT if profile else signal.SIGTERM)
            process.wait(timeout=60)
            await fake.stop()
        pauses = json.loads(gc_report.read_text()) if gc_report.exists() else {}
        census = json.loads(census_report.read_text()) if census_report.exists() else {}
        thoughts = json.loads(think_report.read_text()) if think_report.exists() else {}
        bot_info = json.loads(bot_report.read_text()) if bot_report.exists() else {}

    print(f"tables: {tables} concurrent ({', '.join(games)}), {level} computers, card pictures "
          f"{'on' if images else 'off'}, {seconds:.0f} s, "
          f"members think ~{think:g} s, "
          f"computers {computer_delay[0]:g}–{computer_delay[1]:g} s, {sum(rounds)} rounds finished; "
          f"Discord's limits {'on' if limits else 'off'}")
    if bot_info:
        print(f"the bot process ran {bot_info['package']}, REST budget {bot_info['discord_rest_rate']:g}/s "
              f"(if its code has one), metrics on port {bot_info['metrics_port']}")
    print(f"baseline /kadi rules x{baseline['count']:.0f}: p50 {baseline['p50_ms']:.1f} ms, "
          f"p99 {baseline['p99_ms']:.1f} ms, max {baseline['max_ms']:.1f} ms")
    print(f"tables: {load['count']:.0f} interactions, {load['per_second']:.0f}/s, p50 {load['p50_ms']:.1f} ms, "
          f"p99 {load['p99_ms']:.1f} ms, max {load['max_ms']:.1f} ms, late (>3 s) {load['late']:.0f}")
    for kind, figures in kinds.items():
        print(f"  {kind}: {figures['count']:.0f}, p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms")
    if NOT_A_TABLE:
        print(f"  answers to /solo that were not a new table ({sum(NOT_A_TABLE.values())}; the member then plays the "
              f"channel's table): " + "; ".join(f"{text!r} {n}" for text, n in NOT_A_TABLE.most_common(3)))
        NOT_A_TABLE.clear()
    print(f"after the deadline, the unfinished tables ended (not counted above): "
          f"{teardown['count']:.0f} interactions, p50 {teardown['p50_ms']:.1f} ms, p99 {teardown['p99_ms']:.1f} ms, "
          f"late {teardown['late']:.0f}")
    ratio = load["p99_ms"] / baseline["p99_ms"] if baseline["p99_ms"] else float("nan")
    print(f"p99 ratio tables/baseline: {ratio:.2f}x; issue 13's target at 1,000 tables, p99 ≤ 100 ms: "
          f"{'met' if load['p99_ms'] <= 100 else 'missed'}{'' if tables == 1000 else ' (this run is not at 1,000)'}")
    print(f"late interactions (answered after Discord's 3 s, or not at all), the measured window: "
          f"{load['late']:.0f} (goal 0: {met(load['late'] == 0)}); after it: {teardown['late']:.0f}")
    load["limits"] = limits_report(fake, tables, window_start)
    load["metrics"] = metrics_report(metrics_window, tables)
    verdicts = [f"limits {met(load['limits']['limits_ok'])}", f"late {met(load['late'] == 0)}"]
    hand = load["metrics"].get("hand")
    if hand and hand["count"] and tables >= 1000:
        verdicts.append(f"hand p99 {met(hand['p99'] <= HAND_DELAY_GOAL)}")
    for cls, figures in load["metrics"].get("staleness", {}).items():
        if "ok" in figures and tables >= 1000:
            verdicts.append(f"{cls} staleness {met(figures['ok'])}")
    print(f"issue 28's goals{'' if tables >= 1000 else ' (hand and staleness: at 1,000 and 2,000 tables)'}: "
          + ", ".join(verdicts))
    if slowest:
        print("slowest:", ", ".join(f"{name} {ms:.0f} ms" for name, ms in slowest))
    print(f"memory: {idle_rss / 1024:.1f} MiB idle, {peak_rss / 1024:.1f} MiB peak, "
          f"{(peak_rss - idle_rss) / tables:.1f} KiB per table")
    interactions = max(load["count"], 1)
    print(f"bot CPU per interaction: {1000 * cpu_used / interactions:.2f} ms "
          f"({cpu_used:.1f} s over {elapsed:.0f} s, {100 * cpu_used / elapsed:.0f}% of one core; "
          f"the fake Discord and its members: {100 * fake_cpu / elapsed:.0f}%)")
    others = max(0.0, machine[0] - cpu_used - fake_cpu)
    load["others_percent"] = 100 * others / elapsed
    print(f"the machine over the window ({os.cpu_count()} cores): {100 * machine[0] / elapsed:.0f}% of one core busy, "
          f"of which other processes than the bot and this bench {100 * others / elapsed:.0f}%; "
          f"idle {100 * machine[1] / elapsed:.0f}%, stolen {100 * machine[2] / elapsed:.0f}% "
          f"(figures taken while others use the machine are noisy)")
    if thoughts.get("searched") or thoughts.get("refused"):  # the worker pool's counts (sandbox/bot_process.py)
        offered = thoughts["searched"] + thoughts["refused"]
        print(f"hard computers' decisions: {thoughts['searched']} searched in the worker pool, "
              f"{thoughts['refused']} normal moves for want of a free worker "
              f"({100 * thoughts['searched'] / offered:.0f}% searched)")
    print(f"pictures uploaded: {uploads / interactions:.2f} per interaction, "
          f"{uploaded_bytes / max(uploads, 1) / 1024:.1f} KiB each")
    print(f"Discord calls per interaction: {sum(calls.values()) / interactions:.2f} "
          f"({', '.join(f'{route} {count / interactions:.2f}' for route, count in calls.most_common(5))})")
    if timeline:
        print("over time (p50 / p99 ms, interactions):", "; ".join(
            f"{t:.0f}s {p50:.0f}/{p99:.0f} ({n})" for t, p50, p99, n in timeline))
    if pauses:
        print(f"garbage collection in the bot: longest pause {pauses['max_ms']:.0f} ms, "
              f"{pauses['full']} full collections, {pauses['total_ms']:.0f} ms in all "
              f"({pauses.get('cpu_ms', 0):.0f} ms of CPU), {pauses.get('collected', 0)} objects freed from cycles")
    if census:
        print(f"objects the collector tracks at the end: {census['tracked'] / tables:.0f} per table "
              f"({census['tracked']} in all, {census['frozen']} frozen at start-up not counted); most: "
              + ", ".join(f"{name} {count}" for name, count in census["types"]))
    return load


async def compare_levels(levels: list[Level], repeat: int, tables: int, **run_options: Any) -> None:
    """Issue 15's figure: the same tables with the computers at each level, run interleaved
    (normal, hard, normal, hard, ...), then each level's median p99 against the first's."""
    p99s: dict[Level, list[float]] = {level: [] for level in levels}
    for _ in range(repeat):
        for level in levels:
            p99s[level].append((await run(tables, level=level, **run_options))["p99_ms"])
            print()
    first = statistics.median(p99s[levels[0]])
    for level in levels:
        median = statistics.median(p99s[level])
        print(f"{level} computers: p99 {' / '.join(f'{p99:.1f}' for p99 in p99s[level])} ms, median {median:.1f} ms, "
              f"{median / first:.2f}x {levels[0]}'s (issue 15: hard at most 1.10x normal's)")


# ------------------------------------------------------------ sharded processes
async def measure_processes(server: Any, processes: int, shard_count: int, tables: int, seconds: float,
                            games: list[str], think: float, computer_delay: tuple[float, float],
                            workdir: Path, limits: bool = True) -> dict[str, float]:
    """One run: ``tables`` solo tables in guilds spread over ``shard_count`` shards, served by
    ``processes`` bot processes (each a contiguous range of the shards) on a fresh PostgreSQL
    database. Figures from the interactions received after the members' ramp."""
    fake = FakeDiscord(shard_count=shard_count, plain_gateway=True, limits=Limits() if limits else None)
    await fake.start()
    # A bot that needs shards is in many servers: TABLES_PER_GUILD tables each, the servers
    # alternating between shards (one server of 1,000 tables would serialise its rounds'
    # standings on its one advisory lock, a load no sharded bot sees).
    count = max(shard_count, -(-tables // TABLES_PER_GUILD))
    guilds = [fake.add_guild(f"Server {g}", channels=(), shard=g % shard_count) for g in range(count)]
    members: list[FakeMember] = []
    channels = []
    for i in range(tables):
        guild = guilds[i % count]
        channels.append(fake.add_channel(guild, f"table-{i}"))
        members.append(fake.add_member(guild, f"player{i}", display_name=f"Player {i}"))
    place = {m.id: c for m, c in zip(members, channels, strict=True)}
    fake.default_channel = lambda m: place[m.id]  # type: ignore[method-assign]
    url = server.new_database()
    workdir.mkdir(parents=True, exist_ok=True)
    per_process = [list(range(shard_count))[k::processes] for k in range(processes)]
    bots = [BotProcess(fake.port, url, Shards(shard_count, tuple(ids)), computer_delay,
                       log=workdir / f"bot-{processes}-{k}.log") for k, ids in enumerate(per_process)]
    try:
        for bot in bots:
            await bot.start()
        await fake.wait_until_connected(timeout=120, shards=set(range(shard_count)))
        await fake.wait_for(lambda: fake.all_commands(), timeout=60)
        began = time.monotonic()
        steady = began + RAMP_SECONDS
        deadline = began + seconds
        start = len(fake.interaction_log)
        rng = random.Random(1)
        cpu: dict[str, list[float]] = {}  # the bots' CPU seconds (each), then the fake's, at ramp end and deadline

        async def sample_cpu() -> None:
            """CPU over the counted window only (the ramp and the members' last tables are quieter)."""
            for moment, name in ((steady, "from"), (deadline, "to")):
                await asyncio.sleep(max(0.0, moment - time.monotonic()))
                cpu[name] = [*(cpu_seconds(b.pid) for b in bots), time.process_time()]

        sampler = asyncio.create_task(sample_cpu())
        rounds = await asyncio.gather(*(play_tables(fake, m, games[i % len(games)], deadline, think, rng)
                                        for i, m in enumerate(members)))
        await sampler
        window = deadline - steady
        used = [after - before for before, after in zip(cpu["from"], cpu["to"], strict=True)]
        loop_offset = asyncio.get_running_loop().time() - time.monotonic()
        counted = [r for r in fake.interaction_log[start:]
                   if steady + loop_offset <= r.received_at < deadline + loop_offset]
        figures = summary(counted, window)
        figures["cpu_percent"] = 100 * sum(used[:-1]) / window
        figures["busiest_percent"] = 100 * max(used[:-1]) / window
        figures["fake_cpu_percent"] = 100 * used[-1] / window
        figures["load"] = os.getloadavg()[0]  # other work on the machine: the figures mean little above ~2
        figures["rounds"] = sum(rounds)
        return figures
    finally:
        for bot in bots:
            await bot.stop()
        await fake.stop()
        with contextlib.suppress(Exception):
            server.drop_database(url)


async def compare_processes(processes: int, tables: int, seconds: float, games: list[str], think: float,
                            computer_delay: tuple[float, float], repeat: int, fsync: bool = True,
                            limits: bool = True) -> None:
    from sandbox.postgres_server import PostgresServer

    server = PostgresServer.start()
    try:
        # The test server skips fsync (fast tests); a benchmark measures commits that wait
        # for the disk, as in production (--no-fsync: as the tests do).
        if fsync:
            server.sql("ALTER SYSTEM SET fsync = on")
            server.sql("ALTER SYSTEM SET full_page_writes = on")
            server.sql("SELECT pg_reload_conf()")
        runs: dict[int, list[dict[str, float]]] = {1: [], processes: []}
        logs = Path(tempfile.mkdtemp(prefix="kadi-bench-"))
        print(f"the bots' logs: {logs}", flush=True)
        for n in range(repeat):
            for count in (1, processes):
                figures = await measure_processes(server, count, processes, tables, seconds, games, think,
                                                  computer_delay, logs / f"run-{n + 1}", limits)
                runs[count].append(figures)
                print(f"run {n + 1}, {count} process{'es' if count > 1 else ''}: "
                      f"{figures['per_second']:.0f} interactions/s, p50 {figures['p50_ms']:.1f} ms, "
                      f"p99 {figures['p99_ms']:.1f} ms, max {figures['max_ms']:.0f} ms, "
                      f"late {figures['late']:.0f}; CPU, % of one core: the bots {figures['cpu_percent']:.0f} "
                      f"(the busiest {figures['busiest_percent']:.0f}), the fake Discord and its members "
                      f"{figures['fake_cpu_percent']:.0f}; "
                      f"load average {figures['load']:.1f}, "
                      f"{figures['rounds']:.0f} rounds", flush=True)
    finally:
        server.stop()
    one, many = runs[1], runs[processes]
    throughput = [m["per_second"] / o["per_second"] for o, m in zip(one, many, strict=True) if o["per_second"]]
    print(f"{tables} tables ({', '.join(games)}) in servers of {TABLES_PER_GUILD}, members think ~{think:g} s, "
          f"computers {computer_delay[0]:g}–{computer_delay[1]:g} s, {seconds:.0f} s per run "
          f"({RAMP_SECONDS:.0f} s ramp not counted), PostgreSQL {'with' if fsync else 'without'} fsync, "
          f"{repeat} interleaved pairs")
    ratios = ", ".join(f"{r:.2f}x" for r in throughput)
    p99_one = ", ".join(f"{o['p99_ms']:.0f}" for o in one)
    p99_many = ", ".join(f"{m['p99_ms']:.0f}" for m in many)
    print(f"throughput {processes} processes / 1: {ratios} (median {statistics.median(throughput):.2f}x); "
          f"p99 1 process {p99_one} ms, {processes} processes {p99_many} ms")
    # Past saturation, members click hands the bot has not yet redrawn and are refused
    # (quickly): interactions/s then counts refusals too, while rounds finished count the
    # play the bots got through.
    finished = [m["rounds"] / o["rounds"] for o, m in zip(one, many, strict=True) if o["rounds"]]
    if finished:
        print(f"rounds finished {processes} processes / 1: {', '.join(f'{r:.2f}x' for r in finished)} "
              f"(median {statistics.median(finished):.2f}x)")


def main() -> None:
    # The fake Discord keeps every version of every message; its collector's long pauses
    # would be measured as the bot's latency. This process is short-lived: no collection.
    gc.disable()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--games", default="kadi,karata,donkey")
    parser.add_argument("--think", type=float, default=1.0,
                        help="a member's mean pause before each move, in seconds (0: as fast as possible)")
    parser.add_argument("--computer-delay", type=float, nargs=2, default=(1.0, 2.5), metavar=("LOW", "HIGH"),
                        help="a computer player's pause before its move, in seconds (the bot's default 1.0 2.5)")
    parser.add_argument("--profile", help="write a py-spy profile of the bot process to this file")
    parser.add_argument("--level", default=str(Level.NORMAL),
                        help="the computers' level: easy, normal or hard (hard ones think in the bot's worker "
                             "processes); several, comma-separated (normal,hard), compares them in interleaved runs")
    parser.add_argument("--images", default="on", choices=("on", "off"),
                        help="card pictures on the table and hand messages (the bot's default: on)")
    parser.add_argument("--processes", type=int, default=1,
                        help="2 or more: compare that many sharded processes against one, on PostgreSQL")
    parser.add_argument("--repeat", type=int, default=2,
                        help="with --processes or several levels: interleaved runs of each")
    parser.add_argument("--no-fsync", action="store_true",
                        help="with --processes: PostgreSQL without fsync (commits do not wait for the disk)")
    parser.add_argument("--limits", default="on", choices=("on", "off"),
                        help="the fake Discord enforces Discord's rate limits (default on; off: none, "
                             "to compare with measurements taken without them)")
    args = parser.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    named = [level.strip() for level in args.level.split(",") if level.strip()]
    if not named or not set(named) <= set(Level):
        parser.error(f"--level takes {', '.join(Level)}, or several of them comma-separated")
    levels = [Level(level) for level in named]
    if args.processes > 1:
        asyncio.run(compare_processes(args.processes, args.tables, args.seconds, games, args.think,
                                      tuple(args.computer_delay), args.repeat, not args.no_fsync,
                                      args.limits == "on"))
        return
    if len(levels) > 1:
        asyncio.run(compare_levels(levels, args.repeat, args.tables, seconds=args.seconds, games=games,
                                   think=args.think, computer_delay=tuple(args.computer_delay),
                                   images=args.images == "on", limits=args.limits == "on"))
        return
    asyncio.run(run(args.tables, args.seconds, games, args.think, tuple(args.computer_delay), args.profile,
                    levels[0], args.images == "on", args.limits == "on"))


if __name__ == "__main__":
    main()
