"""The fake Discord's rate limits (sandbox/fake_discord/limits.py), over raw HTTP for the
exact bodies and headers, and through discord.py's own HTTP client for its retries.

Most tests freeze the fake's clock, so "within one second" holds however busy the machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import discord.http
import pytest

from sandbox.fake_discord import Counters, FakeClock, FakeDiscord, FakeGuild, Limits, Rule
from sandbox.fake_discord import limits as limits_module
from tests.waiting import eventually


@pytest.fixture
def limited(limited_discord: FakeDiscord) -> FakeDiscord:
    """A started fake enforcing Discord's limits as they are (``Limits()``: conftest)."""
    return limited_discord


@contextlib.asynccontextmanager
async def raw(fake: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(base_url=fake.base_url, headers=headers) as http:
        yield http


class Answer:
    def __init__(self, status: int, headers: Any, body: Any) -> None:
        self.status, self.headers, self.body = status, headers, body

    def __repr__(self) -> str:
        return f"<{self.status} {self.body!r}>"


async def call(http: aiohttp.ClientSession, method: str, path: str, **kwargs: Any) -> Answer:
    async with http.request(method, "/api/v10" + path, **kwargs) as r:
        body = await r.json() if r.status != 204 else None
        return Answer(r.status, r.headers, body)


async def post(http: aiohttp.ClientSession, channel_id: int, text: str = "hello") -> Answer:
    return await call(http, "POST", f"/channels/{channel_id}/messages", json={"content": text})


# --------------------------------------------------------------------------- the switch


def test_limits_are_off_unless_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(limits_module.ENVIRONMENT_SWITCH, raising=False)
    # ENFORCED_BY_DEFAULT is False until the bot budgets its calls (issue 28), then True.
    assert FakeDiscord().limits == (Limits() if limits_module.ENFORCED_BY_DEFAULT else None)
    monkeypatch.setattr(limits_module, "ENFORCED_BY_DEFAULT", False)
    assert FakeDiscord().limits is None
    assert FakeDiscord(limits=Limits(channel_messages=Rule(1, 1.0))).limits == Limits(channel_messages=Rule(1, 1.0))
    monkeypatch.setattr(limits_module, "ENFORCED_BY_DEFAULT", True)
    assert FakeDiscord().limits == Limits()
    assert FakeDiscord(limits=None).limits is None
    monkeypatch.setenv(limits_module.ENVIRONMENT_SWITCH, "off")
    assert FakeDiscord().limits is None
    monkeypatch.setattr(limits_module, "ENFORCED_BY_DEFAULT", False)
    monkeypatch.setenv(limits_module.ENVIRONMENT_SWITCH, "on")
    assert FakeDiscord().limits == Limits()


async def test_without_limits_nothing_is_refused_and_buckets_look_generous(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    fake.limits = None
    channel = fake.add_guild().text_channels[0]
    fake.clock.freeze()
    async with raw(fake) as http:
        answers = [await post(http, channel.id) for _ in range(60)]
    assert {a.status for a in answers} == {200}
    assert answers[-1].headers["X-RateLimit-Remaining"] == "249"
    assert fake.counters.bound_requests == 60 and fake.counters.too_many() == 0


# --------------------------------------------------------------------------- the global limit


async def test_the_51st_bound_request_in_a_second_is_refused_globally(limited: FakeDiscord) -> None:
    fake = limited
    guild = fake.add_guild(channels=tuple(f"c{i}" for i in range(52)))
    channels = guild.text_channels
    fake.clock.freeze()
    async with raw(fake) as http:
        answers = [await call(http, "GET", f"/channels/{c.id}") for c in channels[:51]]
        assert [a.status for a in answers] == [200] * 50 + [429], answers
        refused = answers[-1]
        assert refused.body == {"message": "You are being rate limited.", "retry_after": 1.0, "global": True}
        assert refused.headers["X-RateLimit-Global"] == "true"
        assert refused.headers["X-RateLimit-Scope"] == "global"
        assert refused.headers["Retry-After"] == "1"
        assert "Via" in refused.headers  # discord.py takes a 429 without it for a Cloudflare ban
        assert "X-RateLimit-Remaining" not in refused.headers  # a global 429 names no bucket

        fake.clock.advance(0.999)
        assert (await call(http, "GET", f"/channels/{channels[51].id}")).status == 429
        fake.clock.advance(0.001)  # retry_after later: a second since the first request
        assert (await call(http, "GET", f"/channels/{channels[51].id}")).status == 200
    counters = fake.counters
    assert counters.too_many("global") == 2 and counters.too_many("user") == 0
    assert counters.bound_requests == 53 and counters.invalid_requests == 2
    assert [r.scope for r in counters.refusals] == ["global", "global"]
    assert counters.refusals[0].route == "GET /channels/{cid}"
    assert counters.max_bound_in(1.0) == 52  # requests made, refused or not: 51 at once, one 0.999 s later


async def test_interaction_callbacks_and_webhooks_are_not_bound_by_the_global_limit(limited: FakeDiscord) -> None:
    fake = limited
    guild = fake.add_guild(channels=("play",))
    member = fake.add_member(guild, "ann")
    channel = guild.text_channels[0]
    records = [fake.raw_interaction(member, channel) for _ in range(60)]
    fake.clock.freeze()
    app = fake.application_id
    async with raw(fake) as http:
        for rec in records:
            answer = await call(http, "POST", f"/interactions/{rec.id}/{rec.token}/callback",
                                json={"type": 4, "data": {"content": "thinking about it"}})
            assert answer.status == 204, answer
        for rec in records:
            edit = await call(http, "PATCH", f"/webhooks/{app}/{rec.token}/messages/@original",
                              json={"content": "done"})
            assert edit.status == 200, edit
            followup = await call(http, "POST", f"/webhooks/{app}/{rec.token}?wait=true",
                                  json={"content": "and another thing"})
            assert followup.status == 200, followup
        assert followup.headers["X-RateLimit-Limit"] == "5"  # one interaction token's own bucket
        assert followup.headers["X-RateLimit-Remaining"] == "3"
        # 180 unbound requests in the same second, and the global limit is still whole.
        bound = [await call(http, "GET", f"/channels/{channel.id}") for _ in range(50)]
        assert {a.status for a in bound} == {200}
        assert (await call(http, "GET", f"/guilds/{guild.id}")).status == 429
    assert fake.counters.unbound_requests == 180 and fake.counters.bound_requests == 51
    assert fake.counters.too_many("global") == 1 and fake.counters.too_many("user") == 0
    assert all(r.original is not None and r.original.content == "done" for r in records)


async def test_an_interaction_tokens_webhook_bucket(limited: FakeDiscord) -> None:
    fake = limited
    guild = fake.add_guild()
    rec = fake.raw_interaction(fake.add_member(guild, "ann"))
    fake.clock.freeze()
    url = f"/webhooks/{fake.application_id}/{rec.token}/messages/@original"
    async with raw(fake) as http:
        await call(http, "POST", f"/interactions/{rec.id}/{rec.token}/callback",
                   json={"type": 4, "data": {"content": "0"}})
        edits = [await call(http, "PATCH", url, json={"content": str(n)}) for n in range(1, 7)]
    assert [e.status for e in edits] == [200] * 5 + [429]
    assert [e.headers["X-RateLimit-Remaining"] for e in edits] == ["4", "3", "2", "1", "0", "0"]
    assert edits[-1].body == {"message": "You are being rate limited.", "retry_after": 2.0, "global": False}
    assert edits[-1].headers["X-RateLimit-Scope"] == "user"
    assert fake.counters.too_many("user") == 1 and fake.counters.too_many("global") == 0


# --------------------------------------------------------------------------- per-route buckets


async def test_six_messages_in_a_channel_in_five_seconds(limited: FakeDiscord) -> None:
    fake = limited
    guild = fake.add_guild(channels=("tables", "other"))
    busy, other = guild.text_channels
    fake.clock.freeze()
    async with raw(fake) as http:
        sent = [await post(http, busy.id, f"m{n}") for n in range(5)]
        assert [a.status for a in sent] == [200] * 5
        assert [a.headers["X-RateLimit-Remaining"] for a in sent] == ["4", "3", "2", "1", "0"]
        assert {a.headers["X-RateLimit-Limit"] for a in sent} == {"5"}
        assert {a.headers["X-RateLimit-Reset-After"] for a in sent} == {"5.000"}
        bucket = sent[0].headers["X-RateLimit-Bucket"]
        reset = float(sent[0].headers["X-RateLimit-Reset"])
        assert abs(reset - (fake.clock.wall() + 5)) < 0.01  # epoch seconds

        sixth = await post(http, busy.id, "m5")
        assert sixth.status == 429
        assert sixth.body == {"message": "You are being rate limited.", "retry_after": 5.0, "global": False}
        assert sixth.headers["X-RateLimit-Scope"] == "user"
        assert sixth.headers["X-RateLimit-Remaining"] == "0" and sixth.headers["X-RateLimit-Limit"] == "5"
        assert sixth.headers["X-RateLimit-Bucket"] == bucket and sixth.headers["Retry-After"] == "5"
        assert "X-RateLimit-Global" not in sixth.headers and "Via" in sixth.headers

        # An edit of a message in that channel is in the same bucket (Discord's 5 per 5 s per channel) ...
        mid = sent[0].body["id"]
        edit = await call(http, "PATCH", f"/channels/{busy.id}/messages/{mid}", json={"content": "x"})
        assert edit.status == 429 and edit.headers["X-RateLimit-Bucket"] == bucket
        # ... reading the channel is not, and another channel has a bucket of its own.
        assert (await call(http, "GET", f"/channels/{busy.id}/messages")).status == 200
        elsewhere = await post(http, other.id)
        assert elsewhere.status == 200 and elsewhere.headers["X-RateLimit-Remaining"] == "4"
        assert elsewhere.headers["X-RateLimit-Bucket"] == bucket  # same bucket id, its own major parameter

        fake.clock.advance(2.5)
        halfway = await post(http, busy.id)
        assert halfway.status == 429 and halfway.body["retry_after"] == 2.5
        fake.clock.advance(2.5)
        again = await post(http, busy.id, "m5")
        assert again.status == 200 and again.headers["X-RateLimit-Remaining"] == "4"
    assert [m.content for m in fake.public_messages(busy)] == ["m0", "m1", "m2", "m3", "m4", "m5"]
    assert fake.counters.too_many("user") == 3 and fake.counters.too_many("global") == 0
    assert fake.counters.invalid_requests == 3


# --------------------------------------------------------------------------- hour-old messages


async def test_an_hour_old_message_is_edited_three_times_in_six_seconds(limited: FakeDiscord) -> None:
    fake = limited
    guild = fake.add_guild(channels=("tables",))
    channel = guild.text_channels[0]
    fake.clock.freeze()
    async with raw(fake) as http:
        posted = await post(http, channel.id, "table")
        old = fake.messages[int(posted.body["id"])]
        path = f"/channels/{channel.id}/messages/{old.id}"
        edits = [await call(http, "PATCH", path, json={"content": f"edit {n}"}) for n in range(4)]
        assert [e.status for e in edits] == [200] * 4  # not an hour old yet: only the bucket counts

        fake.clock.advance(3600.5)
        assert fake.message_age(old) > 3600
        edits = [await call(http, "PATCH", path, json={"content": f"late edit {n}"}) for n in range(4)]
        assert [e.status for e in edits] == [200, 200, 200, 429], edits
        refused = edits[-1]
        assert refused.body == {
            "message": "Maximum number of edits to messages older than 1 hour reached. Try again later",
            "code": 30046,
            "retry_after": 6.0,
            "global": False,
        }
        assert refused.headers["X-RateLimit-Scope"] == "user" and refused.headers["Retry-After"] == "6"
        assert refused.headers["X-RateLimit-Remaining"] == "2"  # a sub-limit: the channel's bucket has room
        assert old.content == "late edit 2"

        # A fresh message in the same channel is not held by it ...
        fresh = await post(http, channel.id, "new table")
        fresh_edit = await call(http, "PATCH", f"/channels/{channel.id}/messages/{fresh.body['id']}",
                                json={"content": "new table, edited"})
        assert fresh.status == fresh_edit.status == 200
        # ... and the old one may be edited again six seconds after its first edit of the window.
        fake.clock.advance(5.999)
        assert (await call(http, "PATCH", path, json={"content": "too soon"})).status == 429
        fake.clock.advance(0.001)
        assert (await call(http, "PATCH", path, json={"content": "later still"})).status == 200
    assert old.content == "later still"
    refusals = [r for r in fake.counters.refusals if r.code == 30046]
    assert len(refusals) == 2 and fake.counters.summary()["old_message_edits_refused"] == 2
    assert fake.counters.too_many("user") == 2


# --------------------------------------------------------------------------- invalid requests


async def test_invalid_requests_are_counted(limited: FakeDiscord) -> None:
    fake = limited
    guild = fake.add_guild(channels=("a",))
    channel = guild.text_channels[0]
    fake.clock.freeze()
    async with raw(fake) as http:
        bad_token = await call(http, "GET", "/users/@me", headers={"Authorization": "Bot nope"})
        forbidden = await call(http, "GET", "/applications/12345/commands")  # not this bot's application
        for _ in range(6):
            await post(http, channel.id)
        fake.clock.advance(5)
        fake.limits = Limits(global_limit=Rule(1, 1.0))
        await call(http, "GET", f"/channels/{channel.id}")
        await call(http, "GET", f"/channels/{channel.id}")
    assert (bad_token.status, forbidden.status) == (401, 403)
    counters = fake.counters
    assert counters.by_kind == {"401": 1, "403": 1, "429 user": 1, "429 global": 1}
    assert counters.invalid_requests == 4 and counters.invalid_within(600) == 4
    fake.clock.advance(601)
    assert counters.invalid_within(600) == 0 and counters.invalid_requests == 4
    summary = counters.summary()
    assert summary["invalid_requests"] == 4 and summary["too_many"] == {"429 global": 1, "429 user": 1}


async def test_invalid_requests_are_counted_without_limits_too(fake_discord: FakeDiscord) -> None:
    fake_discord.limits = None
    async with raw(fake_discord) as http:
        assert (await call(http, "GET", "/users/@me", headers={"Authorization": "Bot nope"})).status == 401
    assert fake_discord.counters.by_kind == {"401": 1} and fake_discord.counters.invalid_requests == 1


def test_counters_shared_scope_and_busiest_second() -> None:
    clock = FakeClock()
    clock.freeze()
    counters = Counters(clock)
    counters.answered(429, "shared")
    counters.answered(429, "user")
    counters.answered(404, None)
    assert counters.too_many() == 2 and counters.invalid_requests == 1  # Discord forgives scope shared
    for _ in range(10):
        counters.received(bound=True)
    clock.advance(0.5)
    for _ in range(5):
        counters.received(bound=True)
    clock.advance(0.6)
    for _ in range(7):
        counters.received(bound=True)
    counters.received(bound=False)
    assert counters.max_bound_in(1.0) == 15 and counters.max_bound_in(0.5) == 10
    assert counters.bound_requests == 22 and counters.unbound_requests == 1
    counters.reset()
    assert counters.bound_requests == 0 and counters.max_bound_in() == 0 and not counters.by_kind


def test_the_clock_moves_when_told() -> None:
    clock = FakeClock()
    start = clock.now()
    clock.advance(3600)
    assert clock.now() - start >= 3600
    clock.freeze()
    frozen = clock.now()
    time.sleep(0.01)
    assert clock.now() == frozen and clock.frozen
    clock.advance(1.5)
    assert clock.now() == frozen + 1.5
    clock.thaw()
    assert clock.now() >= frozen + 1.5 and not clock.frozen


# --------------------------------------------------------------------------- discord.py's own client


@contextlib.asynccontextmanager
async def logged_in(fake: FakeDiscord) -> AsyncIterator[discord.http.HTTPClient]:
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login(fake.token)
    try:
        yield http
    finally:
        await http.close()


async def _thaw_at_first_refusal(fake: FakeDiscord) -> None:
    await eventually(lambda: fake.counters.refusals, "a 429")
    fake.clock.thaw()


async def test_discord_py_waits_out_a_global_429_and_retries(limited: FakeDiscord) -> None:
    fake = limited
    fake.limits = Limits(global_limit=Rule(5, 1.0))
    guild: FakeGuild = fake.add_guild(channels=tuple(f"c{i}" for i in range(6)))
    async with logged_in(fake) as http:
        fake.clock.advance(1)  # past the login's GET /users/@me
        fake.clock.freeze()
        for channel in guild.text_channels[:5]:
            await http.get_channel(channel.id)
        thaw = asyncio.create_task(_thaw_at_first_refusal(fake))
        began = time.monotonic()
        sixth = await http.get_channel(guild.text_channels[5].id)  # 429, a wait, then 200
        waited = time.monotonic() - began
        await thaw
    assert sixth["id"] == str(guild.text_channels[5].id)
    (refusal,) = fake.counters.refusals
    assert refusal.scope == "global" and refusal.retry_after == 1.0
    assert waited >= refusal.retry_after * 0.99
    assert fake.counters.too_many("global") == 1 and fake.counters.invalid_requests == 1


async def test_discord_py_keeps_to_a_bucket_and_retries_a_429_another_client_caused(limited: FakeDiscord) -> None:
    # Two clients on one token, as two processes of one bot: the fake's buckets are shared.
    fake = limited
    fake.limits = Limits(channel_messages=Rule(2, 1.0))
    channel = fake.add_guild(channels=("tables",)).text_channels[0]
    async with logged_in(fake) as first, logged_in(fake) as second:
        # One client alone reads the headers and waits before the bucket runs out: no 429.
        began = time.monotonic()
        for n in range(3):
            await first.send_message(channel.id, params=discord.http.handle_message_parameters(content=f"a{n}"))
        assert time.monotonic() - began >= 0.9 and fake.counters.too_many() == 0

        fake.clock.advance(1)  # a fresh window
        fake.clock.freeze()
        for n in range(2):
            await first.send_message(channel.id, params=discord.http.handle_message_parameters(content=f"b{n}"))
        thaw = asyncio.create_task(_thaw_at_first_refusal(fake))
        began = time.monotonic()
        # The second client knows nothing of the first's requests: Discord refuses it, it waits, it retries.
        await second.send_message(channel.id, params=discord.http.handle_message_parameters(content="c"))
        waited = time.monotonic() - began
        await thaw
    (refusal,) = fake.counters.refusals
    assert refusal.scope == "user" and refusal.route == "POST /channels/{cid}/messages" and refusal.retry_after == 1.0
    assert waited >= 0.99
    assert [m.content for m in fake.public_messages(channel)] == ["a0", "a1", "a2", "b0", "b1", "c"]
    assert fake.counters.by_kind == {"429 user": 1}
