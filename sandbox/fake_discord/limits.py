"""Discord's rate limits, as the fake enforces them, and the fake's clock and counters.

See docs/testing.md, "Rate limits". One ``RateLimiter`` per ``FakeDiscord``: every client
(every shard, every bot process) that talks to one fake shares its global limit, its
buckets and its counters, as every process of one bot token shares Discord's.

- **Global**: ``Limits.global_limit`` (50) requests in any ``per``-second sliding window,
  for every route that needs the bot token. Interaction callbacks
  (``POST /interactions/{id}/{token}/callback``) and interaction webhooks
  (``/webhooks/{application_id}/{token}/...``) are not bound by it, as on Discord.
  A request refused by the global limit takes no place in the window; one refused by a
  bucket does (it was a request the bot made).
- **Buckets**: per route group and major parameter (channel, guild, webhook id + token),
  fixed windows that start with their first request (what ``X-RateLimit-Reset`` describes):
  messages in a channel (``POST /channels/{cid}/messages``, ``PATCH``/``DELETE
  /channels/{cid}/messages/{mid}``, bulk delete) share ``channel_messages`` (5 per 5 s per
  channel); each interaction token's webhook routes share ``interaction_webhook`` (5 per
  2 s, as measured in discord/discord-api-docs#2701); every other route has ``other``
  (50 per second per route and major parameter) of its own.
- **Old messages**: editing a channel message older than ``old_message_age`` (one hour on
  the fake's clock) is also limited to ``old_message_edits`` (3 per 6 s per channel),
  refused with 429 code 30046.
- **Invalid requests**: every 401, 403 and 429 answered is counted (``Counters``), whether
  or not limits are enforced; a 429 of scope ``shared`` is listed but not counted invalid.
"""

from __future__ import annotations

import asyncio
import enum
import hashlib
import math
import os
import time
from array import array
from bisect import bisect_left
from collections import Counter, deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# ---------------------------------------------------------------------------- the switch

# THE switch: True makes every FakeDiscord built without ``limits=`` enforce ``Limits()``
# (the e2e fixtures, bench/bot.py, bench/chaos.py, the soak). The environment variable
# FAKE_DISCORD_LIMITS=on|off, when set, overrides it for one run.
ENFORCED_BY_DEFAULT = True
ENVIRONMENT_SWITCH = "FAKE_DISCORD_LIMITS"

# Discord bans an address for 24 hours past this many invalid requests in 10 minutes.
BAN_THRESHOLD = 10_000
BAN_WINDOW_SECONDS = 600.0


@dataclass(frozen=True)
class Rule:
    """``limit`` requests per ``per`` seconds."""

    limit: int
    per: float


@dataclass(frozen=True)
class Limits:
    """The limits a fake enforces: ``FakeDiscord(limits=Limits(...))``; ``limits=None``: none."""

    global_limit: Rule = Rule(50, 1.0)
    channel_messages: Rule = Rule(5, 5.0)
    interaction_webhook: Rule = Rule(5, 2.0)
    other: Rule = Rule(50, 1.0)
    old_message_edits: Rule = Rule(3, 6.0)
    old_message_age: float = 3600.0


class _Default(enum.Enum):
    DEFAULT = "default"


DEFAULT = _Default.DEFAULT


def default_limits() -> Limits | None:
    """What a FakeDiscord built without ``limits=`` enforces (see ``ENFORCED_BY_DEFAULT``)."""
    value = os.environ.get(ENVIRONMENT_SWITCH, "").strip().lower()
    on = ENFORCED_BY_DEFAULT if not value else value in ("1", "on", "true", "yes")
    return Limits() if on else None


def resolve(limits: Limits | _Default | None) -> Limits | None:
    return default_limits() if isinstance(limits, _Default) else limits


# ---------------------------------------------------------------------------- the clock


class FakeClock:
    """The fake's "now": the event loop's clock (what ``FakeMessage.created_at`` and
    ``InteractionRecord.received_at`` are read from) plus an offset a test moves.

    ``advance(3601)`` makes every message an hour older and ends every rate-limit window
    at once; ``freeze()`` stops the clock (only ``advance`` moves it) so a test can send
    many requests "within one second" however slow the machine; ``thaw()`` lets it run
    again (catching up with the time that passed). Only the fake's limits and message
    ages read it: the bot's clocks, the 3-second deadline and token expiry do not move.
    """

    def __init__(self) -> None:
        self.offset = 0.0
        self._frozen_at: float | None = None

    @staticmethod
    def _base() -> float:
        try:
            return asyncio.get_running_loop().time()
        except RuntimeError:
            return time.monotonic()

    def now(self) -> float:
        base = self._base() if self._frozen_at is None else self._frozen_at
        return base + self.offset

    def wall(self) -> float:
        """Epoch seconds on the fake's clock (for ``X-RateLimit-Reset``)."""
        return time.time() + (self.now() - self._base())

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    def freeze(self) -> None:
        if self._frozen_at is None:
            self._frozen_at = self._base()

    def thaw(self) -> None:
        """Run again: the clock catches up with the time that passed while frozen."""
        self._frozen_at = None

    @property
    def frozen(self) -> bool:
        return self._frozen_at is not None


# ---------------------------------------------------------------------------- counters


@dataclass(frozen=True)
class Refusal:
    """One 429 the fake's limits answered."""

    at: float  # the fake's clock
    route: str  # "METHOD /path-template", as in FakeDiscord.route_counts
    scope: str  # "global" or "user"
    retry_after: float
    code: int | None = None  # 30046 for the old-message edit limit
    bucket: str | None = None


@dataclass
class Counters:
    """What the fake answered, for tests and benches (``fake.counters``), limits on or off.

    - ``bound_requests``: requests on routes bound by the global limit (every route that
      needs the bot token), ``unbound_requests`` the others (callbacks, interaction webhooks);
    - ``by_kind``: answers 401, 403 and 429 by kind: ``"401"``, ``"403"``, ``"429 global"``,
      ``"429 user"``, ``"429 shared"`` and ``"429"`` (no scope: an injected fault);
    - ``invalid_requests``: Discord's invalid requests (401, 403, 429 except scope shared);
      ``invalid_within(600)`` of them in the last 10 minutes (Discord's ban: 10,000);
    - ``refusals``: every 429 the limits answered (route, scope, retry_after, code);
    - ``max_bound_in(1.0)``: the most bound requests in any 1-second window.
    """

    clock: FakeClock
    bound_requests: int = 0
    unbound_requests: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)
    refusals: list[Refusal] = field(default_factory=list)
    _bound_times: array[float] = field(default_factory=lambda: array("d"))
    _invalid_times: array[float] = field(default_factory=lambda: array("d"))

    def received(self, bound: bool) -> None:
        if bound:
            self.bound_requests += 1
            self._bound_times.append(self.clock.now())
        else:
            self.unbound_requests += 1

    def answered(self, status: int, scope: str | None) -> None:
        if status == 429:
            kind = f"429 {scope}" if scope else "429"
        elif status in (401, 403):
            kind = str(status)
        else:
            return
        self.by_kind[kind] += 1
        if kind != "429 shared":
            self._invalid_times.append(self.clock.now())

    @property
    def invalid_requests(self) -> int:
        return sum(n for kind, n in self.by_kind.items() if kind != "429 shared")

    def too_many(self, scope: str | None = None) -> int:
        """429s answered (of ``scope``: "global", "user", "shared"; None: all)."""
        if scope is None:
            return sum(n for kind, n in self.by_kind.items() if kind.startswith("429"))
        return self.by_kind[f"429 {scope}"]

    def invalid_within(self, seconds: float = BAN_WINDOW_SECONDS) -> int:
        """Invalid requests in the last ``seconds`` of the fake's clock."""
        times = self._invalid_times
        return len(times) - bisect_left(times, self.clock.now() - seconds)

    def max_bound_in(self, window: float = 1.0) -> int:
        """The most bound requests received in any ``window`` seconds."""
        times, best, start = self._bound_times, 0, 0
        for end, t in enumerate(times):
            while t - times[start] >= window:
                start += 1
            best = max(best, end - start + 1)
        return best

    def summary(self) -> dict[str, Any]:
        """The counters as plain data (for a bench's report)."""
        return {
            "bound_requests": self.bound_requests,
            "unbound_requests": self.unbound_requests,
            "max_bound_per_second": self.max_bound_in(1.0),
            "invalid_requests": self.invalid_requests,
            "too_many": dict(sorted((k, v) for k, v in self.by_kind.items() if k.startswith("429"))),
            "old_message_edits_refused": sum(1 for r in self.refusals if r.code == 30046),
            **{k: v for k, v in sorted(self.by_kind.items()) if not k.startswith("429")},
        }

    def reset(self) -> None:
        self.bound_requests = self.unbound_requests = 0
        self.by_kind.clear()
        self.refusals.clear()
        self._bound_times = array("d")
        self._invalid_times = array("d")


# ---------------------------------------------------------------------------- routes


_CHANNEL_MESSAGES = frozenset(
    {
        "POST /channels/{cid}/messages",
        "POST /channels/{cid}/messages/bulk-delete",
        "PATCH /channels/{cid}/messages/{mid}",
        "DELETE /channels/{cid}/messages/{mid}",
    }
)
OLD_MESSAGE_EDIT = "PATCH /channels/{cid}/messages/{mid}"


@dataclass(frozen=True)
class RouteLimit:
    """How one route (``"METHOD /path-template"``) is limited: its bucket group, its rule
    (a ``Limits`` field), the path parameters that make its major parameter, and whether
    the global limit binds it."""

    route: str
    group: str
    rule: str
    major: tuple[str, ...]
    bound: bool
    bucket: str  # the X-RateLimit-Bucket id: the group's, without the major parameter
    own_bucket: str  # the route's alone (the generous headers when limits are off)

    @classmethod
    def of(cls, route: str, *, bound: bool) -> RouteLimit:
        path = route.split(" ", 1)[1]
        major: tuple[str, ...]
        if route in _CHANNEL_MESSAGES:
            group, rule, major = "channel messages", "channel_messages", ("cid",)
        elif path.startswith("/webhooks/{app_id}/{token}"):
            group, rule, major = "interaction webhook", "interaction_webhook", ("app_id", "token")
        elif path.startswith("/interactions/"):
            group, rule, major = route, "other", ("iid", "token")
        else:
            group, rule = route, "other"
            major = ("cid",) if "{cid}" in path else ("guild_id",) if "{guild_id}" in path else ()
        def digest(text: str) -> str:
            return hashlib.sha1(text.encode()).hexdigest()[:16]

        return cls(route, group, rule, major, bound, digest(group), digest(route))


# ---------------------------------------------------------------------------- the limiter


@dataclass(frozen=True)
class Decision:
    """The limiter's answer to one request: the headers for its answer and, if refused,
    the 429's body (the headers then are the 429's)."""

    headers: dict[str, str]
    refusal: dict[str, Any] | None = None


_EPSILON = 1e-6  # a client that waited exactly retry_after has waited long enough, float sums or not
_VIA = "1.1 google"  # Discord's edge; discord.py takes a 429 without Via for a Cloudflare ban
_GENEROUS = 250


def _up(seconds: float) -> float:
    """Seconds rounded up to the millisecond (a client waiting that long finds room)."""
    return max(math.ceil(seconds * 1000) / 1000, 0.001)


class RateLimiter:
    """Admits or refuses each REST request by ``limits`` (None: admits all, and advertises
    generous buckets so discord.py never serialises a route), and counts it."""

    def __init__(self, limits: Limits | None, clock: FakeClock, counters: Counters) -> None:
        self.limits = limits
        self.clock = clock
        self.counters = counters
        self._global: deque[float] = deque()
        # (group, major values) -> [window end, requests in the window]
        self._buckets: dict[tuple[str, tuple[str, ...]], list[float]] = {}
        self._sweep_at = 4096

    def admit(
        self, route: RouteLimit, params: Mapping[str, str], *, message_created_at: float | None = None
    ) -> Decision:
        self.counters.received(route.bound)
        limits = self.limits
        if limits is None:
            return Decision(_generous_headers(route, self.clock))
        now = self.clock.now()

        if route.bound:
            rule = limits.global_limit
            window = self._global
            while window and window[0] <= now - rule.per + _EPSILON:
                window.popleft()
            if len(window) >= rule.limit:
                retry = _up(window[0] + rule.per - now)
                return self._refuse(route, now, "global", retry, {
                    "Retry-After": str(math.ceil(retry)),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                    "Via": _VIA,
                })
            window.append(now)

        rule = getattr(limits, route.rule)
        major = tuple(params.get(name, "") for name in route.major)
        bucket = self._bucket((route.group, major), rule, now)
        if bucket[1] >= rule.limit:
            retry = _up(bucket[0] - now)
            headers = self._bucket_headers(route, rule, bucket, now, remaining=0)
            headers.update({"Retry-After": str(math.ceil(retry)), "X-RateLimit-Scope": "user", "Via": _VIA})
            return self._refuse(route, now, "user", retry, headers)

        old: list[float] | None = None
        if (
            route.route == OLD_MESSAGE_EDIT
            and message_created_at is not None
            and now - message_created_at > limits.old_message_age
        ):
            old_rule = limits.old_message_edits
            old = self._bucket(("old message edits", major), old_rule, now)
            if old[1] >= old_rule.limit:
                retry = _up(old[0] - now)
                headers = self._bucket_headers(route, rule, bucket, now, remaining=int(rule.limit - bucket[1]))
                headers.update({"Retry-After": str(math.ceil(retry)), "X-RateLimit-Scope": "user", "Via": _VIA})
                return self._refuse(
                    route, now, "user", retry, headers, code=30046,
                    message="Maximum number of edits to messages older than 1 hour reached. Try again later",
                )

        bucket[1] += 1
        if old is not None:
            old[1] += 1
        return Decision(self._bucket_headers(route, rule, bucket, now, remaining=int(rule.limit - bucket[1])))

    def _bucket(self, key: tuple[str, tuple[str, ...]], rule: Rule, now: float) -> list[float]:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self._sweep_at:
                self._buckets = {k: b for k, b in self._buckets.items() if b[0] - _EPSILON > now}
                self._sweep_at = max(4096, 2 * len(self._buckets))
            bucket = self._buckets[key] = [now + rule.per, 0.0]
        elif now >= bucket[0] - _EPSILON:
            bucket[0], bucket[1] = now + rule.per, 0.0
        return bucket

    def _bucket_headers(self, route: RouteLimit, rule: Rule, bucket: list[float], now: float, *,
                        remaining: int) -> dict[str, str]:
        reset_after = max(math.ceil((bucket[0] - now) * 1000) / 1000, 0.0)  # a client waiting finds room
        return {
            "X-RateLimit-Limit": str(rule.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{self.clock.wall() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": route.bucket,
        }

    def _refuse(self, route: RouteLimit, now: float, scope: str, retry: float, headers: dict[str, str], *,
                code: int | None = None, message: str = "You are being rate limited.") -> Decision:
        self.counters.refusals.append(
            Refusal(now, route.route, scope, retry, code, None if scope == "global" else route.bucket)
        )
        body: dict[str, Any] = {"message": message, "retry_after": retry, "global": scope == "global"}
        if code is not None:
            body["code"] = code
        return Decision(headers, body)


def _generous_headers(route: RouteLimit, clock: FakeClock) -> dict[str, str]:
    # Without these discord.py keeps each bucket at one request in flight (all interaction
    # callbacks would share one), which would serialise a busy bot in a way Discord does not.
    return {
        "X-RateLimit-Limit": str(_GENEROUS),
        "X-RateLimit-Remaining": str(_GENEROUS - 1),
        "X-RateLimit-Reset-After": "1.000",
        "X-RateLimit-Reset": f"{clock.wall() + 1:.3f}",
        "X-RateLimit-Bucket": route.own_bucket,
    }
