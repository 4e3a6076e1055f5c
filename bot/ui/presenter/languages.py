"""Which language each reader reads: a member's own, a server's, or Discord's.

What only a member sees (their hand, their refusals, their answers, the rules, a watch
view, a replay) is in the member's own choice (``/settings language``), else the language
their Discord client is in (``interaction.locale``) if the bot has a catalogue for it,
else the server's language, else English. What the channel sees (the table message, the
lobby, the leaderboard) is in the server's choice, else the server's Discord locale
(``guild_locale``, the guild's preferred locale) if known, else English: one message for
everyone, so no single member's choice may decide it.

The choices are read through ``RecentlyRead`` (trusted for a minute, as the picture
settings), and never for longer than ``READ_WAIT`` before an answer: a slow database
leaves that one answer in the language Discord names, and the read, which goes on,
serves the next.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot.ui.presenter.recently_read import RecentlyRead
from bot.ui.text import i18n

log = logging.getLogger(__name__)

READ_WAIT = 0.5  # seconds an answer waits for a choice read from the database, of Discord's 3
AUTOMATIC = ""  # remembered for a member or server who chose no language (RecentlyRead's None is "not read")


class LanguageSettings(Protocol):
    """Where the languages chosen are kept (the storage)."""

    async def language(self, user_id: int) -> str | None: ...

    async def set_language(self, user_id: int, language: str | None) -> None: ...

    async def guild_language(self, guild_id: int) -> str | None: ...

    async def set_guild_language(self, guild_id: int, language: str | None) -> None: ...


def locale_of(value: Any) -> str | None:
    """A Discord locale (discord.py's ``Locale``, an unknown one's stand-in, or text) as its code."""
    if value is None:
        return None
    return str(getattr(value, "value", value)) or None


def for_member(own: str | None, discord_locale: str | None, server: str | None) -> str:
    """A member's language: their own choice, else their Discord client's language if the
    bot speaks it, else the server's choice, else English."""
    return (i18n.known(own) or i18n.known(discord_locale) or i18n.known(server)
            or i18n.DEFAULT)


def for_public(server: str | None, guild_locale: str | None) -> str:
    """A public message's language: the server's choice, else its Discord locale if the bot
    speaks it, else English."""
    return i18n.known(server) or i18n.known(guild_locale) or i18n.DEFAULT


class Languages:
    def __init__(self, settings: LanguageSettings | None = None,
                 guild_locale: Callable[[int], str | None] = lambda guild_id: None) -> None:
        """``settings``: the storage (None: nobody has chosen); ``guild_locale``: a guild's
        preferred locale as Discord last said it (the client's cache), or None."""
        self.settings = settings
        self._guild_locale = guild_locale
        self._members: RecentlyRead[str] = RecentlyRead()
        self._guilds: RecentlyRead[str] = RecentlyRead()
        self._locales: dict[int, str] = {}  # each guild's locale as its interactions last said it
        self._reading: dict[tuple[str, int], asyncio.Task[str]] = {}

    # ------------------------------------------------------------ choices
    async def own(self, user_id: int) -> str | None:
        """The member's own choice, or None (none, or not read in time)."""
        return await self._read(self._members, "member", user_id)

    async def server(self, guild_id: int | None) -> str | None:
        """The server's choice, or None (none, not in a server, or not read in time)."""
        if guild_id is None:
            return None
        return await self._read(self._guilds, "guild", guild_id)

    async def _read(self, cache: RecentlyRead[str], kind: str, key: int) -> str | None:
        known = cache.get(key)
        if known is None and self.settings is not None:
            task = self._reading.get((kind, key))
            if task is None:
                task = asyncio.ensure_future(self._fetch(cache, kind, key))
                self._reading[(kind, key)] = task
                task.add_done_callback(lambda done: self._read_ended(done, (kind, key)))
            try:
                # Shielded: a read that outlasts the wait goes on and serves the next answer.
                known = await asyncio.wait_for(asyncio.shield(task), READ_WAIT)
            except TimeoutError:
                log.warning("reading a %s's language was slow; this answer uses Discord's", kind)
                return None
            except Exception:  # the database failed: Discord's language, not remembered
                log.warning("reading a %s's language failed; this answer uses Discord's", kind)
                return None
        return known or None

    def _read_ended(self, task: asyncio.Task[str], key: tuple[str, int]) -> None:
        self._reading.pop(key, None)
        if not task.cancelled():
            task.exception()  # a failure nobody waited for any more is logged above, not left unretrieved

    async def _fetch(self, cache: RecentlyRead[str], kind: str, key: int) -> str:
        assert self.settings is not None
        read: Awaitable[str | None] = (self.settings.language(key) if kind == "member"
                                       else self.settings.guild_language(key))
        value = (await read) or AUTOMATIC
        cache.put(key, value)
        return value

    async def set_own(self, user_id: int, language: str | None) -> None:
        """Save a member's language (None: automatic), before it is used or confirmed."""
        if self.settings is not None:
            await self.settings.set_language(user_id, language)
        self._members.put(user_id, language or AUTOMATIC)

    async def set_server(self, guild_id: int, language: str | None) -> None:
        """Save a server's language (None: its Discord locale), before it is used or confirmed."""
        if self.settings is not None:
            await self.settings.set_guild_language(guild_id, language)
        self._guilds.put(guild_id, language or AUTOMATIC)

    # ------------------------------------------------------------ readers
    def note_guild_locale(self, guild_id: int | None, locale: Any) -> None:
        """Remember a guild's locale as an interaction from it said it (for redraws later)."""
        code = locale_of(locale)
        if guild_id is not None and code:
            self._locales[guild_id] = code

    def guild_locale(self, guild_id: int) -> str | None:
        return self._locales.get(guild_id) or self._guild_locale(guild_id)

    async def public(self, guild_id: int | None) -> str:
        """The language of a public message in ``guild_id``'s channels."""
        if guild_id is None:
            return i18n.DEFAULT
        return for_public(await self.server(guild_id), self.guild_locale(guild_id))

    async def member(self, user_id: int, guild_id: int | None, discord_locale: Any) -> str:
        """The language of what only ``user_id`` sees, in ``guild_id`` (None: not in a server)."""
        own, server = await asyncio.gather(self.own(user_id), self.server(guild_id))
        public = for_public(server, self.guild_locale(guild_id)) if guild_id is not None else None
        return for_member(own, locale_of(discord_locale), public)

    async def of_member(self, interaction: Any) -> str:
        """The language of what the member behind ``interaction`` alone sees."""
        self.note_guild_locale(interaction.guild_id, getattr(interaction, "guild_locale", None))
        return await self.member(interaction.user.id, interaction.guild_id, getattr(interaction, "locale", None))

    async def of_channel(self, interaction: Any) -> str:
        """The language of a public answer to ``interaction``."""
        self.note_guild_locale(interaction.guild_id, getattr(interaction, "guild_locale", None))
        return await self.public(interaction.guild_id)
