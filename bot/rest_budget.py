"""The REST budget: the bot spends a budget of Discord calls instead of meeting its limits
(issue 28, item 2; docs/deploy.md, The REST budget).

Discord lets a bot token make 50 requests a second on every route but two kinds, which
are exempt: interaction callbacks (``POST /interactions/{id}/{token}/callback``) and
interaction webhooks (``/webhooks/{application_id}/{token}/...``: followups, the original
response). discord.py only reacts after a 429; this module makes the calls on the
*bound* routes wait their turn before they go out, so that no more than ``rate`` of them
reach Discord in any window of a second (``DISCORD_REST_RATE``, default 40), counted over this
process (every shard of an ``AutoShardedBot`` shares one ``HTTPClient``, so one budget).

How it hooks into discord.py: through the ``aiohttp.TraceConfig`` that discord.py hands
to the one ``aiohttp.ClientSession`` it opens at login (``Client(http_trace=...)``, kept
in ``client.http.http_trace``). aiohttp awaits a trace's ``on_request_start`` before it
sends each request, so the budget's gate there holds each *attempt*: discord.py's own
retries after a 429 or a 5xx are budgeted too, which a wrapper around
``HTTPClient.request`` (one call, up to five attempts) would miss. The same session
carries the interaction answers (``Interaction._session`` is the client's session, and
``discord.webhook.async_`` sends callbacks, followups and ``edit_original_response``
through it), so the gate tells the routes apart by path: exempt ones never wait. The
gateway's websocket handshake and CDN downloads are not API calls and pass untouched.

Priorities: a call takes the priority of the context it is made in (``rest_priority``),
``URGENT`` by default (a person is waiting: a new table message, a channel send); the
presenter makes its refreshes of public table messages under ``SOON`` or ``BACKGROUND``.
A higher priority is always served first, in arrival order within a priority.

Exactness: Discord counts a call when it arrives, which is some time after it starts
here (the bot's loop, the network, Discord's own front) and before its answer comes back.
So a call holds its slot from its start until a ``window`` after its answer (or its
failure): a new call starts only while fewer than ``capacity`` calls are in flight or
answered within the last ``window``. Then any two calls ``capacity`` apart arrive at
least a window apart, however late either arrives, and no window of Discord's holds more
than ``capacity`` of them. (A budget counting starts alone, even with a guard added to
the window, let a loaded loop's jitter put 41 calls into a second: CI, 2026-12-02.) The
price is the round trip: at 40 a second and 100 ms to Discord and back, about 36 a
second at full load. On top, calls are paced ``window / capacity`` apart (``burst`` at
once after a pause; 1 by default), so they do not go out in clumps.

A wait in the gate is inside aiohttp's request, after its total timeout has started
(discord.py keeps aiohttp's default, 5 minutes): a call that waited nearly that long has
only the rest of it left for Discord's answer. The presenter keeps its queue far shorter
than that (``affordable``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from enum import IntEnum
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
from discord.http import Route
from yarl import URL

from bot.config import DEFAULT_REST_RATE

log = logging.getLogger(__name__)

BURST = 1  # calls that may start at once after a pause: none, they go out evenly paced
MAX_HOLD = 60.0  # seconds: the longest a global 429's retry_after holds the budget
SCOPES = ("global", "user", "shared", "unknown")  # X-RateLimit-Scope; unknown: a 429 that names none

# A path relative to the API's base (or a Route's template): exempt from the global limit.
_EXEMPT = re.compile(r"/interactions/[^/]+/[^/]+/callback/?|/webhooks/[^/]+/[^/]+(?:/.*)?")
_API_PREFIX = re.compile(r"/api(?:/v\d+)?(?=/)")
_CTX = "kadi_budget_api"  # the attribute the gate leaves on aiohttp's per-request trace context
_SLOT = "kadi_budget_slot"  # ...and the one saying the request holds a slot until its answer


class Priority(IntEnum):
    """Who waits for a bound call; lower is served first."""

    URGENT = 0  # a person is waiting: a new table message, a channel send, a command's own call
    SOON = 1  # a public message someone follows: a lobby, a table whose player has no hand message
    BACKGROUND = 2  # refreshes of the public table messages


_PRIORITY: ContextVar[Priority] = ContextVar("kadi_rest_priority", default=Priority.URGENT)


@contextlib.contextmanager
def rest_priority(priority: Priority) -> Iterator[None]:
    """The bound calls made inside (``with rest_priority(Priority.BACKGROUND): await
    message.edit(...)``), and in tasks started inside, wait at ``priority``."""
    token = _PRIORITY.set(priority)
    try:
        yield
    finally:
        _PRIORITY.reset(token)


def current_priority() -> Priority:
    return _PRIORITY.get()


def is_bound_path(path: str) -> bool:
    """Whether a call on ``path`` (relative to the API's base, ``/channels/1/messages``,
    or a Route's template) counts against the global limit: every route but interaction
    callbacks and webhooks called with their token (an interaction's followups and
    original response; a webhook's token call carries no bot token)."""
    return _EXEMPT.fullmatch(path) is None


def is_bound(route: Route) -> bool:
    """Whether a discord.py ``Route`` counts against the global limit (``is_bound_path``
    of its template: ``/interactions/{webhook_id}/{webhook_token}/callback`` is exempt)."""
    return is_bound_path(route.path)


def api_path(url: URL) -> str | None:
    """The path of a Discord API call relative to the API's base (``/channels/1/messages``),
    or None for anything else (the gateway's websocket, the CDN). The base is
    ``discord.http.Route.BASE`` as it is now (tests and benches point it at a fake)."""
    if url.scheme in ("ws", "wss"):
        return None
    path = url.raw_path
    base = URL(Route.BASE).raw_path.rstrip("/")
    if base and path.startswith(base + "/"):
        return path[len(base):]
    prefix = _API_PREFIX.match(path)
    return path[prefix.end():] if prefix else None


class BudgetClosed(aiohttp.ClientConnectionError):
    """The budget was closed (the bot is shutting down): the call was not made. An
    ``aiohttp.ClientConnectionError``, as a call on a closed client would raise."""


class RestBudget:
    """Calls on bound routes: at most ``capacity`` (``floor(rate × window)``) in flight or
    answered within the last ``window`` seconds, paced ``window / capacity`` apart after a
    burst.

    ``await take(priority)`` waits for a slot, and ``finished()`` says the call that took it
    has its answer (or failed): the trace's gate does both for every bound attempt
    discord.py makes; call them directly only for a request made some other way.
    ``clock`` is for tests of what needs no waiting (``try_take``, ``affordable``): the
    waits themselves sleep on the event loop, in real time."""

    def __init__(self, rate: float = DEFAULT_REST_RATE, *, window: float = 1.0,
                 burst: int = BURST, clock: Callable[[], float] = time.monotonic) -> None:
        if not (math.isfinite(rate) and math.isfinite(window) and window > 0 and rate * window >= 1):
            raise ValueError(f"a REST budget needs at least one call per window, not {rate}/s over {window} s")
        self.rate = float(rate)
        self.window = float(window)
        self.capacity = max(1, math.floor(self.rate * self.window + 1e-9))
        self.burst = min(max(1, burst), self.capacity)
        self._interval = self.window / self.capacity  # the pace
        self._tau = (self.burst - 1) * self._interval  # how far ahead of the pace a call may start
        self._clock = clock
        self._in_flight = 0  # calls started and not answered yet
        self._frees: deque[float] = deque()  # when each answered call's slot frees (answer + window), oldest first
        self._tat = -math.inf  # the pace's next start ("theoretical arrival time")
        self._held_until = -math.inf  # a global 429's retry_after
        self._queues: dict[Priority, deque[tuple[asyncio.Future[float], float]]] = {p: deque() for p in Priority}
        self._queued: dict[Priority, int] = dict.fromkeys(Priority, 0)  # live waiters (cancelled ones skipped)
        self._waiting = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.Handle | None = None
        self._closed = False
        self._traces: list[aiohttp.TraceConfig] = []
        # What metrics read:
        self.granted = 0  # bound calls let through (each attempt)
        self.waited = 0  # of which had to queue
        self.wait_seconds = 0.0  # their waits, in total
        self.rate_limited: Counter[str] = Counter()  # responses 429, by scope (SCOPES)
        self.invalid = 0  # 401, 403, and 429 but of scope shared: what Discord counts towards a ban
        self.on_wait: Callable[[float, str, str], None] | None = None  # (seconds, method, api path), each bound call

    def __repr__(self) -> str:
        return (f"RestBudget({self.capacity} per {self.window:g} s, in flight={self._in_flight}, "
                f"queued={self._waiting}, granted={self.granted}, 429s={dict(self.rate_limited)})")

    # ------------------------------------------------------------------ reading it
    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def queued(self) -> int:
        """Calls waiting now, all priorities."""
        return self._waiting

    @property
    def in_flight(self) -> int:
        """Calls started and not answered yet."""
        return self._in_flight

    def queued_at(self, priority: Priority) -> int:
        return self._queued[priority]

    def affordable(self, within: float = 1.0) -> int:
        """How many more calls could start in the next ``within`` seconds, after the ones
        already waiting: what the presenter may schedule without holding anyone up. An
        estimate that takes every call, in flight or to come, to be answered at once."""
        if self._closed:
            return 0
        now = self._clock()
        horizon = now + within
        # When each slot frees, ascending: the answered calls', then the ones in flight (as if answered now).
        frees = [t for t in self._frees if t > now] + [now + self.window] * self._in_flight
        tat = self._tat
        at = max(now, self._held_until)
        count = 0
        most = self._waiting + self.capacity * (math.ceil(within / self.window) + 1)
        while count < most:
            at = max(at, tat - self._tau)
            if len(frees) >= self.capacity:
                at = max(at, frees[-self.capacity])  # then at most capacity - 1 slots are still held
            if at >= horizon:
                break
            frees.append(at + self.window)
            tat = _paced(tat, at, self._interval)
            count += 1
        return max(0, count - self._waiting)

    # ------------------------------------------------------------------ spending it
    def try_take(self) -> bool:
        """Take a slot if one is free now and nobody is waiting; never waits. The caller
        says ``finished()`` when the call has its answer."""
        if self._closed or self._waiting:
            return False
        now = self._clock()
        if self._next_start(now) > now:
            return False
        self._grant(now)
        return True

    async def take(self, priority: Priority | None = None) -> float:
        """Wait until a bound call may start (at ``priority``, default the context's:
        ``rest_priority``); return the seconds waited. The caller says ``finished()`` when
        the call has its answer. ``BudgetClosed`` once closed."""
        if self._closed:
            raise BudgetClosed("the REST budget is closed")
        priority = current_priority() if priority is None else Priority(priority)
        now = self._clock()
        if not self._waiting and self._next_start(now) <= now:
            self._grant(now)
            return 0.0
        loop = self._loop = asyncio.get_running_loop()
        future: asyncio.Future[float] = loop.create_future()
        self._queues[priority].append((future, now))
        self._queued[priority] += 1
        self._waiting += 1
        self._arm(now)
        try:
            started = await future
        except asyncio.CancelledError:
            if not future.done() or future.cancelled():  # still in the queue: skipped when its turn comes
                self._queued[priority] -= 1
                self._waiting -= 1
            elif future.exception() is None:  # its slot came as it was cancelled: give it back
                self._refund()
            raise
        return started - now

    def finished(self) -> None:
        """A call that took a slot has its answer, or failed: its slot frees a window from now
        (Discord counted it at the latest now)."""
        if self._in_flight <= 0:
            raise RuntimeError("the REST budget was told of an answer to a call it did not let start")
        now = self._clock()
        self._in_flight -= 1
        self._frees.append(now + self.window)
        if self._waiting and self._timer is None:  # the queue may have been waiting for this answer
            self._arm(now)

    def hold(self, seconds: float) -> None:
        """Start no call for ``seconds`` (a global 429's ``retry_after``; at most MAX_HOLD)."""
        if not (math.isfinite(seconds) and seconds > 0):
            return
        self._held_until = max(self._held_until, self._clock() + min(seconds, MAX_HOLD))

    def close(self) -> None:
        """Release every waiter with ``BudgetClosed``; later takes raise it at once. (The
        bot closes it after discord.py's client, whose calls would fail anyway.)"""
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for queue in self._queues.values():
            while queue:
                future, _ = queue.popleft()
                if not future.done():
                    future.set_exception(BudgetClosed("the REST budget is closed"))
        self._queued = dict.fromkeys(Priority, 0)
        self._waiting = 0

    # ------------------------------------------------------------------ the schedule
    def _next_start(self, now: float) -> float:
        """When the next call may start: ``math.inf`` while every slot is in flight (the
        next answer re-arms the queue)."""
        while self._frees and self._frees[0] <= now:
            self._frees.popleft()
        at = max(now, self._held_until, self._tat - self._tau)
        excess = self._in_flight + len(self._frees) - self.capacity
        if excess >= 0:  # full: wait until excess + 1 answered slots have freed
            if excess >= len(self._frees):
                return math.inf
            at = max(at, self._frees[excess])
        return at

    def _grant(self, now: float) -> None:
        self._in_flight += 1
        # The pace: a start that came a little late (a timer, a busy loop) does not push the
        # next one back, so the pace never drifts below the rate; the slots above stay exact.
        self._tat = _paced(self._tat, now, self._interval)
        self.granted += 1

    def _refund(self) -> None:
        # The call never went out: its slot is free at once.
        self._in_flight -= 1
        self._tat -= self._interval
        self.granted -= 1
        if self._waiting and self._loop is not None and not self._closed:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = self._loop.call_soon(self._dispatch)

    def _arm(self, now: float) -> None:
        if self._waiting and self._timer is None and self._loop is not None and not self._closed:
            at = self._next_start(now)
            if at < math.inf:
                self._timer = self._loop.call_later(max(at - now, 0.0), self._dispatch)

    def _pop(self) -> tuple[asyncio.Future[float], float] | None:
        """The next live waiter, or None if every one still counted was cancelled: a
        cancelled waiter counts itself out when its task next runs (``take``), which may
        come after this dispatch."""
        for priority, queue in self._queues.items():  # Priority order: URGENT first
            while queue:
                future, since = queue.popleft()
                if future.cancelled():
                    continue  # counted out by its own task
                self._queued[priority] -= 1
                self._waiting -= 1
                return future, since
        return None

    def _dispatch(self) -> None:
        self._timer = None
        if self._closed:
            return
        now = self._clock()
        while self._waiting and self._next_start(now) <= now:
            popped = self._pop()
            if popped is None:
                return  # only cancelled waiters were left: their tasks count them out, and re-arm nothing
            future, since = popped
            self._grant(now)
            self.waited += 1
            self.wait_seconds += now - since
            future.set_result(now)
        self._arm(now)  # a timer that fired a hair early (the loop's resolution) just comes again

    # ------------------------------------------------------------------ discord.py
    def attach(self, trace: aiohttp.TraceConfig) -> aiohttp.TraceConfig:
        """Gate the bound calls of the sessions made with ``trace`` (before they are made:
        aiohttp freezes a trace config in its first session) and count their 429s. The gate
        goes first, so other traces (metrics) time the call itself, not its wait."""
        if any(t is trace for t in self._traces):
            raise RuntimeError("this REST budget already gates this trace config")
        trace.on_request_start.insert(0, self._on_request_start)
        trace.on_request_end.insert(0, self._on_request_end)
        trace.on_request_exception.insert(0, self._on_request_exception)
        self._traces.append(trace)
        return trace

    def trace_config(self) -> aiohttp.TraceConfig:
        """A new trace config gating through this budget (``Client(http_trace=...)``)."""
        return self.attach(aiohttp.TraceConfig())

    async def _on_request_start(self, session: aiohttp.ClientSession, ctx: SimpleNamespace,
                                params: aiohttp.TraceRequestStartParams) -> None:
        path = api_path(params.url)
        setattr(ctx, _CTX, path is not None)
        if path is None or not is_bound_path(path):
            return
        waited = await self.take()
        # aiohttp (as pinned) sends every request that saw its start an end or an exception,
        # however it ends, cancelled included: that is where the slot's answer is told.
        setattr(ctx, _SLOT, True)
        if self.on_wait is not None:
            try:
                self.on_wait(waited, params.method, path)
            except Exception:  # a metric never stops a call
                log.exception("the REST budget's on_wait failed")

    async def _on_request_end(self, session: aiohttp.ClientSession, ctx: SimpleNamespace,
                              params: aiohttp.TraceRequestEndParams) -> None:
        if not getattr(ctx, _CTX, False):
            return
        self._answered(ctx)
        status = params.response.status
        if status in (401, 403):
            self.invalid += 1
        elif status == 429:
            scope, retry_after = await rate_limit_of(params.response)
            self.rate_limited[scope] += 1
            if scope != "shared":
                self.invalid += 1
            if scope == "global" and retry_after is not None:
                self.hold(retry_after)  # discord.py waits it out too; the queue waits with it
            log.debug("Discord answered 429 (scope %s, retry after %s s) to %s %s", scope, retry_after,
                        params.method, api_path(params.url))

    async def _on_request_exception(self, session: aiohttp.ClientSession, ctx: SimpleNamespace,
                                    params: aiohttp.TraceRequestExceptionParams) -> None:
        self._answered(ctx)  # it may have reached Discord before it failed: counted as answered now

    def _answered(self, ctx: SimpleNamespace) -> None:
        if getattr(ctx, _SLOT, False):
            setattr(ctx, _SLOT, False)
            self.finished()


def _paced(tat: float, now: float, interval: float) -> float:
    """The pace's next start after one at ``now``: an interval after the last's due time when
    this one came on time or a little late (under half an interval), else after ``now``."""
    return (tat if now < tat + interval / 2 else now) + interval


async def rate_limit_of(response: aiohttp.ClientResponse) -> tuple[str, float | None]:
    """A 429's scope (``SCOPES``: ``X-RateLimit-Scope``, else ``X-RateLimit-Global``, else
    the body's ``global``) and its ``retry_after`` in seconds (the body's, else the
    ``Retry-After`` header). The body is read once and kept (discord.py reads it after)."""
    headers = response.headers
    scope = (headers.get("X-RateLimit-Scope") or "").strip().lower()
    if scope not in SCOPES:
        scope = "global" if (headers.get("X-RateLimit-Global") or "").strip().lower() == "true" else ""
    body: Any = None
    with contextlib.suppress(TimeoutError, aiohttp.ClientError, ValueError):  # UnicodeDecodeError is a ValueError
        body = json.loads(await response.read())
    if not isinstance(body, dict):
        body = {}
    if not scope:
        scope = "global" if body.get("global") is True else "unknown"
    retry_after = _seconds(body.get("retry_after"))
    if retry_after is None:
        retry_after = _seconds(headers.get("Retry-After"))
    return scope, retry_after


def _seconds(value: Any) -> float | None:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        return None
    return seconds if math.isfinite(seconds) and seconds >= 0 else None


def budgeted_http(client: discord.Client, budget: RestBudget) -> aiohttp.TraceConfig:
    """Make ``client``'s REST calls spend ``budget``: call it in the bot's ``__init__``,
    after ``super().__init__`` and before login. discord.py's ``Client.__init__`` makes
    ``client.http``; its ``http_trace`` (the one given as ``Client(http_trace=...)``,
    metrics' say) is kept and gated, or a new one made; ``static_login`` opens the session
    with it. Returns the trace config in use."""
    http = client.http
    if getattr(http, "_HTTPClient__session", None):  # discord.py's own name; MISSING before login
        raise RuntimeError("budgeted_http must be called before the client logs in (in its __init__)")
    trace = http.http_trace if http.http_trace is not None else aiohttp.TraceConfig()
    budget.attach(trace)
    http.http_trace = trace
    return trace
