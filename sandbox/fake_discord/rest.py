"""The REST half of the fake: aiohttp routes under /api/v10."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from .interactions import (
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MODAL,
    PONG,
    UPDATE_MESSAGE,
    InteractionRecord,
)
from .limits import OLD_MESSAGE_EDIT, RouteLimit
from .model import DM, FLAG_EPHEMERAL, FLAG_LOADING, JSON, PUBLIC_THREAD, FakeChannel, FakeMessage

if TYPE_CHECKING:
    from .core import FakeDiscord

log = logging.getLogger("fake_discord.rest")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


_JSON_HEADERS = {"Content-Type": "application/json"}


def ok(data: Any, status: int = 200) -> web.Response:
    # discord.py only parses JSON when Content-Type is exactly "application/json" (no charset).
    return web.Response(body=json.dumps(data).encode(), status=status, headers=_JSON_HEADERS)


# The rate-limit headers an answer carries, set by ``_Api._wrap`` (limits.py decides them:
# the real buckets when limits are on, generous ones when off).
RATE_HEADERS = web.RequestKey("fake_discord_rate_headers", dict)


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[JSON, list[JSON]]:
    """JSON body, or multipart with ``payload_json`` + files (returned as attachment JSON, each
    with its bytes under ``_data``, which ``_attachments`` keeps out of the message JSON)."""
    if request.content_type.startswith("multipart/"):
        payload: JSON = {}
        files: list[JSON] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            else:
                data = await part.read()
                files.append(
                    {
                        "filename": part.filename or str(part.name),
                        "size": len(data),
                        "content_type": part.headers.get("Content-Type", "application/octet-stream"),
                        "_data": data,
                    }
                )
        return payload, files
    if not request.can_read_body:
        return {}, []
    body = await request.read()
    if not body:
        return {}, []
    value = json.loads(body)
    return (value if isinstance(value, dict) else {"_list": value}), []


def _may_attach(channel: FakeChannel, files: list[JSON]) -> None:
    if files and not channel.bot_may_attach_files:
        raise ApiError(403, 50013, "Missing Permissions")


def build_app(fake: FakeDiscord) -> web.Application:
    api = _Api(fake)

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            response = await handler(request)
        except ApiError as e:
            response = ok({"message": e.message, "code": e.code}, status=e.status)
        except web.HTTPException:
            raise
        except Exception as e:  # never 500: discord.py would sleep and retry
            log.exception("fake Discord crashed on %s %s", request.method, request.path)
            fake.errors.append(f"{request.method} {request.path}: {e!r}")
            response = ok({"message": f"fake Discord error: {e!r}", "code": 0}, status=400)
        headers = request.get(RATE_HEADERS)
        if headers and not response.prepared:
            response.headers.update(headers)
        fake.counters.answered(response.status, response.headers.get("X-RateLimit-Scope"))
        return response

    app = web.Application(middlewares=[middleware], client_max_size=64 * 1024 * 1024)
    app.router.add_get("/gateway", fake.handle_gateway)
    api.register(app.router)
    app.router.add_route("*", "/{tail:.*}", api.unknown)
    return app


class _Api:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def register(self, r: web.UrlDispatcher) -> None:
        p = "/api/v10"
        a = "/applications/{app_id}"
        routes: list[tuple[str, str, Handler, bool]] = [
            ("GET", "/users/@me", self.get_me, True),
            ("GET", "/users/{user_id}", self.get_user, True),
            ("POST", "/users/@me/channels", self.create_dm, True),
            ("GET", "/gateway", self.get_gateway, False),
            ("GET", "/gateway/bot", self.get_gateway_bot, True),
            ("GET", "/oauth2/applications/@me", self.get_application, True),
            ("GET", "/applications/@me", self.get_application, True),
            ("GET", a + "/emojis", self.list_app_emojis, True),
            ("GET", a + "/commands", self.get_commands, True),
            ("PUT", a + "/commands", self.put_commands, True),
            ("POST", a + "/commands", self.post_command, True),
            ("GET", a + "/commands/{cmd_id}", self.get_command, True),
            ("PATCH", a + "/commands/{cmd_id}", self.patch_command, True),
            ("DELETE", a + "/commands/{cmd_id}", self.delete_command, True),
            ("GET", a + "/guilds/{guild_id}/commands", self.get_commands, True),
            ("PUT", a + "/guilds/{guild_id}/commands", self.put_commands, True),
            ("POST", a + "/guilds/{guild_id}/commands", self.post_command, True),
            ("GET", a + "/guilds/{guild_id}/commands/{cmd_id}", self.get_command, True),
            ("PATCH", a + "/guilds/{guild_id}/commands/{cmd_id}", self.patch_command, True),
            ("DELETE", a + "/guilds/{guild_id}/commands/{cmd_id}", self.delete_command, True),
            ("POST", "/interactions/{iid}/{token}/callback", self.callback, False),
            ("POST", "/webhooks/{app_id}/{token}", self.followup, False),
            ("GET", "/webhooks/{app_id}/{token}/messages/{mid}", self.get_webhook_message, False),
            ("PATCH", "/webhooks/{app_id}/{token}/messages/{mid}", self.edit_webhook_message, False),
            ("DELETE", "/webhooks/{app_id}/{token}/messages/{mid}", self.delete_webhook_message, False),
            ("GET", "/channels/{cid}", self.get_channel, True),
            ("PATCH", "/channels/{cid}", self.patch_channel, True),
            ("DELETE", "/channels/{cid}", self.delete_channel, True),
            ("POST", "/channels/{cid}/typing", self.typing, True),
            ("GET", "/channels/{cid}/messages", self.list_messages, True),
            ("POST", "/channels/{cid}/messages", self.send_message, True),
            ("POST", "/channels/{cid}/messages/bulk-delete", self.bulk_delete, True),
            ("GET", "/channels/{cid}/messages/{mid}", self.get_message, True),
            ("PATCH", "/channels/{cid}/messages/{mid}", self.edit_message, True),
            ("DELETE", "/channels/{cid}/messages/{mid}", self.delete_message, True),
            ("PUT", "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me", self.react, True),
            ("DELETE", "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me", self.unreact, True),
            ("POST", "/channels/{cid}/threads", self.create_thread, True),
            ("POST", "/channels/{cid}/messages/{mid}/threads", self.create_thread, True),
            ("PUT", "/channels/{cid}/thread-members/{uid}", self.thread_member, True),
            ("DELETE", "/channels/{cid}/thread-members/{uid}", self.thread_member, True),
            ("GET", "/guilds/{guild_id}", self.get_guild, True),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels, True),
            ("GET", "/guilds/{guild_id}/roles", self.get_guild_roles, True),
            ("GET", "/guilds/{guild_id}/members", self.list_members, True),
            ("GET", "/guilds/{guild_id}/members/{uid}", self.get_member, True),
        ]
        for method, path, handler, auth in routes:
            r.add_route(method, p + path, self._wrap(method, path, handler, auth))

    def _wrap(self, method: str, path: str, handler: Handler, auth: bool) -> Handler:
        key = f"{method} {path}"
        expected = f"Bot {self.fake.token}"
        # Routes that need the bot token are the ones Discord's global limit binds.
        limit = RouteLimit.of(key, bound=auth)
        old_edit = key == OLD_MESSAGE_EDIT

        async def wrapped(request: web.Request) -> web.StreamResponse:
            self.fake.route_counts[key] += 1
            for fault in self.fake.faults:
                if fault.route == key and fault.hits < fault.times:
                    fault.hits += 1
                    if fault.delay:
                        await asyncio.sleep(fault.delay)
                    if fault.drop and request.transport is not None:
                        request.transport.abort()
                        return web.Response()  # never sent: the connection is gone
                    if fault.status is not None:
                        raise ApiError(fault.status, 0, f"{fault.status}: injected fault")
                    break
            if auth and request.headers.get("Authorization") != expected:
                raise ApiError(401, 0, "401: Unauthorized")
            created_at = None
            if old_edit:
                with contextlib.suppress(KeyError, ValueError):
                    created_at = self.fake.messages[int(request.match_info["mid"])].created_at
            decision = self.fake.rate_limiter.admit(limit, request.match_info, message_created_at=created_at)
            request[RATE_HEADERS] = decision.headers
            if decision.refusal is not None:
                return ok(decision.refusal, status=429)
            return await handler(request)

        return wrapped

    async def unknown(self, request: web.Request) -> web.Response:
        line = f"{request.method} {request.path_qs}"
        self.fake.unknown_routes.append(line)
        log.error("FAKE DISCORD: UNKNOWN ROUTE %s -> 404 (add it to sandbox/fake_discord/rest.py)", line)
        return ok({"message": f"404: Not Found (fake Discord has no route {line})", "code": 0}, 404)

    # ------------------------------------------------------------------ lookups

    def _channel(self, request: web.Request) -> FakeChannel:
        try:
            return self.fake.channels[int(request.match_info["cid"])]
        except (KeyError, ValueError):
            raise _unknown("Channel", 10003) from None

    def _channel_message(self, request: web.Request) -> tuple[FakeChannel, FakeMessage]:
        channel = self._channel(request)
        try:
            msg = self.fake.messages[int(request.match_info["mid"])]
        except (KeyError, ValueError):
            raise _unknown("Message", 10008) from None
        # Ephemeral messages are not channel messages: only their interaction webhook reaches them.
        if msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise _unknown("Message", 10008)
        return channel, msg

    def _record(self, request: web.Request, *, for_callback: bool = False) -> InteractionRecord:
        fake = self.fake
        if for_callback:
            try:
                rec = fake.interactions[int(request.match_info["iid"])]
            except (KeyError, ValueError):
                raise _unknown("interaction", 10062) from None
            if rec.token != request.match_info["token"]:
                raise ApiError(401, 50027, "Invalid Webhook Token")
            return rec
        if int(request.match_info["app_id"]) != fake.application_id:
            raise _unknown("Webhook", 10015)
        rec_or_none = fake._by_token.get(request.match_info["token"])
        if rec_or_none is None:
            raise _unknown("Webhook", 10015)
        if rec_or_none.expired:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if rec_or_none.callback_type is None:
            raise _unknown("Webhook", 10015)
        return rec_or_none

    def _guild(self, request: web.Request) -> Any:
        try:
            return self.fake.guilds[int(request.match_info["guild_id"])]
        except (KeyError, ValueError):
            raise _unknown("Guild", 10004) from None

    # ------------------------------------------------------------------ users, gateway, app

    async def get_me(self, request: web.Request) -> web.Response:
        data = self.fake.bot_user.to_json()
        data.update(verified=True, mfa_enabled=False, locale="en-US", email=None)
        return ok(data)

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.fake.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise _unknown("User", 10013)
        return ok(user.to_json())

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        user = self.fake.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            raise _unknown("User", 10013)
        for ch in self.fake.channels.values():
            if ch.type == DM and ch.recipient is user:
                return ok(ch.to_json())
        channel = self.fake._new_channel(None, f"dm-{user.name}", DM, recipient=user)
        return ok(channel.to_json())

    async def get_gateway(self, request: web.Request) -> web.Response:
        return ok({"url": self.fake.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return ok(
            {
                "url": self.fake.gateway_url,
                "shards": self.fake.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def get_application(self, request: web.Request) -> web.Response:
        fake = self.fake
        return ok(
            {
                "id": str(fake.application_id),
                "name": fake.bot_user.name,
                "icon": None,
                "description": "fake application",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": fake.bot_user.to_json(),
                "owner": fake.app_owner.to_json(),
                "team": None,
                "summary": "",
                "verify_key": "0" * 64,
                "flags": 0,
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "approximate_guild_count": len(fake.guilds),
            }
        )

    async def list_app_emojis(self, request: web.Request) -> web.Response:
        return ok({"items": []})

    # ------------------------------------------------------------------ application commands

    def _scope(self, request: web.Request) -> int | None:
        if int(request.match_info["app_id"]) != self.fake.application_id:
            raise ApiError(403, 50001, "Missing Access")
        gid = request.match_info.get("guild_id")
        if gid is None:
            return None
        if int(gid) not in self.fake.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return int(gid)

    def _store_command(self, scope: int | None, body: JSON) -> JSON:
        fake = self.fake
        ctype = int(body.get("type", 1))
        name = str(body["name"])
        key = (scope, ctype, name)
        cid = fake._command_ids.get(key)
        if cid is None:
            cid = fake._command_ids[key] = fake.next_id()
        cmd = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            **body,
            "id": str(cid),
            "application_id": str(fake.application_id),
            "type": ctype,
            "version": str(fake.next_id()),
        }
        if scope is not None:
            cmd["guild_id"] = str(scope)
        fake.commands.setdefault(scope, {})[(ctype, name)] = cmd
        return cmd

    async def get_commands(self, request: web.Request) -> web.Response:
        return ok(list(self.fake.commands.get(self._scope(request), {}).values()))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        items = body.get("_list", [])
        self.fake.commands[scope] = {}
        stored = [self._store_command(scope, item) for item in items]
        self.fake._notify(None)
        return ok(stored)

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        cmd = self._store_command(scope, body)
        self.fake._notify(None)
        return ok(cmd, 201)

    def _find_command(self, request: web.Request) -> tuple[int | None, tuple[int, str], JSON]:
        scope = self._scope(request)
        cid = request.match_info["cmd_id"]
        for key, cmd in self.fake.commands.get(scope, {}).items():
            if cmd["id"] == cid:
                return scope, key, cmd
        raise _unknown("application command", 10063)

    async def get_command(self, request: web.Request) -> web.Response:
        return ok(self._find_command(request)[2])

    async def patch_command(self, request: web.Request) -> web.Response:
        scope, key, cmd = self._find_command(request)
        body, _ = await read_body(request)
        del self.fake.commands[scope][key]
        return ok(self._store_command(scope, {**cmd, **body}))

    async def delete_command(self, request: web.Request) -> web.Response:
        scope, key, _ = self._find_command(request)
        del self.fake.commands[scope][key]
        return no_content()

    # ------------------------------------------------------------------ interactions

    async def callback(self, request: web.Request) -> web.Response:
        fake = self.fake
        rec = self._record(request, for_callback=True)
        now = fake_loop_time()
        if rec.callback_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if fake.deadline is not None and now - rec.received_at > fake.deadline:
            raise _unknown("interaction", 10062)
        body, files = await read_body(request)
        ctype = int(body.get("type", 0))
        data: JSON = body.get("data") or {}
        source = rec.source_message
        kept = (source.data.get("attachments") or []) if source is not None and ctype == UPDATE_MESSAGE else []
        data = _with_attachments(fake, data, files, kept)
        if ctype in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE) and source is None:
            raise ApiError(400, 50035, "Invalid Form Body: type only valid for component interactions")
        if ctype == MODAL and rec.type == 5:
            raise ApiError(400, 50035, "Invalid Form Body: a modal cannot open a modal")
        if ctype == AUTOCOMPLETE_RESULT and rec.type != 4:
            raise ApiError(400, 50035, "Invalid Form Body: autocomplete result for a non-autocomplete")
        if ctype not in (
            PONG,
            CHANNEL_MESSAGE,
            DEFERRED_CHANNEL_MESSAGE,
            DEFERRED_UPDATE_MESSAGE,
            UPDATE_MESSAGE,
            AUTOCOMPLETE_RESULT,
            MODAL,
        ):
            raise ApiError(400, 50035, f"Invalid Form Body: unsupported callback type {ctype}")

        rec.first_callback_at = now
        rec.callback_type = ctype
        rec.callback_data = data
        flags = int(data.get("flags") or 0)
        ephemeral = bool(flags & FLAG_EPHEMERAL)
        visible_to = rec.member.id if ephemeral else None
        if ctype == CHANNEL_MESSAGE:
            rec.original = fake.create_message(
                rec.channel, data, visible_to=visible_to, flags=flags & FLAG_EPHEMERAL, interaction=rec
            )
        elif ctype == DEFERRED_CHANNEL_MESSAGE:
            rec.original = fake.create_message(
                rec.channel,
                {},
                visible_to=visible_to,
                flags=FLAG_LOADING | (flags & FLAG_EPHEMERAL),
                interaction=rec,
            )
        elif ctype == DEFERRED_UPDATE_MESSAGE:
            rec.original = source
        elif ctype == UPDATE_MESSAGE:
            assert source is not None
            rec.original = fake.edit_message(source, data)
        elif ctype == AUTOCOMPLETE_RESULT:
            rec.choices = list(data.get("choices") or [])
        elif ctype == MODAL:
            rec.modal = data
        if not rec.acked.done():
            rec.acked.set_result(None)
        fake._notify(rec.channel.id)

        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        msg = rec.original
        inter: JSON = {"id": str(rec.id), "type": rec.type}
        result: JSON = {"interaction": inter}
        if msg is not None and ctype in (
            CHANNEL_MESSAGE,
            DEFERRED_CHANNEL_MESSAGE,
            UPDATE_MESSAGE,
            DEFERRED_UPDATE_MESSAGE,
        ):
            inter["response_message_id"] = str(msg.id)
            inter["response_message_loading"] = msg.loading
            inter["response_message_ephemeral"] = msg.ephemeral
            if ctype != DEFERRED_UPDATE_MESSAGE:
                result["resource"] = {"type": ctype, "message": msg.data}
        return ok(result)

    async def followup(self, request: web.Request) -> web.Response:
        fake = self.fake
        rec = self._record(request)
        body, files = await read_body(request)
        body = _with_attachments(fake, body, files, [])
        original = rec.original
        if (
            rec.callback_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        ):
            # Discord: the first followup after a deferred response replaces the "thinking" message.
            msg = fake.edit_message(original, body)
        else:
            flags = int(body.get("flags") or 0)
            visible_to = rec.member.id if flags & FLAG_EPHEMERAL else None
            msg = fake.create_message(
                rec.channel, body, visible_to=visible_to, flags=flags & FLAG_EPHEMERAL, interaction=rec
            )
        rec.followups.append(msg)
        fake._notify(rec.channel.id)
        if request.query.get("wait") in ("1", "true", "True"):
            return ok(msg.data)
        return no_content()

    def _webhook_message(self, request: web.Request) -> tuple[InteractionRecord, FakeMessage]:
        rec = self._record(request)
        mid = request.match_info["mid"]
        if mid == "@original":
            msg = rec.original
        else:
            try:
                msg = self.fake.messages.get(int(mid))
            except ValueError:
                msg = None
            mine = msg is rec.original or msg is rec.source_message or msg in rec.followups
            if msg is not None and not mine:
                msg = None
        if msg is None or msg.deleted:
            raise _unknown("Message", 10008)
        return rec, msg

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        return ok(self._webhook_message(request)[1].data)

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        rec, msg = self._webhook_message(request)
        body, files = await read_body(request)
        body = _with_attachments(self.fake, body, files, msg.data.get("attachments") or [])
        rec.edits += 1  # before the edit wakes anyone waiting on it
        return ok(self.fake.edit_message(msg, body).data)

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        _, msg = self._webhook_message(request)
        self.fake.delete_message(msg)
        return no_content()

    # ------------------------------------------------------------------ channels

    async def get_channel(self, request: web.Request) -> web.Response:
        return ok(self._channel(request).to_json())

    async def patch_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, _ = await read_body(request)
        if body.get("name"):
            channel.name = str(body["name"])
        return ok(channel.to_json())

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        data = channel.to_json()
        self.fake.delete_channel(channel)
        return ok(data)

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        q = request.query
        limit = min(int(q.get("limit", 50)), 100)
        items = [m for m in self.fake.channel_messages.get(channel.id, []) if not m.deleted and not m.ephemeral]
        if "before" in q:
            items = [m for m in items if m.id < int(q["before"])]
        if "after" in q:
            items = [m for m in items if m.id > int(q["after"])][:limit]
        items = items[-limit:]
        return ok([m.data for m in reversed(items)])

    async def send_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, files = await read_body(request)
        _may_attach(channel, files)
        body = _with_attachments(self.fake, body, files, [])
        if not (
            body.get("content")
            or body.get("embeds")
            or body.get("components")
            or body.get("attachments")
            or body.get("sticker_ids")
            or body.get("poll")
        ):
            raise ApiError(400, 50006, "Cannot send an empty message")
        flags = int(body.get("flags") or 0) & ~(FLAG_EPHEMERAL | FLAG_LOADING)
        return ok(self.fake.create_message(channel, body, flags=flags).data)

    async def get_message(self, request: web.Request) -> web.Response:
        return ok(self._channel_message(request)[1].data)

    async def edit_message(self, request: web.Request) -> web.Response:
        channel, msg = self._channel_message(request)
        body, files = await read_body(request)
        _may_attach(channel, files)
        body = _with_attachments(self.fake, body, files, msg.data.get("attachments") or [])
        return ok(self.fake.edit_message(msg, body).data)

    async def delete_message(self, request: web.Request) -> web.Response:
        _, msg = self._channel_message(request)
        self.fake.delete_message(msg)
        return no_content()

    async def bulk_delete(self, request: web.Request) -> web.Response:
        self._channel(request)
        body, _ = await read_body(request)
        for mid in body.get("messages", []):
            msg = self.fake.messages.get(int(mid))
            if msg is not None and not msg.deleted:
                self.fake.delete_message(msg)
        return no_content()

    async def react(self, request: web.Request) -> web.Response:
        _, msg = self._channel_message(request)
        msg.reactions.append(request.match_info["emoji"])
        self.fake._notify(msg.channel_id)
        return no_content()

    async def unreact(self, request: web.Request) -> web.Response:
        _, msg = self._channel_message(request)
        emoji = request.match_info["emoji"]
        if emoji in msg.reactions:
            msg.reactions.remove(emoji)
        return no_content()

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        body, _ = await read_body(request)
        ttype = int(body.get("type", PUBLIC_THREAD))
        thread = self.fake._new_channel(
            parent.guild,
            str(body.get("name", "thread")),
            ttype,
            parent_id=parent.id,
            owner_id=self.fake.bot_user.id,
        )
        data = thread.to_json()
        if parent.guild is not None:
            for s in self.fake._sessions_for(parent.guild.id):
                s.dispatch("THREAD_CREATE", {**data, "newly_created": True})
        self.fake._notify(None)
        return ok(data, 201)

    async def thread_member(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    # ------------------------------------------------------------------ guilds

    async def get_guild(self, request: web.Request) -> web.Response:
        data = self._guild(request).to_json()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        return ok(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        return ok([c.to_json() for c in self._guild(request).channels.values() if c.type not in (11, 12)])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        return ok([r.to_json() for r in self._guild(request).roles.values()])

    async def list_members(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        limit = int(request.query.get("limit", 1))
        return ok([m.to_json() for m in list(guild.members.values())[:limit]])

    async def get_member(self, request: web.Request) -> web.Response:
        member = self._guild(request).members.get(int(request.match_info["uid"]))
        if member is None:
            raise _unknown("Member", 10007)
        return ok(member.to_json())


def fake_loop_time() -> float:
    import asyncio

    return asyncio.get_running_loop().time()


def _attachments(fake: FakeDiscord, payload: JSON, files: list[JSON]) -> list[JSON]:
    """The files uploaded, as Discord keeps them: each with the description (alt text) the
    payload's ``attachments`` gave it, listed there by the file's index."""
    described = {str(a.get("id")): a.get("description") for a in payload.get("attachments") or []
                 if isinstance(a, dict) and a.get("description")}
    out = []
    for index, f in enumerate(files):
        aid = fake.next_id()
        url = f"{fake.base_url}/attachments/{aid}/{f['filename']}"
        fields = {k: v for k, v in f.items() if k != "_data"}
        if str(index) in described:
            fields["description"] = described[str(index)]
        fake.uploaded(url, f.get("_data", b""))
        out.append({"id": str(aid), "url": url, "proxy_url": url, **fields})
    return out


def _with_attachments(fake: FakeDiscord, payload: JSON, files: list[JSON], existing: list[JSON]) -> JSON:
    """The message payload with its attachments as Discord keeps them: a payload that names
    no ``attachments`` and sends no files leaves a message's attachments as they are; else
    the message keeps the existing ones the list names by id, plus the files uploaded."""
    if "attachments" not in payload and not files:
        return payload
    listed = {str(a.get("id")) for a in payload.get("attachments") or [] if isinstance(a, dict)}
    kept = [a for a in existing if str(a.get("id")) in listed]
    return {**payload, "attachments": kept + _attachments(fake, payload, files)}
