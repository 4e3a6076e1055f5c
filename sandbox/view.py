"""What the page is sent: a message as one member may see it, in the plain JSON the
page lays out (sandbox/page/app.js), never as HTML: the page puts every text in the
document as text.

Only the parts of Discord's message JSON the page shows are passed on: content, embeds
(title, description, fields, author, footer, colour, image, thumbnail), buttons and
select menus, attachments. A picture is passed as an address on the page's own server
that only this member's page can open (``signed``); nothing from outside the machine.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any
from urllib.parse import quote

from sandbox.fake_discord import FakeChannel, FakeMember, FakeMessage
from sandbox.fake_discord.model import JSON

from .world import SandboxDiscord

IMAGE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
               ".webp": "image/webp"}


class Signer:
    """Addresses of uploaded files, signed for one member: ``/files/<id>/<name>?m=&s=``."""

    def __init__(self, secret: bytes) -> None:
        self.secret = secret

    def signature(self, member_id: int, attachment_id: str, filename: str) -> str:
        text = f"{member_id}:{attachment_id}:{filename}".encode()
        return hmac.new(self.secret, text, hashlib.sha256).hexdigest()[:32]

    def address(self, member_id: int, attachment_id: str, filename: str) -> str:
        sig = self.signature(member_id, attachment_id, filename)
        return f"/files/{quote(attachment_id)}/{quote(filename)}?m={member_id}&s={sig}"

    def valid(self, member_id: int, attachment_id: str, filename: str, sig: str) -> bool:
        return hmac.compare_digest(self.signature(member_id, attachment_id, filename), sig)


def may_see(member: FakeMember, message: FakeMessage) -> bool:
    return not message.deleted and (message.public or message.visible_to == member.id)


def _text(value: Any, limit: int = 6000) -> str:
    return str(value)[:limit] if value is not None else ""


def _https(url: Any) -> str | None:
    """A link the page may offer (it opens in a new tab; nothing is fetched by the page)."""
    text = str(url or "")
    return text if text.startswith("https://") else None


class Viewer:
    """Lays messages out for the page."""

    def __init__(self, fake: SandboxDiscord, signer: Signer) -> None:
        self.fake = fake
        self.signer = signer

    def _file(self, member: FakeMember, url: Any) -> str | None:
        """The member's address of an uploaded file named by ``url`` (None: not one of ours)."""
        prefix = f"{self.fake.base_url}/attachments/"
        text = str(url or "")
        if not text.startswith(prefix):
            return None
        attachment_id, _, filename = text[len(prefix):].partition("/")
        if not attachment_id.isdigit() or not filename:
            return None
        return self.signer.address(member.id, attachment_id, filename)

    def _embed(self, member: FakeMember, embed: JSON) -> JSON:
        out: JSON = {
            "title": _text(embed.get("title"), 256),
            "url": _https(embed.get("url")),
            "description": _text(embed.get("description"), 4096),
            "color": embed.get("color") if isinstance(embed.get("color"), int) else None,
            "author": _text((embed.get("author") or {}).get("name"), 256),
            "footer": _text((embed.get("footer") or {}).get("text"), 2048),
            "fields": [{"name": _text(f.get("name"), 256), "value": _text(f.get("value"), 1024),
                        "inline": bool(f.get("inline"))} for f in embed.get("fields") or [] if isinstance(f, dict)],
        }
        for key in ("image", "thumbnail"):
            address = self._file(member, (embed.get(key) or {}).get("url"))
            if address is not None:
                out[key] = address
        return out

    def _component(self, comp: JSON) -> JSON | None:
        ctype = comp.get("type")
        if ctype == 1:
            inner = [c for c in (self._component(c) for c in comp.get("components") or []) if c is not None]
            return {"type": 1, "components": inner}
        emoji: JSON = comp["emoji"] if isinstance(comp.get("emoji"), dict) else {}
        common: JSON = {"type": ctype, "custom_id": _text(comp.get("custom_id"), 100),
                        "disabled": bool(comp.get("disabled")), "emoji": _text(emoji.get("name"), 64)}
        if ctype == 2:
            return {**common, "style": int(comp.get("style") or 2), "label": _text(comp.get("label"), 80),
                    "url": _https(comp.get("url"))}
        if ctype in (3, 5, 6, 7, 8):
            options = [{"label": _text(o.get("label"), 100), "value": _text(o.get("value"), 100),
                        "description": _text(o.get("description"), 100), "default": bool(o.get("default")),
                        "emoji": _text((o.get("emoji") or {}).get("name"), 64)}
                       for o in comp.get("options") or [] if isinstance(o, dict)]
            return {**common, "placeholder": _text(comp.get("placeholder"), 150),
                    "min_values": int(comp.get("min_values", 1)), "max_values": int(comp.get("max_values", 1)),
                    "options": options}
        return None  # a kind the page does not draw (the bot sends none)

    def message(self, member: FakeMember, message: FakeMessage) -> JSON:
        data = message.data
        fake = self.fake
        origin = fake.origins.get(message.id)
        interaction = {"user": origin[0], "command": origin[1]} if origin is not None else None
        embedded = {e.get(k, {}).get("url") for e in data.get("embeds") or [] for k in ("image", "thumbnail")
                    if isinstance(e.get(k), dict)}
        files = []
        for attachment in data.get("attachments") or []:
            url = attachment.get("url")
            address = self._file(member, url)
            if address is not None and url not in embedded:
                files.append({"url": address, "filename": _text(attachment.get("filename"), 200),
                              "image": any(str(attachment.get("filename", "")).lower().endswith(x)
                                           for x in IMAGE_TYPES)})
        author = message.author
        found = fake.guild.members.get(author.id)
        shown = found.display_name if found is not None else author.global_name or author.name
        components = [c for c in (self._component(c) for c in data.get("components") or []) if c is not None]
        return {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "author": {"id": str(author.id), "name": shown, "bot": author.bot},
            "timestamp": data.get("timestamp"),
            "edited": bool(data.get("edited_timestamp")),
            "ephemeral": not message.public,
            "loading": message.loading,
            "content": _text(data.get("content"), 4000),
            "embeds": [self._embed(member, e) for e in data.get("embeds") or [] if isinstance(e, dict)],
            "components": components,
            "files": files,
            "interaction": interaction,
        }

    def channel(self, channel: FakeChannel) -> JSON:
        return {"id": str(channel.id), "name": channel.name}

    def user(self, member: FakeMember) -> JSON:
        return {"id": str(member.id), "name": member.display_name, "bot": member.user.bot}

    def state(self, member: FakeMember, online: set[int]) -> JSON:
        """Everything a page needs on opening: who it is, the server, the bot's commands,
        and each channel's messages this member may see."""
        fake = self.fake
        guild = fake.guild
        channels = guild.text_channels
        messages = {str(c.id): [self.message(member, m) for m in fake.channel_messages.get(c.id, [])
                                if may_see(member, m)] for c in channels}
        members = [self.user(m) for m in guild.members.values() if m.id != guild.owner_id]
        return {
            "me": self.user(member),
            "server": {"id": str(guild.id), "name": guild.name},
            "channels": [self.channel(c) for c in channels],
            "members": members,
            "online": sorted(str(i) for i in online),
            "commands": self.commands(),
            "messages": messages,
        }

    def commands(self) -> list[JSON]:
        """The bot's slash commands as it synced them (global and the server's), with only
        what the command box needs: names, descriptions, options, choices, bounds, autocomplete."""
        fake = self.fake
        synced = [*fake.commands.get(None, {}).values(), *fake.commands.get(fake.guild.id, {}).values()]
        return [_command(c) for c in synced if int(c.get("type", 1)) == 1]


_OPTION_KEYS = ("name", "description", "type", "required", "autocomplete", "min_value", "max_value",
                "min_length", "max_length")


def _command(cmd: JSON) -> JSON:
    def option(o: JSON) -> JSON:
        out = {k: o[k] for k in _OPTION_KEYS if k in o}
        if o.get("choices"):
            out["choices"] = [{"name": _text(c.get("name"), 100), "value": c.get("value")} for c in o["choices"]]
        if o.get("options"):
            out["options"] = [option(inner) for inner in o["options"]]
        return out

    return option(cmd)
