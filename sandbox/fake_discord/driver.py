"""The test-facing driver: members run slash commands, autocomplete, click, select."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping
from typing import Any

from .commands import CommandUsageError, build_command_data
from .interactions import WAIT_SECONDS, InteractionRecord, InteractionResult
from .model import (
    JSON,
    SELECT_TYPES,
    Component,
    FakeChannel,
    FakeMember,
    FakeMessage,
)
from .state import FakeDiscordError, FakeState


class Driver(FakeState):
    """Sends interactions as members and returns what they saw."""

    # ------------------------------------------------------------------ driver

    def _find_command(self, member: FakeMember, name: str) -> JSON | None:
        for scope in (member.guild.id, None):
            cmd = self.commands.get(scope, {}).get((1, name))
            if cmd is not None:
                return cmd
        return None

    def _interaction_payload(
        self, itype: int, member: FakeMember, channel: FakeChannel, data: JSON
    ) -> tuple[int, str, JSON]:
        iid = self.next_id()
        token = f"itk.{iid}.{secrets.token_urlsafe(12)}"
        guild = member.guild
        channel_json = channel.to_json()
        channel_json["permissions"] = str(member.permissions)
        payload: JSON = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            "channel_id": str(channel.id),
            "channel": channel_json,
            "member": member.to_json(with_permissions=True),
            "token": token,
            "version": 1,
            "app_permissions": str(self.bot_member(guild).permissions),
            "locale": member.locale,
            "guild_locale": guild.preferred_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        return iid, token, payload

    async def send_interaction(
        self,
        itype: int,
        member: FakeMember,
        channel: FakeChannel,
        data: JSON,
        *,
        message: FakeMessage | None = None,
        locale: str | None = None,
        timeout: float = WAIT_SECONDS,
    ) -> InteractionResult:
        """An interaction of type ``itype`` (2 a command, 3 a component, 5 a modal) with
        ``data`` as the member's client sends it, on ``message`` if a component's: what
        ``click``, ``select`` and ``slash`` send, and what a test sends to forge a click no
        message offers now (an old lobby's Join, a tampered menu value)."""
        if channel.guild is not member.guild:
            raise FakeDiscordError(f"{member!r} is not in the guild of channel {channel.name}")
        session = self._session_for(member.guild.id)
        if session is None:
            await self.wait_for(lambda: self._session_for(member.guild.id), timeout=timeout)
            session = self._session_for(member.guild.id)
            assert session is not None
        iid, token, payload = self._interaction_payload(itype, member, channel, data)
        if locale is not None:  # this one interaction's (else the member's own, ``FakeMember.locale``)
            payload["locale"] = locale
        if message is not None:
            payload["message"] = message.data
        record = self._record(iid, token, itype, member, channel, payload, message)
        session.dispatch("INTERACTION_CREATE", payload)
        try:
            await asyncio.wait_for(asyncio.shield(record.acked), timeout)
        except TimeoutError:
            raise FakeDiscordError(
                f"the bot did not answer {record.name!r} within {timeout}s "
                "(Discord would show 'This interaction failed')"
            ) from None
        return InteractionResult(self, record)

    def raw_interaction(
        self, member: FakeMember, channel: FakeChannel | None = None, *, message: FakeMessage | None = None
    ) -> InteractionRecord:
        """An interaction as if sent to the bot (a slash command, or a click on ``message``),
        dispatched to no one: for tests that answer it themselves over raw HTTP
        (``/interactions/{record.id}/{record.token}/callback``, then its webhook)."""
        channel = channel or self.default_channel(member)
        itype = 2 if message is None else 3
        data: JSON = {"name": "raw", "type": 1} if message is None else {"custom_id": "raw", "component_type": 2}
        iid, token, payload = self._interaction_payload(itype, member, channel, data)
        return self._record(iid, token, itype, member, channel, payload, message)

    def _record(self, iid: int, token: str, itype: int, member: FakeMember, channel: FakeChannel,
                payload: JSON, message: FakeMessage | None) -> InteractionRecord:
        """Keep a new interaction, by id and by token, received now."""
        loop = asyncio.get_running_loop()
        record = InteractionRecord(id=iid, token=token, type=itype, member=member, channel=channel,
                                   payload=payload, received_at=loop.time(), acked=loop.create_future(),
                                   source_message=message)
        self.interactions[iid] = record
        self._by_token[token] = record
        self.interaction_log.append(record)
        return record

    async def slash(
        self,
        member: FakeMember,
        command: str,
        /,
        *,
        channel: FakeChannel | None = None,
        options: Mapping[str, Any] | None = None,
        locale: str | None = None,
        timeout: float = WAIT_SECONDS,
        unchecked: bool = False,
        **kwargs: Any,
    ) -> InteractionResult:
        """Run ``/command`` (e.g. ``"kadi play"``) as ``member`` with options by name.

        Options named like a keyword parameter go in ``options={...}``. Waits (up to
        ``timeout``) for the command to be synced, then for the bot's first callback.
        ``unchecked=True`` sends values outside the option's choices, min/max values or
        lengths, as a modified client or a script could (the bot must check them itself).
        """
        data = await self._command_data(member, command, {**(options or {}), **kwargs}, None, timeout,
                                        checked=not unchecked)
        return await self.send_interaction(
            2, member, channel or self.default_channel(member), data, locale=locale, timeout=timeout
        )

    async def autocomplete(
        self,
        member: FakeMember,
        command: str,
        focused: str,
        /,
        *,
        channel: FakeChannel | None = None,
        options: Mapping[str, Any] | None = None,
        locale: str | None = None,
        timeout: float = WAIT_SECONDS,
        **kwargs: Any,
    ) -> list[JSON]:
        """Type into option ``focused`` of ``/command``; returns the choices the bot offered."""
        values = {**(options or {}), **kwargs}
        data = await self._command_data(member, command, values, focused, timeout)
        result = await self.send_interaction(
            4, member, channel or self.default_channel(member), data, locale=locale, timeout=timeout
        )
        if result.type != 8:
            raise FakeDiscordError(f"autocomplete answered with callback type {result.type}")
        return result.choices

    async def _command_data(
        self,
        member: FakeMember,
        command: str,
        values: Mapping[str, Any],
        focused: str | None,
        timeout: float,
        *,
        checked: bool = True,
    ) -> JSON:
        path = command.strip().lstrip("/").split()
        if not path:
            raise CommandUsageError("empty command")
        cmd = self._find_command(member, path[0])
        if cmd is None:
            await self.wait_for(lambda: self._find_command(member, path[0]), timeout=timeout)
            cmd = self._find_command(member, path[0])
            assert cmd is not None
        return build_command_data(cmd, path, values, focused=focused, checked=checked)

    def _check_clickable(self, member: FakeMember, message: FakeMessage) -> FakeChannel:
        if message.deleted:
            raise FakeDiscordError(f"message {message.id} was deleted")
        if not message.public and message.visible_to != member.id:
            raise FakeDiscordError(f"{member!r} cannot see ephemeral message {message.id}")
        return self.channels[message.channel_id]

    async def click(
        self,
        member: FakeMember,
        message: FakeMessage,
        button: str | Component,
        *,
        locale: str | None = None,
        timeout: float = WAIT_SECONDS,
    ) -> InteractionResult:
        """Click a button (by label, custom id or custom-id prefix) on ``message``."""
        channel = self._check_clickable(member, message)
        comp = button if isinstance(button, Component) else message.button(button)
        if comp.type != 2:
            raise FakeDiscordError(f"{comp.custom_id!r} is not a button")
        if comp.disabled:
            raise FakeDiscordError(f"button {comp.label or comp.custom_id!r} is disabled")
        if comp.url or not comp.custom_id:
            raise FakeDiscordError("link buttons do not create interactions")
        current = {c.custom_id for c in message.buttons()}
        if comp.custom_id not in current:
            raise FakeDiscordError(f"button {comp.custom_id!r} is no longer on message {message.id}")
        data = {"custom_id": comp.custom_id, "component_type": 2}
        return await self.send_interaction(3, member, channel, data, message=message, locale=locale, timeout=timeout)

    async def select(
        self,
        member: FakeMember,
        message: FakeMessage,
        values: list[str] | str,
        select: str | Component | None = None,
        *,
        locale: str | None = None,
        timeout: float = WAIT_SECONDS,
    ) -> InteractionResult:
        """Choose ``values`` (option values or labels) in a select menu of ``message``."""
        channel = self._check_clickable(member, message)
        comp = select if isinstance(select, Component) else message.select(select)
        if comp.disabled:
            raise FakeDiscordError(f"select {comp.custom_id!r} is disabled")
        if comp.custom_id not in {c.custom_id for c in message.selects()}:
            raise FakeDiscordError(f"select {comp.custom_id!r} is no longer on message {message.id}")
        chosen = [values] if isinstance(values, str) else list(values)
        if comp.type == 3:
            chosen = [comp.option(v) for v in chosen]
        lo, hi = int(comp.data.get("min_values", 1)), int(comp.data.get("max_values", 1))
        if not lo <= len(chosen) <= hi:
            raise FakeDiscordError(f"select {comp.custom_id!r} takes {lo}..{hi} values, got {chosen}")
        data: JSON = {"custom_id": comp.custom_id, "component_type": comp.type, "values": chosen}
        if comp.type in SELECT_TYPES[1:]:
            resolved: JSON = {}
            for v in chosen:
                user = self.users.get(int(v))
                if user is not None:
                    resolved.setdefault("users", {})[v] = user.to_json()
                    guild_member = member.guild.members.get(user.id)
                    if guild_member is not None:
                        m = guild_member.to_json(with_permissions=True)
                        del m["user"]
                        resolved.setdefault("members", {})[v] = m
                elif int(v) in self.roles:
                    resolved.setdefault("roles", {})[v] = self.roles[int(v)].to_json()
                elif int(v) in self.channels:
                    ch = self.channels[int(v)].to_json()
                    ch["permissions"] = str(member.permissions)
                    resolved.setdefault("channels", {})[v] = ch
            data["resolved"] = resolved
        return await self.send_interaction(3, member, channel, data, message=message, locale=locale, timeout=timeout)

    async def submit_modal(
        self,
        member: FakeMember,
        opened: InteractionResult,
        values: Mapping[str, str | list[str]],
        /,
        *,
        locale: str | None = None,
        timeout: float = WAIT_SECONDS,
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened (callback type 9) in ``opened``.

        ``values`` maps text-input custom ids to text (string selects: to a list of values).
        Inputs left out are sent empty; a missing required one raises ``FakeDiscordError``.
        """
        modal = opened.modal
        if modal is None:
            raise FakeDiscordError(f"interaction was answered with type {opened.type}, not a modal")
        if member is not opened.record.member:
            raise FakeDiscordError("only the member who opened a modal can submit it")
        unknown = set(values)

        def fill(components: list[JSON]) -> list[JSON]:
            out: list[JSON] = []
            for comp in components:
                ctype = comp.get("type")
                if ctype == 1:
                    out.append({"type": 1, "components": fill(comp.get("components", []))})
                elif ctype == 18:
                    inner = fill([comp["component"]])
                    out.append({"type": 18, "id": comp.get("id", 0), "component": inner[0]})
                elif "custom_id" in comp:
                    cid = comp["custom_id"]
                    unknown.discard(cid)
                    value = values.get(cid)
                    if value in (None, "", []) and comp.get("required", True):
                        raise FakeDiscordError(f"modal input {cid!r} is required")
                    if ctype == 4:
                        out.append({"type": 4, "custom_id": cid, "value": str(value or "")})
                    else:
                        chosen = [value] if isinstance(value, str) else list(value or [])
                        out.append({"type": ctype, "custom_id": cid, "values": chosen})
            return out

        data: JSON = {"custom_id": modal["custom_id"], "components": fill(modal.get("components", []))}
        if unknown:
            raise FakeDiscordError(f"modal has no inputs {sorted(unknown)}")
        return await self.send_interaction(
            5,
            member,
            opened.record.channel,
            data,
            message=opened.record.source_message,
            locale=locale,
            timeout=timeout,
        )
