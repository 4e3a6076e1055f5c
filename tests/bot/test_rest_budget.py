"""The REST budget (bot/rest_budget.py; issue 28, item 2): no window ever holds more bound
calls than the rate, whatever the burst and however late each call reaches Discord; urgent
calls first, in order; exempt routes never wait; a call that fails frees its slot; and
through discord.py's own HTTPClient and webhook adapter against a tiny aiohttp server,
each attempt spends the budget, a 429 is counted by scope and retried."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import time
from collections.abc import AsyncIterator, Iterator

import aiohttp
import discord
import pytest
from aiohttp import web
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_response_params
from yarl import URL

from bot.rest_budget import (
    BudgetClosed,
    Priority,
    RestBudget,
    api_path,
    budgeted_http,
    is_bound,
    is_bound_path,
    rest_priority,
)

API = "/api/v10"
APP, CHANNEL, MESSAGE, TOKEN = 111111111111111111, 222222222222222222, 333333333333333333, "aW50ZXJhY3Rpb246dG9rZW4"


class Recording(RestBudget):
    """A budget that keeps every start it grants, in its own clock."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.starts: list[float] = []

    def _grant(self, now: float) -> None:
        self.starts.append(now)
        super()._grant(now)


def most_in_a_window(starts: list[float], window: float) -> int:
    """The most starts in any half-open window of ``window`` seconds (a hair of float slack)."""
    starts = sorted(starts)
    most, first = 0, 0
    for last, t in enumerate(starts):
        while t - starts[first] >= window - 1e-9:
            first += 1
        most = max(most, last - first + 1)
    return most


# ---------------------------------------------------------------------------- the window


async def spend(budget: RestBudget, priority: Priority = Priority.URGENT, *, answer_after: float = 0.0) -> float:
    """One call through the budget: its slot, its round trip, its answer; the seconds waited."""
    waited = await budget.take(priority)
    await asyncio.sleep(answer_after)
    budget.finished()
    return waited


@pytest.mark.parametrize("burst", [1, 20])  # paced (the default), and the plain sliding window
async def test_a_burst_of_500_spenders_never_exceeds_the_window(burst: int) -> None:
    # 200/s over windows of 0.1 s: 20 a window, so 500 spenders take 2.5 s of real loop time.
    budget = Recording(200, window=0.1, burst=burst)
    assert budget.capacity == 20
    rng = random.Random(28)

    async def spender(i: int) -> None:
        if i % 3 == 0:
            await asyncio.sleep(rng.random() * 1.0)  # a third of them arrive while the queue drains
        await spend(budget, Priority(i % 3))

    began = time.monotonic()
    await asyncio.gather(*(spender(i) for i in range(500)))
    took = time.monotonic() - began
    assert len(budget.starts) == 500 == budget.granted
    assert most_in_a_window(budget.starts, 0.1) <= 20
    assert most_in_a_window(budget.starts, 1.0) <= 200
    assert 2.3 < took < 6.0  # the whole rate was used (a loaded machine's timers come late), and no more
    assert budget.queued == 0 and budget.in_flight == 0 and budget.waited > 400 and budget.wait_seconds > 0


async def test_however_late_calls_arrive_no_second_of_arrivals_holds_more_than_the_rate() -> None:
    """What CI found (2026-12-02): counting starts, a loaded loop let 41 calls reach Discord
    in one second. Each call here reaches "Discord" at a random moment between its start and
    its answer, up to 150 ms late; counted at arrival, no window holds more than the rate."""
    budget = RestBudget(40, window=0.25)  # 10 a window of 250 ms, to keep the test short
    rng = random.Random(2026)
    arrivals: list[float] = []

    async def call() -> None:
        await budget.take()
        trip = rng.random() * 0.15
        arrive = rng.random() * trip
        await asyncio.sleep(arrive)
        arrivals.append(time.monotonic())
        await asyncio.sleep(trip - arrive)
        budget.finished()

    await asyncio.gather(*(call() for _ in range(120)))
    assert most_in_a_window(arrivals, 0.25) <= 10
    assert budget.in_flight == 0 and budget.granted == 120


def test_a_slot_is_held_until_a_window_after_the_answer() -> None:
    now = [1000.0]
    budget = Recording(40, clock=lambda: now[0])  # the defaults: paced 25 ms apart
    assert budget.capacity == 40
    assert budget.affordable() == 40  # from idle: one now, then one every 25 ms
    for _ in range(40):
        assert budget.try_take()
        now[0] += 0.025
    assert not budget.try_take()  # 40 in flight: nothing frees until an answer
    assert budget.affordable() == 0 or budget.affordable(within=2.0) > 0
    now[0] += 5.0  # the answers are slow to come...
    assert not budget.try_take()
    budget.finished()  # ...the first comes: its slot frees a second from now
    assert not budget.try_take()
    now[0] += 0.999
    assert not budget.try_take()
    now[0] += 0.002
    assert budget.try_take() and not budget.try_take()
    with pytest.raises(RuntimeError):
        for _ in range(42):
            budget.finished()  # 40 answers were owed; the 41st is a bug in the caller


def test_a_full_rate_of_prompt_answers_keeps_the_pace() -> None:
    now = [1000.0]
    budget = Recording(40, clock=lambda: now[0])
    for _ in range(20_000):  # 20 s in steps of 1 ms, always asking, each answered 3 ms later
        while budget.try_take():
            pass
        now[0] += 0.003
        while budget.in_flight:
            budget.finished()
        now[0] -= 0.002
    assert most_in_a_window(budget.starts, 1.0) <= 40
    gaps = [b - a for a, b in zip(budget.starts, budget.starts[1:], strict=False)]
    assert min(gaps) >= 0.025 - 1e-9  # paced, never clumped
    assert 20 * 36 < len(budget.starts) <= 20 * 40 + 1  # about 38 a second: each slot is its round trip longer


def test_affordable_counts_what_is_left_of_the_next_second() -> None:
    now = [0.0]
    budget = RestBudget(10, burst=10, clock=lambda: now[0])
    assert budget.affordable() == 10
    for _ in range(7):
        assert budget.try_take()
    assert budget.affordable() == 3 and budget.affordable(within=0.5) == 3
    for _ in range(7):
        budget.finished()  # answered at once
    now[0] = 0.5
    assert budget.affordable() == 10  # the 7 are free at 1.0
    assert budget.affordable(within=0.5) == 3
    budget.hold(2.0)  # a global 429's retry_after
    assert budget.affordable() == 0 and not budget.try_take()
    now[0] = 2.5
    assert budget.affordable() == 10 and budget.try_take()
    budget.close()
    assert budget.affordable() == 0 and not budget.try_take()


def test_a_budget_needs_a_call_per_window() -> None:
    with pytest.raises(ValueError):
        RestBudget(0.5)
    with pytest.raises(ValueError):
        RestBudget(float("nan"))
    assert RestBudget(13.4).capacity == 13  # 40 / 3 processes: 13 a second, never 14


# ---------------------------------------------------------------------------- priorities, cancelling, closing


async def test_urgent_calls_go_first_and_each_priority_in_order() -> None:
    budget = RestBudget(20, window=0.05, burst=1)  # one call per 50 ms
    assert budget.capacity == 1
    await spend(budget)  # the slot is spent: everyone below waits
    served: list[str] = []

    async def spend_as(name: str, priority: Priority) -> None:
        await spend(budget, priority)
        served.append(name)

    order = [("b1", Priority.BACKGROUND), ("s1", Priority.SOON), ("u1", Priority.URGENT), ("b2", Priority.BACKGROUND),
             ("u2", Priority.URGENT), ("s2", Priority.SOON), ("u3", Priority.URGENT)]
    tasks = []
    for name, priority in order:
        tasks.append(asyncio.create_task(spend_as(name, priority)))
        await asyncio.sleep(0)  # queued in this order
    assert budget.queued == 7 and budget.queued_at(Priority.URGENT) == 3
    await asyncio.gather(*tasks)
    assert served == ["u1", "u2", "u3", "s1", "s2", "b1", "b2"]


async def test_the_context_gives_the_priority() -> None:
    budget = RestBudget(20, window=0.05, burst=1)
    await spend(budget)
    served: list[str] = []

    async def refresh() -> None:
        with rest_priority(Priority.BACKGROUND):
            await budget.take()
        budget.finished()
        served.append("refresh")

    async def reply() -> None:
        await budget.take()  # URGENT by default
        budget.finished()
        served.append("reply")

    first = asyncio.create_task(refresh())
    await asyncio.sleep(0)
    await asyncio.gather(first, reply())
    assert served == ["reply", "refresh"]


async def test_a_cancelled_waiter_gives_its_place_to_the_next() -> None:
    budget = Recording(2, window=0.5, burst=1)  # one per 500 ms
    await spend(budget)
    gone = asyncio.create_task(spend(budget))
    kept = asyncio.create_task(spend(budget))
    await asyncio.sleep(0)
    assert budget.queued == 2
    gone.cancel()
    await asyncio.sleep(0)
    assert budget.queued == 1
    waited = await kept
    assert 0.4 < waited < 0.9  # the first free slot, not the second (1 s on)
    assert budget.granted == 2 and budget.queued == 0


async def test_a_dispatch_between_a_waiters_cancel_and_its_task_running_is_harmless() -> None:
    """A cancelled waiter counts itself out when its task runs again; a dispatch that comes
    first (its timer due in the same turn of the loop) finds no live waiter and waits."""
    budget = Recording(10, window=0.1, burst=1)
    await spend(budget)
    gone = asyncio.create_task(budget.take())
    await asyncio.sleep(0)
    assert budget.queued == 1
    gone.cancel()  # the future is cancelled now; `take` counts it out when the task runs
    time.sleep(0.12)  # past the next slot
    budget._dispatch()  # before the task has run: once "counts a waiter it does not have"
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert budget.queued == 0 and budget.granted == 1
    assert await budget.take() < 0.05  # the slot is still there for the next call
    budget.finished()


async def test_a_slot_granted_as_its_waiter_is_cancelled_is_given_back() -> None:
    budget = Recording(10, window=0.1, burst=1)
    await spend(budget)
    unlucky = asyncio.create_task(budget.take())
    after = asyncio.create_task(budget.take())
    await asyncio.sleep(0)
    assert budget.queued == 2
    time.sleep(0.12)  # the loop stands still past the next slot...
    budget._dispatch()  # ...which its timer gives to `unlucky`...
    assert len(budget.starts) == 2 and budget.queued == 1
    unlucky.cancel()  # ...cancelled before it could run: the slot goes back, and `after` takes it
    with pytest.raises(asyncio.CancelledError):
        await unlucky
    assert await after < 0.17  # not the slot after, 0.2 s on
    assert budget.granted == 2 and budget.in_flight == 1  # `after`'s call, still owed its answer


async def test_close_releases_every_waiter() -> None:
    budget = RestBudget(1, burst=1)
    await budget.take()
    waiters = [asyncio.create_task(budget.take(Priority(i % 3))) for i in range(5)]
    await asyncio.sleep(0)
    assert budget.queued == 5
    budget.close()
    results = await asyncio.wait_for(asyncio.gather(*waiters, return_exceptions=True), 1)
    assert all(isinstance(r, BudgetClosed) for r in results)
    assert isinstance(results[0], aiohttp.ClientConnectionError)  # what a call on a closed client raises
    assert budget.queued == 0 and budget.closed
    with pytest.raises(BudgetClosed):
        await budget.take()


# ---------------------------------------------------------------------------- which routes count


@pytest.mark.parametrize(("route", "bound"), [
    (Route("POST", "/channels/{channel_id}/messages", channel_id=CHANNEL), True),
    (Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=CHANNEL, message_id=MESSAGE), True),
    (Route("GET", "/users/@me"), True),
    (Route("GET", "/gateway/bot"), True),
    (Route("PUT", "/applications/{application_id}/commands", application_id=APP), True),
    (Route("GET", "/webhooks/{webhook_id}", webhook_id=APP), True),  # with the bot's token
    (Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback", webhook_id=1, webhook_token=TOKEN), False),
    (Route("POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=APP, webhook_token=TOKEN), False),
    (Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", webhook_id=APP,
           webhook_token=TOKEN), False),
    (Route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", webhook_id=APP,
           webhook_token=TOKEN, message_id=MESSAGE), False),
])
def test_only_interaction_callbacks_and_webhooks_are_exempt(route: Route, bound: bool) -> None:
    assert is_bound(route) is bound
    path = api_path(URL(route.url))
    assert path is not None and is_bound_path(path) is bound


def test_what_is_not_an_api_call_is_not_counted() -> None:
    assert api_path(URL("wss://gateway.discord.gg/?v=10&encoding=json")) is None
    assert api_path(URL("https://cdn.discordapp.com/avatars/1/abc.png")) is None
    assert api_path(URL("http://127.0.0.1:8000/api/v10/channels/1/messages")) == "/channels/1/messages"
    assert api_path(URL("https://discord.com/api/v9/channels/1")) == "/channels/1"


# ---------------------------------------------------------------------------- through discord.py


def as_json(body: object, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py parses JSON only when Content-Type is exactly application/json (no charset).
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


class TinyDiscord:
    """Answers as Discord does: the login, channel messages (a 429 of the scope asked for
    first, then 201), interaction callbacks and webhooks; keeps when each call came."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, str, str]] = []
        self.refuse: dict[str, dict[str, object]] = {}  # channel id -> how to refuse its next send
        self.runner: web.AppRunner | None = None
        self.base = ""

    def seen(self, method: str, prefix: str) -> list[float]:
        return [t for t, m, p in self.calls if m == method and p.startswith(API + prefix)]

    @web.middleware
    async def record(self, request: web.Request, handler):  # type: ignore[no-untyped-def]
        self.calls.append((time.monotonic(), request.method, request.path))
        return await handler(request)

    async def me(self, request: web.Request) -> web.Response:
        return as_json({"id": str(APP), "username": "kadi", "discriminator": "0", "avatar": None})

    async def send(self, request: web.Request) -> web.Response:
        how = self.refuse.pop(request.match_info["cid"], None)
        if how is not None:
            headers = {"Via": "1.1 google", "Retry-After": "1", **how.get("headers", {})}  # type: ignore[dict-item]
            return as_json({"message": "You are being rate limited.", "retry_after": how["retry_after"],
                            "global": how.get("global", False)}, status=429, headers=headers)
        return as_json({"id": str(MESSAGE)})

    async def callback(self, request: web.Request) -> web.Response:
        return as_json({"interaction": {"id": request.match_info["iid"], "type": 3}})

    async def webhook(self, request: web.Request) -> web.Response:
        return as_json({"id": str(MESSAGE), "channel_id": str(CHANNEL), "content": "",
                        "author": {"id": str(APP), "username": "kadi", "discriminator": "0", "avatar": None},
                        "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
                        "pinned": False, "mention_everyone": False, "tts": False, "type": 0,
                        "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "flags": 0,
                        "components": []})

    async def start(self) -> None:
        app = web.Application(middlewares=[self.record])
        app.router.add_get(API + "/users/@me", self.me)
        app.router.add_post(API + "/channels/{cid}/messages", self.send)
        app.router.add_post(API + "/interactions/{iid}/{token}/callback", self.callback)
        app.router.add_route("*", API + "/webhooks/{app}/{token}/messages/{mid}", self.webhook)
        self.runner = web.AppRunner(app, access_log=None)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", 0).start()
        self.base = f"http://127.0.0.1:{self.runner.addresses[0][1]}{API}"

    async def close(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()


@pytest.fixture
async def tiny(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TinyDiscord]:
    server = TinyDiscord()
    await server.start()
    monkeypatch.setattr(Route, "BASE", server.base)
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
def client() -> Iterator[discord.Client]:
    yield discord.Client(intents=discord.Intents.none())


def send(channel_id: int = CHANNEL) -> Route:
    return Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)


def session_of(client: discord.Client) -> aiohttp.ClientSession:
    session: aiohttp.ClientSession = client.http._HTTPClient__session  # type: ignore[attr-defined] # as discord.py's webhooks do
    return session


async def test_every_attempt_spends_the_budget_and_a_429_is_counted_and_retried(
        tiny: TinyDiscord, client: discord.Client) -> None:
    budget = RestBudget(40)
    waits: list[tuple[float, str, str]] = []
    budget.on_wait = lambda seconds, method, path: waits.append((seconds, method, path))
    budgeted_http(client, budget)
    try:
        await client.http.static_login("good")
        assert budget.granted == 1  # GET /users/@me
        tiny.refuse[str(CHANNEL)] = {"retry_after": 0.2, "headers": {"X-RateLimit-Scope": "user"}}
        began = time.monotonic()
        data = await client.http.request(send(), json={"content": "hi"})
        assert data == {"id": str(MESSAGE)}
        assert time.monotonic() - began >= 0.2  # discord.py waited as Discord said, then tried again
        assert len(tiny.seen("POST", "/channels/")) == 2 and budget.granted == 3  # the retry spent a slot too
        assert budget.rate_limited == {"user": 1} and budget.invalid == 1
        assert [(m, p) for _, m, p in waits] == [("GET", "/users/@me"), ("POST", f"/channels/{CHANNEL}/messages"),
                                                 ("POST", f"/channels/{CHANNEL}/messages")]

        # A global 429 that names its scope only in the body (no header), then one of scope
        # shared (not an invalid request in Discord's count).
        tiny.refuse[str(CHANNEL)] = {"retry_after": 0.1, "global": True}
        await client.http.request(send(), json={"content": "hi"})
        tiny.refuse[str(CHANNEL)] = {"retry_after": 0.05, "headers": {"X-RateLimit-Scope": "shared"}}
        await client.http.request(send(), json={"content": "hi"})
        assert budget.rate_limited == {"user": 1, "global": 1, "shared": 1} and budget.invalid == 2
    finally:
        await client.http.close()


async def test_a_global_429_holds_the_whole_queue(tiny: TinyDiscord, client: discord.Client) -> None:
    budget = RestBudget(1000)
    budgeted_http(client, budget)
    try:
        await client.http.static_login("good")
        tiny.refuse["1"] = {"retry_after": 0.3, "global": True,
                            "headers": {"X-RateLimit-Scope": "global", "X-RateLimit-Global": "true"}}
        first = asyncio.create_task(client.http.request(send(1), json={"content": "a"}))
        while not budget.rate_limited:  # its 429 came back
            await asyncio.sleep(0.01)
        assert budget.rate_limited == {"global": 1}
        refused = tiny.seen("POST", "/channels/")[0]
        # discord.py holds its own new calls too; the budget holds the ones already past that
        # check (waiting for their slot), and any call made some other way.
        assert await budget.take() > 0
        budget.finished()
        assert time.monotonic() >= refused + 0.3 - 0.01
        await first
        assert len(tiny.seen("POST", "/channels/")) == 2
        assert budget.in_flight == 0  # every attempt's answer freed its slot, the 429 too
    finally:
        await client.http.close()


async def test_interaction_answers_never_wait_while_bound_calls_do(tiny: TinyDiscord, client: discord.Client) -> None:
    budget = RestBudget(1, burst=1)  # one bound call a second
    budgeted_http(client, budget)
    try:
        await client.http.static_login("good")  # spends this second's call
        bound = asyncio.create_task(client.http.request(send(), json={"content": "waits"}))
        await asyncio.sleep(0.05)
        assert budget.queued == 1
        adapter = async_context.get()
        session = session_of(client)
        began = time.monotonic()
        for i in range(5):  # callbacks, then edits of the original response and followups
            await adapter.create_interaction_response(
                1000 + i, TOKEN, session=session, params=interaction_response_params(7, {"content": "your hand"}))
            await adapter.edit_original_interaction_response(APP, TOKEN, session=session, payload={"content": "hand"})
            await adapter.edit_webhook_message(APP, TOKEN, MESSAGE, session=session, payload={"content": "hand"})
        assert time.monotonic() - began < 0.9  # 15 exempt calls while the budget had none to give...
        assert not bound.done() and budget.granted == 1  # ...and the bound call still waits its second
        await bound
        assert budget.granted == 2 and budget.in_flight == 0
        assert len(tiny.seen("POST", "/interactions/")) == 5 and len(tiny.seen("PATCH", "/webhooks/")) == 10
    finally:
        await client.http.close()


async def test_it_joins_a_trace_the_client_already_has() -> None:
    others: list[str] = []
    existing = aiohttp.TraceConfig()

    async def metrics_start(*args: object) -> None:
        others.append("start")

    existing.on_request_start.append(metrics_start)
    client = discord.Client(intents=discord.Intents.none(), http_trace=existing)
    budget = RestBudget()
    assert budgeted_http(client, budget) is existing and client.http.http_trace is existing
    # the gate first (a method of the budget's): metrics time the call, not its wait
    assert getattr(existing.on_request_start[0], "__self__", None) is budget
    assert existing.on_request_start[1] is metrics_start
    with pytest.raises(RuntimeError):
        budgeted_http(client, budget)  # never gated twice


async def test_it_must_be_installed_before_login(tiny: TinyDiscord, client: discord.Client) -> None:
    await client.http.static_login("good")
    try:
        with pytest.raises(RuntimeError, match="before the client logs in"):
            budgeted_http(client, RestBudget())
    finally:
        await client.http.close()


async def test_a_call_that_fails_or_is_cancelled_frees_its_slot() -> None:
    """A bound call that never got an answer (nothing listens; the caller gave up) is
    answered all the same for the budget: its slot is not lost for good."""
    budget = RestBudget(5, window=0.2, burst=1)  # one call per 200 ms
    async with aiohttp.ClientSession(trace_configs=[budget.trace_config()]) as session:
        with pytest.raises(aiohttp.ClientConnectionError):
            await session.post("http://127.0.0.1:9/api/v10/channels/1/messages", json={"content": "a"})
        assert budget.granted == 1 and budget.in_flight == 0
        with socket_listening() as port:  # accepts, never answers
            call = asyncio.create_task(session.post(f"http://127.0.0.1:{port}/api/v10/channels/1/messages"))
            while budget.in_flight == 0:
                await asyncio.sleep(0.01)
            call.cancel()
            with pytest.raises(asyncio.CancelledError):
                await call
        assert budget.granted == 2 and budget.in_flight == 0
        assert await asyncio.wait_for(budget.take(), 1.0) < 0.25  # the next slot, a window after the last answer
        budget.finished()


@contextlib.contextmanager
def socket_listening() -> Iterator[int]:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield server.getsockname()[1]
