"""Prometheus metrics an operator can alert on (issue 28, item 6; docs/deploy.md, Metrics).

With ``METRICS_PORT`` set the bot makes one ``Metrics`` and serves ``/metrics`` on that
port; without it, a ``NullMetrics`` whose every method does nothing, so the bot's code
calls the same methods either way (``metrics_for(port)`` picks one).

What is measured, and where it comes from:

- **Discord's REST calls**, by route class and status, with their duration, the 429s by
  scope and the invalid requests (Discord's ban counts): all from ``Metrics.trace``, an
  aiohttp ``TraceConfig`` given to the client (``Client(http_trace=metrics.trace)``).
  discord.py opens one ``aiohttp.ClientSession`` with it at login, and every call the bot
  makes goes through that session: ``HTTPClient.request`` (channel messages, commands)
  and the interaction answers too: ``Interaction._session`` *is* the client's session
  (``state.http._HTTPClient__session``), and ``InteractionResponse``, ``followup``
  (``Webhook.from_state``) and ``edit_original_response`` hand it to
  ``discord.webhook.async_``. Only a ``Webhook`` made with a session of its own
  (``Webhook.from_url(url, session=...)``) would escape it; the bot makes none. Each
  attempt is counted, discord.py's retries after a 429 included. The gateway's websocket
  handshake goes through the same session and is left out.
- **Interactions and their latency**, by kind (command, component, autocomplete, modal):
  ``interaction_received(interaction)`` when one arrives (the client's ``on_interaction``)
  counts it and remembers it; its first answer is always its callback
  (``POST /interactions/{id}/{token}/callback``: a message, a defer, an update, choices),
  which the trace sees, and the latency is from the interaction's creation (its id is a
  snowflake: Discord's clock) to that callback's success (Discord's answer to it). One not
  answered within ``UNANSWERED_AFTER`` seconds (a failed callback included: Discord has
  refused it by then) is counted as unanswered.
- **The REST budget** (its queue and waits), **table-message staleness**, **live
  tables** and **the overload state**: reported by the code that knows them, through
  ``watch_*`` callbacks read at each scrape (nothing is spent between scrapes) and
  ``*_waited`` / ``table_message_shown`` observations.

Every metric is in the ``Metrics``' own ``CollectorRegistry`` (several can live in one
process, as in the tests); label values come from small fixed sets (no ids, no tokens).
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterable, Mapping
from types import SimpleNamespace
from typing import Any

import aiohttp
from aiohttp import web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric

log = logging.getLogger(__name__)

DISCORD_EPOCH_MS = 1_420_070_400_000  # a snowflake's time: (id >> 22) + this, in ms

# Label values: fixed sets, so a label never grows with the traffic.
ROUTE_CLASSES = (
    "interaction_callback",  # POST /interactions/{id}/{token}/callback: not bound by the global limit
    "interaction_webhook",  # /webhooks/{application}/{token}/...: followups, @original; not bound either
    "channel_message_send",  # POST /channels/{cid}/messages
    "channel_message_edit",  # PATCH /channels/{cid}/messages/{mid}
    "channel_read",  # GET /channels/{cid}, .../messages, .../messages/{mid}
    "commands",  # /applications/{app}/[guilds/{gid}/]commands...: the slash commands' sync
    "other",
)
UNBOUND_ROUTES = ("interaction_callback", "interaction_webhook")
SCOPES = ("global", "user", "shared", "unknown")  # X-RateLimit-Scope; unknown: a 429 without it
INTERACTION_KINDS = ("command", "component", "autocomplete", "modal", "other")
STALENESS_CLASSES = ("unfollowed", "lobby", "ended", "playing", "other")

UNANSWERED_AFTER = 30.0  # seconds: Discord refuses a first answer after 3 s; this leaves slack

INTERACTION_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
REQUEST_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
BUDGET_WAIT_BUCKETS = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
HAND_DELAY_BUCKETS = (0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)
STALENESS_BUCKETS = (0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 30.0, 45.0, 60.0, 90.0, 120.0, 300.0, 600.0)

_API_PREFIX = re.compile(r"^/api(?:/v\d+)?(?=/|$)")


def route_class(method: str, path: str) -> str:
    """The route class of a Discord REST call (``ROUTE_CLASSES``), from its method and path
    (with or without ``/api/v10``)."""
    method = method.upper()
    parts = [p for p in _API_PREFIX.sub("", path, count=1).split("/") if p]
    if not parts:
        return "other"
    head, rest = parts[0], parts[1:]
    if head == "interactions" and len(rest) == 3 and rest[2] == "callback":
        return "interaction_callback"
    if head == "webhooks" and len(rest) >= 2:  # with a token: an interaction's webhook
        return "interaction_webhook"
    if head == "channels" and rest:
        below = rest[1:]
        if below == ["messages"]:
            return {"POST": "channel_message_send", "GET": "channel_read"}.get(method, "other")
        if len(below) == 2 and below[0] == "messages":
            return {"PATCH": "channel_message_edit", "GET": "channel_read"}.get(method, "other")
        if not below and method == "GET":
            return "channel_read"
        return "other"
    if head == "applications" and "commands" in rest:
        return "commands"
    return "other"


def rate_limit_scope(headers: Mapping[str, str]) -> str:
    """A 429's scope (``SCOPES``) from its headers: ``X-RateLimit-Scope``, else
    ``X-RateLimit-Global: true``, else unknown (Cloudflare's own limit sends neither)."""
    scope = (headers.get("X-RateLimit-Scope") or "").strip().lower()
    if scope in SCOPES:
        return scope
    if (headers.get("X-RateLimit-Global") or "").strip().lower() == "true":
        return "global"
    return "unknown"


def interaction_kind(interaction: Any) -> str:
    """``INTERACTION_KINDS`` for a ``discord.Interaction`` (by its ``type``)."""
    name = getattr(getattr(interaction, "type", None), "name", "")
    return {"application_command": "command", "component": "component", "autocomplete": "autocomplete",
            "modal_submit": "modal"}.get(name, "other")


def snowflake_seconds(snowflake: int) -> float:
    """When a snowflake was made, in seconds since 1970 (``interaction.created_at``)."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000.0


_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback/?$")


class _Watched:
    """The gauges read from callbacks at each scrape (a failing callback is logged and
    its gauge left out of that scrape, never the scrape failed)."""

    def __init__(self) -> None:
        self.budget_queue: Callable[[], float] | None = None
        self.budget_rate: Callable[[], float] | None = None
        self.tables: Callable[[], Mapping[str, float]] | None = None
        self.overloaded: Callable[[], bool] | None = None
        self.behind: Callable[[], Mapping[str, float]] | None = None

    def _read(self, name: str, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except Exception:
            log.exception("metrics: reading %s failed", name)
            return None

    def describe(self) -> Iterable[Metric]:
        return []

    def collect(self) -> Iterable[Metric]:
        if self.budget_queue is not None and (v := self._read("the budget's queue", self.budget_queue)) is not None:
            yield GaugeMetricFamily("kadi_rest_budget_queue", "Bound REST calls waiting for the budget now.", value=v)
        if self.budget_rate is not None and (v := self._read("the budget's rate", self.budget_rate)) is not None:
            yield GaugeMetricFamily("kadi_rest_budget_rate",
                                    "The REST budget's rate for bound calls, requests per second.", value=v)
        if self.tables is not None and (tables := self._read("live tables", self.tables)) is not None:
            g = GaugeMetricFamily("kadi_tables", "Live tables in this process, by state.", labels=["state"])
            for state, n in sorted(tables.items()):
                g.add_metric([str(state)], n)
            yield g
        if self.overloaded is not None and (busy := self._read("the overload state", self.overloaded)) is not None:
            yield GaugeMetricFamily("kadi_overloaded",
                                    "1 while the bot is overloaded (pictures paused, table edits slowed).",
                                    value=1.0 if busy else 0.0)
        if self.behind is not None and (behind := self._read("table staleness", self.behind)) is not None:
            g = GaugeMetricFamily("kadi_table_message_behind_seconds",
                                  "The oldest change not yet shown on a table message, now, by class.",
                                  labels=["class"])
            for cls in STALENESS_CLASSES:
                if cls in behind:
                    g.add_metric([cls], behind[cls])
            yield g


class Metrics:
    """Every metric of one bot process, in its own registry; ``start`` serves them."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        ProcessCollector(registry=r)  # CPU, resident memory, open files
        PlatformCollector(registry=r)  # the Python version
        self.interactions = Counter("kadi_interactions", "Interactions received, by kind.", ["kind"], registry=r)
        self.interaction_seconds = Histogram(
            "kadi_interaction_response_seconds",
            "From an interaction's creation (Discord's clock) to its first answer's success, by kind.",
            ["kind"], buckets=INTERACTION_BUCKETS, registry=r)
        self.unanswered = Counter(
            "kadi_interactions_unanswered",
            f"Interactions with no successful first answer within {UNANSWERED_AFTER:g} s, by kind.",
            ["kind"], registry=r)
        self.requests = Counter("kadi_discord_requests", "Discord REST calls made (each attempt), by route class "
                                "and HTTP status (error: no response).", ["route", "status"], registry=r)
        self.request_seconds = Histogram("kadi_discord_request_seconds",
                                         "Discord REST calls' duration to the response's headers, by route class.",
                                         ["route"], buckets=REQUEST_BUCKETS, registry=r)
        self.rate_limited = Counter("kadi_discord_rate_limited", "Responses 429 from Discord, by scope and route "
                                    "class.", ["scope", "route"], registry=r)
        self.invalid = Counter("kadi_discord_invalid_requests", "Invalid requests as Discord counts them for its "
                               "ban (10,000 in 10 minutes): 401, 403, and 429 but of scope shared.", ["status"],
                               registry=r)
        self.budget_waits = Histogram("kadi_rest_budget_wait_seconds",
                                      "How long bound REST calls waited for the budget, by route class.",
                                      ["route"], buckets=BUDGET_WAIT_BUCKETS, registry=r)
        self.staleness = Histogram(
            "kadi_table_message_staleness_seconds",
            "How long a table message was behind its table when an edit showed it, by class.",
            ["class"], buckets=STALENESS_BUCKETS, registry=r)
        self.hand_delay = Histogram(
            "kadi_hand_message_delay_seconds",
            "From a table's change to a seated member's own hand message showing it.",
            buckets=HAND_DELAY_BUCKETS, registry=r)
        self._watched = _Watched()
        r.register(self._watched)
        # Label sets known up front, so each series reads 0 from the first scrape (an alert on
        # increase() sees its first 429, not a new series).
        for kind in INTERACTION_KINDS:
            self.interactions.labels(kind)
            self.unanswered.labels(kind)
        for scope in SCOPES:
            for route in ROUTE_CLASSES:
                self.rate_limited.labels(scope, route)
        for status in ("401", "403", "429"):
            self.invalid.labels(status)
        for cls in STALENESS_CLASSES:
            self.staleness.labels(cls)
        self._pending: dict[int, tuple[str, float]] = {}  # interaction id -> kind, created (s)
        self.trace: aiohttp.TraceConfig | None = self._trace_config()
        self._runner: web.AppRunner | None = None
        self.port: int | None = None  # the port served, once started (useful with port 0)

    # ------------------------------------------------------------- interactions
    def interaction_received(self, interaction: Any) -> None:
        """An interaction arrived (call from the client's ``on_interaction``): counted by
        kind, and its first answer timed when the trace sees its callback."""
        kind = interaction_kind(interaction)
        self.interactions.labels(kind).inc()
        self._sweep()
        self._pending[int(interaction.id)] = (kind, snowflake_seconds(int(interaction.id)))

    def interaction_answered(self, interaction_id: int, at: float | None = None) -> None:
        """An interaction's first answer succeeded (the trace calls this on its callback's
        success; call it only for an answer that does not go through the trace)."""
        kind, created = self._pending.pop(interaction_id, ("other", snowflake_seconds(interaction_id)))
        seconds = (time.time() if at is None else at) - created
        self.interaction_seconds.labels(kind).observe(max(seconds, 0.0))

    def _sweep(self, now: float | None = None) -> None:
        """Count as unanswered the interactions past UNANSWERED_AFTER (oldest first: the
        dict keeps arrival order)."""
        if not self._pending:
            return
        deadline = (time.time() if now is None else now) - UNANSWERED_AFTER
        while self._pending:
            interaction_id, (kind, created) = next(iter(self._pending.items()))
            if created > deadline:
                break
            del self._pending[interaction_id]
            self.unanswered.labels(kind).inc()

    # ------------------------------------------------------------- REST calls
    def rest_response(self, method: str, path: str, status: int | str, headers: Mapping[str, str] | None = None,
                      seconds: float | None = None) -> None:
        """One REST call's outcome (the trace calls this for every call; ``status`` is
        ``"error"`` when no response came)."""
        route = route_class(method, path)
        self.requests.labels(route, str(status)).inc()
        if seconds is not None:
            self.request_seconds.labels(route).observe(seconds)
        if status in (401, 403):
            self.invalid.labels(str(status)).inc()
        elif status == 429:
            scope = rate_limit_scope(headers or {})
            self.rate_limited.labels(scope, route).inc()
            if scope != "shared":
                self.invalid.labels("429").inc()
        if route == "interaction_callback" and isinstance(status, int) and 200 <= status < 300:
            match = _CALLBACK.search(path)
            if match:
                self.interaction_answered(int(match.group(1)))

    def _trace_config(self) -> aiohttp.TraceConfig:
        trace = aiohttp.TraceConfig()

        async def started(session: aiohttp.ClientSession, ctx: SimpleNamespace,
                          params: aiohttp.TraceRequestStartParams) -> None:
            ctx.kadi_started = time.perf_counter()

        def took(ctx: SimpleNamespace) -> float | None:
            began = getattr(ctx, "kadi_started", None)
            return None if began is None else time.perf_counter() - began

        async def ended(session: aiohttp.ClientSession, ctx: SimpleNamespace,
                        params: aiohttp.TraceRequestEndParams) -> None:
            if params.url.scheme in ("ws", "wss") or params.response.status == 101:
                return  # the gateway's handshake, not a REST call
            try:
                self.rest_response(params.method, params.url.path, params.response.status,
                                   params.response.headers, took(ctx))
            except Exception:  # metrics never break a call
                log.exception("metrics: counting a REST call failed")

        async def failed(session: aiohttp.ClientSession, ctx: SimpleNamespace,
                         params: aiohttp.TraceRequestExceptionParams) -> None:
            if params.url.scheme in ("ws", "wss"):
                return
            try:
                self.rest_response(params.method, params.url.path, "error", None, took(ctx))
            except Exception:
                log.exception("metrics: counting a REST call failed")

        trace.on_request_start.append(started)
        trace.on_request_end.append(ended)
        trace.on_request_exception.append(failed)
        return trace

    # ------------------------------------------------------------- the REST budget
    def budget_waited(self, seconds: float, route: str = "other") -> None:
        """A bound call waited ``seconds`` for the budget before it went out."""
        self.budget_waits.labels(route if route in ROUTE_CLASSES else "other").observe(max(seconds, 0.0))

    def watch_budget(self, queue: Callable[[], float], rate: Callable[[], float] | None = None) -> None:
        """The budget's queue length (calls waiting now) and its rate (requests/s), read at
        each scrape."""
        self._watched.budget_queue = queue
        self._watched.budget_rate = rate

    # ------------------------------------------------------------- tables
    def table_message_shown(self, cls: str, seconds: float) -> None:
        """An edit (or a fresh post) of a table message showed a table that had been ahead
        of it for ``seconds``; ``cls`` is one of STALENESS_CLASSES (else "other")."""
        self.staleness.labels(cls if cls in STALENESS_CLASSES else "other").observe(max(seconds, 0.0))

    def hand_message_shown(self, seconds: float) -> None:
        """A member's hand message showed a change of their table ``seconds`` after it."""
        self.hand_delay.observe(max(seconds, 0.0))

    def watch_staleness(self, behind: Callable[[], Mapping[str, float]]) -> None:
        """Per class, how long the most stale table message has been behind now (read at
        each scrape: a table never edited shows here before its edit is observed)."""
        self._watched.behind = behind

    def watch_tables(self, tables: Callable[[], Mapping[str, float]]) -> None:
        """Live tables by state (e.g. ``{"lobby": 3, "playing": 40}``), read at each scrape."""
        self._watched.tables = tables

    def watch_overload(self, overloaded: Callable[[], bool]) -> None:
        """Whether the bot is overloaded now (``Load.busy``), read at each scrape."""
        self._watched.overloaded = overloaded

    # ------------------------------------------------------------- serving
    def scrape(self) -> bytes:
        """The metrics in Prometheus' text format, as ``/metrics`` serves them."""
        self._sweep()
        return generate_latest(self.registry)

    async def _serve(self, request: web.Request) -> web.Response:
        return web.Response(body=self.scrape(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def start(self, host: str, port: int) -> None:
        """Serve ``GET /metrics`` on ``host:port`` (port 0: a free one, then in ``self.port``)."""
        if self._runner is not None:
            return
        app = web.Application()
        app.router.add_get("/metrics", self._serve)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            site = web.TCPSite(runner, host, port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = next((addr[1] for addr in runner.addresses if isinstance(addr, tuple)), port)
        log.info("metrics served on http://%s:%s/metrics", host, self.port)

    async def close(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()


class NullMetrics:
    """Metrics off (``METRICS_PORT`` unset): the same methods, doing nothing; ``trace`` is
    None, which ``Client(http_trace=...)`` takes as no tracing."""

    trace: aiohttp.TraceConfig | None = None
    port: int | None = None

    def interaction_received(self, interaction: Any) -> None:
        pass

    def interaction_answered(self, interaction_id: int, at: float | None = None) -> None:
        pass

    def rest_response(self, method: str, path: str, status: int | str, headers: Mapping[str, str] | None = None,
                      seconds: float | None = None) -> None:
        pass

    def budget_waited(self, seconds: float, route: str = "other") -> None:
        pass

    def watch_budget(self, queue: Callable[[], float], rate: Callable[[], float] | None = None) -> None:
        pass

    def hand_message_shown(self, seconds: float) -> None:
        pass

    def table_message_shown(self, cls: str, seconds: float) -> None:
        pass

    def watch_staleness(self, behind: Callable[[], Mapping[str, float]]) -> None:
        pass

    def watch_tables(self, tables: Callable[[], Mapping[str, float]]) -> None:
        pass

    def watch_overload(self, overloaded: Callable[[], bool]) -> None:
        pass

    async def start(self, host: str, port: int) -> None:
        pass

    async def close(self) -> None:
        pass


AnyMetrics = Metrics | NullMetrics


def metrics_for(port: int | None) -> AnyMetrics:
    """``Metrics`` when a port is set (``settings.metrics_port``), else ``NullMetrics``."""
    return NullMetrics() if port is None else Metrics()
