"""The metrics endpoint (bot/metrics.py; issue 28, item 6): served on a free port, scraped
with aiohttp, its lines checked. REST calls go through a real aiohttp ClientSession with
the trace config against a tiny aiohttp server answering 200, 204, 401 and 429 with
Discord's scope headers; one test goes through discord.py's own HTTPClient and webhook
adapter, the way the bot's calls and interaction answers go."""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from collections.abc import AsyncIterator
from types import SimpleNamespace

import aiohttp
import discord
import pytest
from aiohttp import web
from discord.webhook.async_ import async_context, interaction_response_params

from bot.metrics import (
    DISCORD_EPOCH_MS,
    UNANSWERED_AFTER,
    Metrics,
    NullMetrics,
    metrics_for,
    rate_limit_scope,
    route_class,
)

API = "/api/v10"
APP, CHANNEL, MESSAGE, TOKEN = 111111111111111111, 222222222222222222, 333333333333333333, "sEcReTtOkEn"


_made = itertools.count(1)


def snowflake(seconds_ago: float = 0.0) -> int:
    """A snowflake made ``seconds_ago`` (its low bits count, as Discord's do, so two made in
    one millisecond differ)."""
    return ((int((time.time() - seconds_ago) * 1000) - DISCORD_EPOCH_MS) << 22) | next(_made)


def interaction(kind: str, seconds_ago: float = 0.0) -> SimpleNamespace:
    """What bot.metrics reads of a discord.Interaction: its id and type."""
    return SimpleNamespace(id=snowflake(seconds_ago), type=getattr(discord.InteractionType, kind))


async def tiny_discord() -> web.AppRunner:
    """Answers as Discord would: callbacks 204 (200 with_response), edits 200, and 429s of
    each scope with Discord's headers."""

    def limited(scope: str | None, is_global: bool = False) -> web.Response:
        headers = {"Retry-After": "1"}
        if scope is not None:
            headers["X-RateLimit-Scope"] = scope
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        return web.json_response({"message": "You are being rate limited.", "retry_after": 0.5,
                                  "global": is_global}, status=429, headers=headers)

    async def callback(request: web.Request) -> web.Response:
        if request.query.get("with_response"):
            return web.json_response({"interaction": {"id": request.match_info["iid"], "type": 3}})
        return web.Response(status=204)

    async def edit(request: web.Request) -> web.Response:
        return web.json_response({"id": str(MESSAGE)})

    async def send(request: web.Request) -> web.Response:
        return limited("user")

    async def read_channel(request: web.Request) -> web.Response:
        return limited("global", is_global=True)

    async def webhook(request: web.Request) -> web.Response:
        if request.method == "DELETE":
            return limited(None)  # no scope header: Cloudflare's own limit, say
        if request.headers.get("X-Limit") == "shared":
            return limited("shared")
        return web.json_response({"id": str(MESSAGE)})

    async def me(request: web.Request) -> web.Response:
        if request.headers.get("Authorization") == "Bot good":
            return web.json_response({"id": str(APP), "username": "kadi", "discriminator": "0", "avatar": None})
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_post(API + "/interactions/{iid}/{token}/callback", callback)
    app.router.add_patch(API + "/channels/{cid}/messages/{mid}", edit)
    app.router.add_post(API + "/channels/{cid}/messages", send)
    app.router.add_get(API + "/channels/{cid}", read_channel)
    app.router.add_route("*", API + "/webhooks/{app}/{token}/messages/{mid}", webhook)
    app.router.add_get(API + "/users/@me", me)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    return runner


def port_of(runner: web.AppRunner) -> int:
    return int(runner.addresses[0][1])


@pytest.fixture
async def metrics() -> AsyncIterator[Metrics]:
    m = Metrics()
    await m.start("127.0.0.1", 0)
    try:
        yield m
    finally:
        await m.close()


@pytest.fixture
async def discord_base() -> AsyncIterator[str]:
    runner = await tiny_discord()
    try:
        yield f"http://127.0.0.1:{port_of(runner)}{API}"
    finally:
        await runner.cleanup()


async def scrape(metrics: Metrics) -> str:
    assert metrics.port
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{metrics.port}/metrics") as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain; version=")
        return await response.text()


def value(text: str, name: str, **labels: str) -> float:
    """The sample ``name{labels}`` of a scrape (labels in any order); fails when absent."""
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        match = re.fullmatch(r"([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)", line)
        if match is None or match.group(1) != name:
            continue
        got = dict(re.findall(r'(\w+)="([^"]*)"', match.group(2) or ""))
        if got == labels:
            return float(match.group(3))
    raise AssertionError(f"no sample {name}{labels} in the scrape")


async def test_a_scrape_shows_interactions_rest_calls_and_429s_by_scope(metrics: Metrics, discord_base: str) -> None:
    clicked = interaction("component", seconds_ago=0.3)
    typed = interaction("application_command")
    metrics.interaction_received(clicked)
    metrics.interaction_received(typed)
    metrics.interaction_received(interaction("autocomplete"))

    assert metrics.trace is not None
    async with aiohttp.ClientSession(trace_configs=[metrics.trace]) as session:
        async def call(method: str, path: str, **kw: object) -> int:
            async with session.request(method, discord_base + path, **kw) as response:  # type: ignore[arg-type]
                await response.read()
                return response.status

        assert await call("POST", f"/interactions/{clicked.id}/{TOKEN}/callback", json={"type": 6}) == 204
        assert await call("POST", f"/interactions/{typed.id}/{TOKEN}/callback?with_response=1",
                          json={"type": 4}) == 200
        assert await call("PATCH", f"/channels/{CHANNEL}/messages/{MESSAGE}", json={}) == 200
        assert await call("PATCH", f"/channels/{CHANNEL}/messages/{MESSAGE}", json={}) == 200
        assert await call("POST", f"/channels/{CHANNEL}/messages", json={}) == 429
        assert await call("GET", f"/channels/{CHANNEL}") == 429
        assert await call("PATCH", f"/webhooks/{APP}/{TOKEN}/messages/@original", json={},
                          headers={"X-Limit": "shared"}) == 429
        assert await call("DELETE", f"/webhooks/{APP}/{TOKEN}/messages/@original") == 429
        assert await call("GET", "/users/@me") == 401

    text = await scrape(metrics)
    assert value(text, "kadi_interactions_total", kind="component") == 1
    assert value(text, "kadi_interactions_total", kind="command") == 1
    assert value(text, "kadi_interactions_total", kind="autocomplete") == 1
    # The click was 0.3 s old when its callback went out; the command about 0 s.
    assert value(text, "kadi_interaction_response_seconds_count", kind="component") == 1
    assert value(text, "kadi_interaction_response_seconds_bucket", kind="component", le="0.25") == 0
    assert value(text, "kadi_interaction_response_seconds_bucket", kind="component", le="1.0") == 1
    assert value(text, "kadi_interaction_response_seconds_count", kind="command") == 1
    assert 0.25 < value(text, "kadi_interaction_response_seconds_sum", kind="component") < 1.0

    assert value(text, "kadi_discord_requests_total", route="interaction_callback", status="204") == 1
    assert value(text, "kadi_discord_requests_total", route="interaction_callback", status="200") == 1
    assert value(text, "kadi_discord_requests_total", route="channel_message_edit", status="200") == 2
    assert value(text, "kadi_discord_requests_total", route="channel_message_send", status="429") == 1
    assert value(text, "kadi_discord_requests_total", route="channel_read", status="429") == 1
    assert value(text, "kadi_discord_requests_total", route="interaction_webhook", status="429") == 2
    assert value(text, "kadi_discord_requests_total", route="other", status="401") == 1
    assert value(text, "kadi_discord_request_seconds_count", route="channel_message_edit") == 2

    assert value(text, "kadi_discord_rate_limited_total", scope="user", route="channel_message_send") == 1
    assert value(text, "kadi_discord_rate_limited_total", scope="global", route="channel_read") == 1
    assert value(text, "kadi_discord_rate_limited_total", scope="shared", route="interaction_webhook") == 1
    assert value(text, "kadi_discord_rate_limited_total", scope="unknown", route="interaction_webhook") == 1
    assert value(text, "kadi_discord_rate_limited_total", scope="global", route="channel_message_edit") == 0
    # Discord's ban counts 401, 403 and 429 but shared: user + global + unknown here.
    assert value(text, "kadi_discord_invalid_requests_total", status="429") == 3
    assert value(text, "kadi_discord_invalid_requests_total", status="401") == 1
    assert value(text, "kadi_discord_invalid_requests_total", status="403") == 0

    # Never an id or a token in a label.
    for secret in (TOKEN, str(APP), str(CHANNEL), str(MESSAGE), str(clicked.id)):
        assert secret not in text
    assert "process_resident_memory_bytes" in text


async def test_discord_py_calls_and_interaction_answers_are_traced(metrics: Metrics, discord_base: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """``Client(http_trace=...)`` reaches the HTTPClient's one session, and interaction
    answers (discord.webhook.async_) are sent on that same session (``Interaction._session``
    is ``state.http._HTTPClient__session``): both are counted."""
    monkeypatch.setattr(discord.http.Route, "BASE", discord_base)
    http = discord.http.HTTPClient(asyncio.get_running_loop(), http_trace=metrics.trace)
    try:
        await http.static_login("good")  # GET /users/@me
        await http.request(discord.http.Route("PATCH", "/channels/{channel_id}/messages/{message_id}",
                                              channel_id=CHANNEL, message_id=MESSAGE), json={"content": "x"})
        session = http._HTTPClient__session  # type: ignore[attr-defined]  # what Interaction._session is
        answered = interaction("component", seconds_ago=0.1)
        metrics.interaction_received(answered)
        adapter = async_context.get()
        await adapter.create_interaction_response(answered.id, TOKEN, session=session,
                                                  params=interaction_response_params(type=6))
        await adapter.edit_original_interaction_response(APP, TOKEN, session=session, payload={"content": "y"})
    finally:
        await http.close()

    text = await scrape(metrics)
    assert value(text, "kadi_discord_requests_total", route="other", status="200") == 1  # /users/@me
    assert value(text, "kadi_discord_requests_total", route="channel_message_edit", status="200") == 1
    assert value(text, "kadi_discord_requests_total", route="interaction_callback", status="200") == 1
    assert value(text, "kadi_discord_requests_total", route="interaction_webhook", status="200") == 1
    assert value(text, "kadi_interaction_response_seconds_count", kind="component") == 1


async def test_an_interaction_never_answered_is_counted(metrics: Metrics) -> None:
    metrics.interaction_received(interaction("component", seconds_ago=UNANSWERED_AFTER + 1))
    metrics.interaction_received(interaction("application_command", seconds_ago=1))
    text = await scrape(metrics)
    assert value(text, "kadi_interactions_unanswered_total", kind="component") == 1
    assert value(text, "kadi_interactions_unanswered_total", kind="command") == 0  # it still may be


async def test_a_call_without_a_response_counts_as_error(metrics: Metrics) -> None:
    runner = await tiny_discord()
    port = port_of(runner)
    await runner.cleanup()  # nothing listens there now
    assert metrics.trace is not None
    async with aiohttp.ClientSession(trace_configs=[metrics.trace]) as session:
        with pytest.raises(aiohttp.ClientConnectionError):
            await session.patch(f"http://127.0.0.1:{port}{API}/channels/{CHANNEL}/messages/{MESSAGE}")
    text = await scrape(metrics)
    assert value(text, "kadi_discord_requests_total", route="channel_message_edit", status="error") == 1


async def test_budget_staleness_tables_and_overload(metrics: Metrics) -> None:
    queue = [7]
    busy = [False]
    metrics.watch_budget(lambda: queue[0], rate=lambda: 40)
    metrics.watch_tables(lambda: {"lobby": 3, "playing": 40})
    metrics.watch_overload(lambda: busy[0])
    metrics.watch_staleness(lambda: {"unfollowed": 1.5, "playing": 42.0})
    metrics.budget_waited(0.2, "channel_message_edit")
    metrics.budget_waited(3.0, "channel_message_edit")
    metrics.table_message_shown("playing", 50.0)
    metrics.table_message_shown("playing", 70.0)
    metrics.table_message_shown("lobby", 0.1)
    metrics.table_message_shown("a table 123", 1.0)  # never a free-form label

    text = await scrape(metrics)
    assert value(text, "kadi_rest_budget_queue") == 7
    assert value(text, "kadi_rest_budget_rate") == 40
    assert value(text, "kadi_rest_budget_wait_seconds_count", route="channel_message_edit") == 2
    assert value(text, "kadi_rest_budget_wait_seconds_bucket", route="channel_message_edit", le="0.25") == 1
    assert value(text, "kadi_tables", state="lobby") == 3
    assert value(text, "kadi_tables", state="playing") == 40
    assert value(text, "kadi_overloaded") == 0
    assert value(text, "kadi_table_message_behind_seconds", **{"class": "playing"}) == 42
    assert value(text, "kadi_table_message_staleness_seconds_count", **{"class": "playing"}) == 2
    assert value(text, "kadi_table_message_staleness_seconds_bucket", **{"class": "playing", "le": "60.0"}) == 1
    assert value(text, "kadi_table_message_staleness_seconds_count", **{"class": "lobby"}) == 1
    assert value(text, "kadi_table_message_staleness_seconds_count", **{"class": "other"}) == 1

    queue[0], busy[0] = 0, True  # read at each scrape
    text = await scrape(metrics)
    assert value(text, "kadi_rest_budget_queue") == 0
    assert value(text, "kadi_overloaded") == 1


async def test_a_failing_callback_leaves_out_its_gauge_not_the_scrape(metrics: Metrics) -> None:
    metrics.watch_tables(lambda: 1 // 0)  # type: ignore[arg-type,return-value]
    metrics.watch_overload(lambda: True)
    text = await scrape(metrics)
    assert value(text, "kadi_overloaded") == 1
    assert "kadi_tables{" not in text


async def test_two_metrics_in_one_process_keep_apart(metrics: Metrics) -> None:
    other = Metrics()  # its own registry: no clash with the fixture's
    other.table_message_shown("lobby", 1.0)
    assert value(other.scrape().decode(), "kadi_table_message_staleness_seconds_count", **{"class": "lobby"}) == 1
    text = await scrape(metrics)
    assert value(text, "kadi_table_message_staleness_seconds_count", **{"class": "lobby"}) == 0


async def test_no_port_no_metrics() -> None:
    off = metrics_for(None)
    assert isinstance(off, NullMetrics) and off.trace is None
    await off.start("127.0.0.1", 0)
    off.interaction_received(interaction("component"))
    off.rest_response("PATCH", "/channels/1/messages/2", 429, {"X-RateLimit-Scope": "user"})
    off.budget_waited(1.0)
    off.table_message_shown("playing", 1.0)
    off.watch_tables(dict)
    await off.close()
    assert off.port is None
    assert isinstance(metrics_for(9100), Metrics)


@pytest.mark.parametrize(("method", "path", "expected"), [
    ("POST", "/api/v10/interactions/1/tok/callback", "interaction_callback"),
    ("POST", "/api/v10/webhooks/1/tok", "interaction_webhook"),
    ("PATCH", "/api/v10/webhooks/1/tok/messages/@original", "interaction_webhook"),
    ("GET", "/api/v10/webhooks/1", "other"),  # no token: a bot's own webhook call
    ("POST", "/api/v10/channels/1/messages", "channel_message_send"),
    ("PATCH", "/api/v10/channels/1/messages/2", "channel_message_edit"),
    ("GET", "/api/v10/channels/1/messages/2", "channel_read"),
    ("GET", "/api/v10/channels/1/messages", "channel_read"),
    ("GET", "/api/v10/channels/1", "channel_read"),
    ("DELETE", "/api/v10/channels/1/messages/2", "other"),
    ("PUT", "/api/v10/applications/1/commands", "commands"),
    ("PUT", "/api/v10/applications/1/guilds/2/commands", "commands"),
    ("GET", "/api/v10/gateway/bot", "other"),
    ("patch", "/channels/1/messages/2", "channel_message_edit"),  # without /api/v10
])
def test_route_classes(method: str, path: str, expected: str) -> None:
    assert route_class(method, path) == expected


def test_rate_limit_scopes() -> None:
    assert rate_limit_scope({"X-RateLimit-Scope": "shared"}) == "shared"
    assert rate_limit_scope({"X-RateLimit-Scope": "user"}) == "user"
    assert rate_limit_scope({"X-RateLimit-Global": "true"}) == "global"
    assert rate_limit_scope({"X-RateLimit-Scope": "global", "X-RateLimit-Global": "true"}) == "global"
    assert rate_limit_scope({}) == "unknown"
