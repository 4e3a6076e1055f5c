"""The presenter: the one writer of every Discord message the bot sends, edits or deletes,
and of every answer to an interaction.

The controller (bot/ui/controller.py) and the cogs tell it what to answer; the table
runtime tells it what changed (``table_changed``). It decides which message is written
when: the public table message (``TableMessages``), each member's private hand message
(``HandMessages``), and the one-off answers (a refusal, a menu, the rules pages, the
standings). What each message shows, and the locks that keep two writes of one message
from crossing, are its own.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import discord

from bot.games.core.errors import Refusal
from bot.games.core.events import Event, MatchOver, RoundOver
from bot.games.core.moves import Move
from bot.tables.history import RoundSummary, Timeline
from bot.tables.table import Table, TableError
from bot.ui.cards import PICTURES, Deck
from bot.ui.cards.animation import animate
from bot.ui.components import rules_layout
from bot.ui.load import Load
from bot.ui.pictures import UNKNOWN, as_file, draw_picture, edit_fields, new_message_fields
from bot.ui.presenter import interactions
from bot.ui.presenter.hand_messages import Asked, DelayMeter, HandMessages
from bot.ui.presenter.interactions import Interaction, Placeholder
from bot.ui.presenter.languages import Languages, LanguageSettings, locale_of
from bot.ui.presenter.recently_read import RecentlyRead
from bot.ui.presenter.table_message import Budget, Pace, StalenessMeter, TableKeeper, TableMessages
from bot.ui.presenter.watch_messages import WatchMessages
from bot.ui.render import (
    history_components,
    history_embed,
    message_link,
    move_menu,
    replay_pictures,
    replay_screen,
    seat_names,
)
from bot.ui.text import failures, history, i18n, rules
from bot.ui.text.game import GameUI
from bot.ui.text.illegal import sentence

T = TypeVar("T")
SHARE_EVERY = 60.0  # seconds between a member's shared replays
log = logging.getLogger(__name__)


class Meters(StalenessMeter, DelayMeter, Protocol):
    """What the presenter reports to the metrics (bot.metrics)."""


class MemberSettings(LanguageSettings, Protocol):
    """Where a member's own settings are kept (the storage), and a server's language."""

    async def hand_images(self, user_id: int) -> bool: ...

    async def set_hand_images(self, user_id: int, on: bool) -> None: ...

    async def four_colour_deck(self, user_id: int) -> bool: ...

    async def set_four_colour_deck(self, user_id: int, on: bool) -> None: ...


class DiscordPresenter:
    def __init__(self, client: discord.Client, uis: Mapping[str, GameUI], keeper: TableKeeper,
                 member_settings: MemberSettings | None = None, pace: Pace | None = None,
                 *, watch_load: bool = False, budget: Budget | None = None,
                 metrics: Meters | None = None, clock: Callable[[], float] = time.time) -> None:
        """``keeper``: the table runtime; ``member_settings``: the storage (None: every
        member has the defaults); ``watch_load``: watch the event loop for overload
        (bot/ui/load.py), which pauses card pictures; it needs the running loop.
        ``budget``: the REST budget the table messages' refreshes wait for (None: none
        waits); ``metrics``: where their staleness is reported; ``clock``: the wall clock."""
        self.uis = uis
        self.member_settings = member_settings
        self.load = Load()
        PICTURES.on_drawing_wait = self.load.note_drawing
        if watch_load:
            self.load.start()
        pace = pace or Pace()
        self.client = client
        self.languages = Languages(member_settings, self._guild_locale)
        self.hands = HandMessages(uis, keeper, pace, self.hand_picture, meter=metrics, languages=self.languages)
        self.watchers = WatchMessages(uis, keeper, pace, languages=self.languages)
        self.tables = TableMessages(client, uis, keeper, pace, self.load, followed=self.hands.follow,
                                    budget=budget, meter=metrics, clock=clock, languages=self.languages)
        self._hand_images: RecentlyRead[bool] = RecentlyRead()  # members' picture setting
        self._decks: RecentlyRead[Deck] = RecentlyRead()  # members' deck for their hand pictures
        self._answering = 0  # interactions inside refusals(): being answered now
        self._shared: dict[int, float] = {}  # when each member last shared a replay (the loop's clock)

    @property
    def pending_redraws(self) -> int:
        """How many redraws are still to come or on their way (tests wait for none),
        counting each interaction still being answered: a move answered first with a
        deferral (a slow save on a busy machine) has not scheduled its redraws yet."""
        return self.tables.pending + self.hands.pending + self.watchers.pending + self._answering

    # ------------------------------------------------------ from the runtime
    async def table_changed(self, table: Table, events: Sequence[Event]) -> None:
        # Hands are redrawn soon after a burst of moves (through interaction webhooks, which
        # Discord's global limit does not bind); the public message at most once per
        # Pace.table_interval as well (Discord limits edits in a channel, about 5 per 5 s),
        # as the REST budget allows, a round's end first.
        self.hands.changed(table)
        self.watchers.schedule(table)
        self.tables.changed(table, urgent=any(isinstance(e, RoundOver | MatchOver) for e in events))

    def redraw_restored(self, tables: Sequence[Table]) -> None:
        self.tables.redraw_restored(tables)

    # ------------------------------------------------------------- languages
    def _guild_locale(self, guild_id: int) -> str | None:
        """The guild's preferred locale as discord.py holds it (None: not cached)."""
        guild = self.client.get_guild(guild_id) if self.client is not None else None
        return locale_of(guild.preferred_locale) if guild is not None else None

    async def speak_to(self, interaction: Interaction) -> None:
        """The interaction's task speaks its member's language from here on: its refusals
        and private answers are theirs. Whatever the channel or another member sees is
        drawn in its own reader's language (``TableMessages``, ``HandMessages``)."""
        i18n.speak_from_now(await self.languages.of_member(interaction))

    async def channel_language(self, interaction: Interaction) -> str:
        """The language of a public answer to ``interaction`` (the leaderboard): the server's."""
        return await self.languages.of_channel(interaction)

    async def answer_language(self, interaction: Interaction, saving: Awaitable[None],
                              confirmation: Callable[[], str], language: Callable[[], Awaitable[str]]) -> bool:
        """A language saved (deferred if the database is slow), then confirmed in
        ``language()``, the one now chosen; if it could not be saved, one sentence saying so
        (and False)."""
        try:
            await self.within_deadline(interaction, saving, Placeholder.PRIVATE)
        except Exception:
            log.exception("saving a language failed")
            await self.tell(interaction, failures.SETTING_NOT_SAVED)
            return False
        with i18n.speaking(await language()):
            await self.tell(interaction, confirmation())
        return True

    def server_language_changed(self, tables: Sequence[Table]) -> None:
        """A server's language changed: its live tables' messages are drawn again in it."""
        self.tables.language_changed(tables)

    # ------------------------------------------------------------- answering
    async def within_deadline(self, interaction: Interaction, work: Awaitable[T],
                              placeholder: Placeholder = Placeholder.NONE) -> T:
        """Await ``work``; if it outlasts the answer's budget, defer first (Discord fails an
        interaction left unanswered for 3 s) with ``placeholder`` showing meanwhile."""
        return await interactions.within_deadline(interaction, work, placeholder)

    async def tell(self, interaction: Interaction, text: str, placeholder: Placeholder = Placeholder.NONE) -> None:
        """A private sentence (in place of a public "thinking..." ``placeholder``, which goes)."""
        if placeholder is Placeholder.PUBLIC:
            await interactions.tell_instead_of_placeholder(interaction, text)
        else:
            await interactions.tell(interaction, text)

    async def refuse(self, interaction: Interaction, refusal: Refusal, table: Table | None = None,
                     placeholder: Placeholder = Placeholder.NONE) -> None:
        """The private one-sentence answer to something that cannot be done, worded by
        bot/ui/text (seats named as ``table``'s players)."""
        await self.tell(interaction, sentence(refusal, seat_names(table) if table is not None else None), placeholder)

    @contextlib.asynccontextmanager
    async def refusals(self, interaction: Interaction, table: Table | None = None,
                       placeholder: Placeholder = Placeholder.NONE) -> AsyncIterator[None]:
        """The one error handler: a refusal raised inside (a move the rules forbid, a table
        action that cannot be done now) is answered privately in one sentence, and nothing
        else happens."""
        self._answering += 1
        try:
            yield
        except Refusal as refusal:
            await self.refuse(interaction, refusal, table, placeholder)
        finally:
            self._answering -= 1

    async def answer_with_new_table(self, interaction: Interaction, table: Table) -> int | None:
        """The new table's message as the answer (or posted in the channel if that fails);
        its id, or None if it could not be shown at all."""
        return await self.tables.answer_with_new(interaction, table)

    async def answer_with_table(self, interaction: Interaction, table: Table) -> None:
        """The clicked table message (a lobby button) redrawn as the table is now."""
        await self.tables.update_clicked(interaction, table)

    async def refuse_table_here(self, interaction: Interaction, table: Table) -> None:
        """"This channel already has a table", with a link to its message (which is posted
        first if it never reached its channel)."""
        await self.within_deadline(interaction, self.tables.ensure_posted(table), Placeholder.PRIVATE)
        link = message_link(table) if table.message_id is not None else None
        await self.refuse(interaction, TableError("already-here", link=link))

    async def answer_with_hand(self, interaction: Interaction, table: Table, seat: int, *,
                               notice: str | None = None, followup: bool = False) -> None:
        """``seat``'s hand as a new private message (``followup``: after the answer, which
        was the table message)."""
        # The member's picture setting may be a database read (their first hand): deferred
        # ("thinking...") if it is slow, and the hand then replaces the placeholder.
        deck = await self.within_deadline(interaction, self.hand_picture(interaction.user.id), Placeholder.PRIVATE)
        await self.hands.answer_with_new(interaction, table, seat, Asked(notice=notice), deck, followup=followup)

    async def answer_with_watch(self, interaction: Interaction, table: Table, *, in_place: bool = False) -> None:
        """The public table as a private live view for a member who watches (``in_place``:
        the watch message's Refresh, redrawn with the click's fresh token)."""
        await self.watchers.answer(interaction, table, in_place=in_place)

    async def answer_with_clicked_hand(self, interaction: Interaction, table: Table, seat: int,
                                       asked: Asked) -> None:
        """The clicked hand message redrawn: as the table is now, showing what was ``asked``."""
        deck = await self.within_deadline(interaction, self.hand_picture(interaction.user.id))
        await self.hands.update_clicked(interaction, table, seat, asked, deck)

    async def offer_moves(self, interaction: Interaction, table: Table, seat: int, key: str,
                          moves: Sequence[Move]) -> None:
        """The moves behind a game's table button (``key``), privately, in a menu."""
        ui = self.uis[table.game_name]
        await interaction.response.send_message(ui.table_button_prompt(key), view=move_menu(table, seat, ui, moves),
                                                ephemeral=True)

    async def answer_setting(self, interaction: Interaction, saving: Awaitable[None], confirmation: str) -> None:
        """A member's setting saved (deferred if the database is slow), then confirmed; if
        it could not be saved, one sentence saying so."""
        try:
            await self.within_deadline(interaction, saving, Placeholder.PRIVATE)
        except Exception:
            log.exception("saving a member's setting failed")
            await self.tell(interaction, failures.SETTING_NOT_SAVED)
            return
        await self.tell(interaction, confirmation)

    # ------------------------------------------------------------ the rules
    async def answer_rules(self, interaction: Interaction, game: str) -> None:
        """``/<game> rules``: privately, the rules' short first page (an overview) with a
        menu of every section and ◀ ▶ (bot/ui/text/rules)."""
        content, view = self._rules_screen(game, 0)
        if view is None:
            await interaction.response.send_message(content, ephemeral=True)
        else:
            await interaction.response.send_message(content, view=view, ephemeral=True)

    async def show_rules_page(self, interaction: Interaction, game: str, page: int) -> None:
        """A rules message's menu choice or ◀ ▶: the clicked message shows ``page`` instead."""
        content, view = self._rules_screen(game, page)
        await interaction.response.edit_message(content=content, view=view)

    def _rules_screen(self, game: str, page: int) -> tuple[str, discord.ui.View | None]:
        """A rules message showing ``page`` (the overview is 0): its text and its menu."""
        ui = self.uis.get(game)
        if ui is None:  # a custom id naming no game this bot plays
            return rules.no_rules_page(game), None
        pages = ui.rules_pages()
        shown = min(max(page, 0), len(pages) - 1)
        if len(pages) == 1:
            return pages[0].text, None
        return pages[shown].text, rules_layout(game, [p.label for p in pages], shown)

    # -------------------------------------------------------- looking back
    async def answer_history(self, interaction: Interaction, game: str, rounds: Sequence[RoundSummary]) -> None:
        """``/<game> history``: privately, the server's recent rounds with a menu to replay
        one (a lookup for the member who asks: the channel saw each round end already)."""
        embed = history_embed(rounds, self.uis[game], game)
        view = history_components(rounds, game, interaction.user.id)
        fields: dict[str, Any] = {"embed": embed, "ephemeral": True, "allowed_mentions": discord.AllowedMentions.none()}
        if view is not None:
            fields["view"] = view
        await interactions.answer(interaction, **fields)

    async def answer_replay(self, interaction: Interaction, timeline: Timeline, step: int, *,
                            in_place: bool = False) -> None:
        """One step of a replay, privately, for the member who opened it: as a new message,
        or (``in_place``: its ◀ ▶) the clicked replay redrawn through the click's own
        answer, which no global limit binds and whose token is the click's, fresh."""
        screen = replay_screen(timeline, step, self.uis[timeline.table.game_name], interaction.user.id)
        # A slow picture defers the answer: the clicked replay stays as it is meanwhile, or a
        # new one shows a private "thinking..." (never a public one: the replay holds a hand).
        image = await self.within_deadline(interaction, draw_picture(screen.picture, screen.embed),
                                           Placeholder.NONE if in_place else Placeholder.PRIVATE)
        if in_place:
            await interactions.update(interaction, embed=screen.embed, view=screen.view,
                                      **edit_fields(image, UNKNOWN))
        else:
            await interactions.answer(interaction, embed=screen.embed, view=screen.view, ephemeral=True,
                                      allowed_mentions=discord.AllowedMentions.none(), **new_message_fields(image))

    async def share_replay(self, interaction: Interaction, timeline: Timeline) -> None:
        """A replay's Share: the round as an animated picture of its table (public views
        only), posted in the channel as the click's answer, through the click's own token.
        Once a minute per member, so a channel is not flooded with them."""
        now = time.monotonic()
        since = now - self._shared.get(interaction.user.id, -SHARE_EVERY)
        if since < SHARE_EVERY:
            raise TableError("share-wait", seconds=int(SHARE_EVERY - since) + 1)
        public = await self.languages.of_channel(interaction)  # posted in the channel: the server's language
        with i18n.speaking(public):
            orders = replay_pictures(timeline)
        if not orders:
            raise TableError("share-no-pictures")
        self._shared[interaction.user.id] = now
        ui = self.uis[timeline.table.game_name]
        with i18n.speaking(public):
            alt = history.share_alt(ui.title, len(orders))
            image = await self.within_deadline(interaction, animate(orders, alt), Placeholder.PUBLIC)
        if image is None:
            await self.tell(interaction, history.SHARE_TOO_BIG, Placeholder.PUBLIC)
            return
        with i18n.speaking(public):
            content = history.shared(f"<@{interaction.user.id}>", ui.title, timeline.table.id, timeline.round_no)
        await interactions.answer(interaction, content=content, file=as_file(image),
                                  allowed_mentions=discord.AllowedMentions.none())

    async def answer_publicly(self, interaction: Interaction, **fields: Any) -> None:
        """A public answer that pings nobody, in place of a "thinking..." placeholder if
        the work behind it was deferred."""
        fields["allowed_mentions"] = discord.AllowedMentions.none()
        if interaction.response.is_done():
            await interaction.followup.send(**fields)
        else:
            await interaction.response.send_message(**fields)

    async def answer_autocomplete_with_nothing(self, interaction: Interaction) -> None:
        await interaction.response.autocomplete([])

    # ------------------------------------------------------ member settings
    async def hand_images(self, user_id: int) -> bool:
        """Whether ``user_id``'s hand message carries a picture now: their setting (on by
        default), and none while the bot is overloaded (see ``TableMessages._picture``)."""
        known = self._hand_images.get(user_id)
        if known is None and self.member_settings is not None:
            try:
                known = await self.member_settings.hand_images(user_id)
                self._hand_images.put(user_id, known)
            except Exception:  # the database failed: their hand still comes, as by default (not remembered)
                log.warning("reading a member's picture setting failed; their hand shows the default")
                known = True
        if known is None:
            known = True
        return known and not self.load.busy

    async def set_hand_images(self, user_id: int, on: bool) -> None:
        """Save a member's picture setting (saved before it is used or confirmed)."""
        if self.member_settings is not None:
            await self.member_settings.set_hand_images(user_id, on)
        self._hand_images.put(user_id, on)

    async def hand_picture(self, user_id: int) -> Deck | None:
        """The deck ``user_id``'s hand picture is drawn in now (their own choice: only they
        see it), or None when it carries no picture (``hand_images``)."""
        if not await self.hand_images(user_id):
            return None
        return await self.deck(user_id)

    async def deck(self, user_id: int) -> Deck:
        """A member's deck for their hand pictures: four colours if they chose it, else two."""
        known = self._decks.get(user_id)
        if known is None and self.member_settings is not None:
            try:
                four = await self.member_settings.four_colour_deck(user_id)
            except Exception:  # the database failed: their hand still comes, in the default deck (not remembered)
                log.warning("reading a member's deck setting failed; their hand shows the default")
                return Deck.TWO
            known = Deck.FOUR if four else Deck.TWO
            self._decks.put(user_id, known)
        return known if known is not None else Deck.TWO

    async def set_deck(self, user_id: int, deck: Deck) -> None:
        """Save a member's deck for their hand pictures (saved before it is used or confirmed);
        their next hand picture is drawn in it (the picture cache keys on the deck)."""
        if self.member_settings is not None:
            await self.member_settings.set_four_colour_deck(user_id, deck is Deck.FOUR)
        self._decks.put(user_id, deck)

    async def close(self) -> None:
        await self.load.stop()
        await self.tables.close()
        await self.hands.close()
        await self.watchers.close()
