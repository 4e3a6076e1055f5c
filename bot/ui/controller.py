"""Turning interactions into table actions, and their outcomes into one answer each.

Written once for every game: the cogs' slash commands and the persistent buttons all
come here. Each entry point asks the runtime for one change (or one look at a table)
and the presenter (bot/ui/presenter/) for one answer; a refusal raised on the way (a
``TableError``, an ``IllegalMove``) is answered by the presenter's one error handler,
privately and in one sentence. An accepted move is saved by the runtime before
anybody is answered. Nothing here draws, locks or talks to Discord itself.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord

from bot.games.cards import CardParseError, parse_cards
from bot.games.core.events import Event, MatchOver, RoundOver
from bot.games.core.moves import Move, MoveKind
from bot.tables.history import History, RoundSummary, Timeline, parse_round_key
from bot.tables.runtime import TableRuntime
from bot.tables.table import StaleAction, Table, TableError, TableOptions, TableStatus
from bot.ui.cards import Deck
from bot.ui.components import MENU_LIMIT, ButtonAction, ReplayWay
from bot.ui.presenter import Asked, DiscordPresenter, Placeholder
from bot.ui.render import play_choices, round_choices, seat_names
from bot.ui.text import answers, failures, i18n, settings
from bot.ui.text.game import GameUI

Interaction = discord.Interaction[Any]

LOBBY_BUTTONS = frozenset({ButtonAction.JOIN, ButtonAction.LEAVE, ButtonAction.COMPUTER, ButtonAction.START,
                           ButtonAction.CANCEL, ButtonAction.AGREE, ButtonAction.REFUSE})
# may deal the cards: the clicker's hand follows
DEALING_BUTTONS = frozenset({ButtonAction.START, ButtonAction.AGREE, ButtonAction.REFUSE})
log = logging.getLogger(__name__)


class Controller:
    def __init__(self, runtime: TableRuntime, presenter: DiscordPresenter, uis: Mapping[str, GameUI],
                 history: History | None = None) -> None:
        self.runtime = runtime
        self.presenter = presenter
        self.uis = uis
        self.history = history if history is not None else History(runtime.storage)

    # ----------------------------------------------------------------- tables
    async def open_table(self, interaction: Interaction, game: str, options: TableOptions,
                         computers: int = 0, start: bool = False) -> None:
        """``/<game> new`` and ``/<game> solo``: the answer is the new table's public message."""
        table = await self._create(interaction, game, options, computers, start)
        if table is None:
            return
        message_id = await self.presenter.answer_with_new_table(interaction, table)
        if message_id is None:  # nobody can see it: it is closed
            await self.runtime.abandon(table.id)
            return
        # Not saved (the runtime logs why): it is posted again if it goes missing.
        with contextlib.suppress(TableError):
            await self.runtime.set_message(table.id, message_id)
        seat = table.seat_of(interaction.user.id)
        if start and seat is not None:
            await self.presenter.answer_with_hand(interaction, table, seat, followup=True)

    async def _create(self, interaction: Interaction, game: str, options: TableOptions, computers: int,
                      start: bool) -> Table | None:
        """The new table, or None once the member has been told why not."""
        async with self.presenter.refusals(interaction, placeholder=Placeholder.PUBLIC):
            if interaction.guild_id is None or interaction.channel_id is None:
                raise TableError("not-in-a-server")
            existing = self.runtime.table_in(interaction.channel_id)
            if existing is not None:
                await self.presenter.refuse_table_here(interaction, existing)
                return None
            user = interaction.user
            return await self.presenter.within_deadline(interaction, self.runtime.create(
                interaction.guild_id, interaction.channel_id, game, user.id, user.display_name, options,
                computers, start_now=start), Placeholder.PUBLIC)
        return None

    async def table_button(self, interaction: Interaction, table_id: str, action: ButtonAction) -> None:
        """A button on the public table message: the lobby's, My hand, or a game's own."""
        async with self.presenter.refusals(interaction, self.runtime.tables.get(table_id)):
            if action == ButtonAction.HAND:
                await self._show_hand(interaction, table_id)
            elif action == ButtonAction.WATCH:
                message = interaction.message  # its Refresh is on an (ephemeral) watch message
                await self._watch(interaction, self.runtime.table(table_id),
                                  in_place=message is not None and message.flags.ephemeral)
            elif action in LOBBY_BUTTONS:
                table = await self.presenter.within_deadline(interaction, self._lobby_change(interaction, table_id,
                                                                                             action))
                await self.presenter.answer_with_table(interaction, table)
                seat = table.seat_of(interaction.user.id)
                if action in DEALING_BUTTONS and table.status == TableStatus.PLAYING and seat is not None:
                    await self.presenter.answer_with_hand(interaction, table, seat, followup=True)
            else:
                await self._table_move(interaction, table_id, action)

    def _lobby_change(self, interaction: Interaction, table_id: str, action: ButtonAction) -> Awaitable[Table]:
        user = interaction.user
        changes: dict[ButtonAction, Callable[[], Awaitable[Table]]] = {
            ButtonAction.JOIN: lambda: self.runtime.join(table_id, user.id, user.display_name),
            ButtonAction.LEAVE: lambda: self.runtime.leave(table_id, user.id),
            ButtonAction.COMPUTER: lambda: self.runtime.add_computer(table_id, user.id),
            ButtonAction.START: lambda: self.runtime.start(table_id, user.id),
            ButtonAction.CANCEL: lambda: self.runtime.end(table_id, user.id, is_admin(interaction)),
            ButtonAction.AGREE: lambda: self.runtime.consent(table_id, user.id, True),
            ButtonAction.REFUSE: lambda: self.runtime.consent(table_id, user.id, False),
        }
        return changes[action]()

    async def add_computer(self, interaction: Interaction, table_id: str, level: str) -> None:
        """The lobby's "Add a computer…" menu: a computer at the chosen level."""
        async with self.presenter.refusals(interaction, self.runtime.tables.get(table_id)):
            table = await self.presenter.within_deadline(
                interaction, self.runtime.add_computer(table_id, interaction.user.id, level))
            await self.presenter.answer_with_table(interaction, table)

    async def _table_move(self, interaction: Interaction, table_id: str, key: str) -> None:
        """A game's own button on the table message (Plug 7, Challenge): the clicker's moves
        behind it, made at once when there is just one, else offered in a private menu."""
        table, seat = self._seated(interaction, table_id)
        if table.game is None:
            raise TableError("not-started")
        moves, menu = self.uis[table.game_name].table_button_moves(table.game.view(seat), key,
                                                                   table.game.legal_moves(seat))
        if not moves:
            raise TableError("nothing-to-do-here")
        if len(moves) == 1 and not menu:
            await self._move_then_show_hand(interaction, table, moves[0])
        else:
            await self.presenter.offer_moves(interaction, table, seat, key, moves)

    # ------------------------------------------------------------------ hands
    async def _show_hand(self, interaction: Interaction, table_id: str, *, notice: str | None = None,
                         finished_ok: bool = False) -> None:
        table, seat = self._seated(interaction, table_id, finished_ok)
        if table.status == TableStatus.LOBBY or table.game is None:
            raise TableError("hand-before-the-deal")
        await self.presenter.answer_with_hand(interaction, table, seat, notice=notice)

    async def hand_button(self, interaction: Interaction, table_id: str, version: int, action: ButtonAction,
                          arg: str) -> None:
        """A button on a hand message: a move, the next page of plays, Refresh."""
        async with self.presenter.refusals(interaction, self.runtime.tables.get(table_id)):
            if action == ButtonAction.MOVE:
                await self._move_from_hand(interaction, table_id, version, arg)
            else:
                page = int(arg) if action == ButtonAction.PAGE and arg.isdigit() else 0
                await self._redraw_hand(interaction, table_id, Asked(page=page))

    async def hand_select(self, interaction: Interaction, table_id: str, version: int, value: str) -> None:
        """A choice in a hand message's menu: a move, or a play whose asks are to be shown."""
        async with self.presenter.refusals(interaction, self.runtime.tables.get(table_id)):
            if value.startswith("ask "):
                await self._redraw_hand(interaction, table_id, self._asks_of(table_id, version, value))
            else:
                await self._move_from_hand(interaction, table_id, version, value)

    def _asks_of(self, table_id: str, version: int, value: str) -> Asked:
        """"ask <cards>" opens the asks for those cards; "ask <cards> /<suit>" the demands of one suit."""
        if version != self.runtime.table(table_id).version:
            raise StaleAction("stale")
        codes, _, demand_suit = value[len("ask "):].partition(" /")
        try:
            return Asked(asking=parse_cards(codes), demand_suit=demand_suit or None)
        except CardParseError:
            raise TableError("unknown-choice") from None

    async def _redraw_hand(self, interaction: Interaction, table_id: str, asked: Asked) -> None:
        table = self.runtime.table(table_id)
        await self.presenter.answer_with_clicked_hand(interaction, table, self._seat(interaction, table), asked)

    async def _move_from_hand(self, interaction: Interaction, table_id: str, version: int, text: str) -> None:
        table = self.runtime.table(table_id)
        events = await self.presenter.within_deadline(
            interaction, self.runtime.act(table.id, interaction.user.id, text, version))
        notice = self._outcome(table, interaction.user.id, events)
        await self.presenter.answer_with_clicked_hand(interaction, table, self._seat(interaction, table),
                                                      Asked(notice=notice))

    async def _move_then_show_hand(self, interaction: Interaction, table: Table, move: Move) -> None:
        """A move made by command or by a table button: answered with the mover's hand."""
        events = await self.presenter.within_deadline(
            interaction, self.runtime.act(table.id, interaction.user.id, move), Placeholder.PRIVATE)
        notice = self._outcome(table, interaction.user.id, events) or answers.DONE
        await self._show_hand(interaction, table.id, notice=notice, finished_ok=True)

    def _outcome(self, table: Table, user_id: int, events: Sequence[Event]) -> str | None:
        """The words for a move that ended a round or the game, said to its player."""
        seat = table.seat_of(user_id)
        for event in reversed(events):
            if isinstance(event, RoundOver | MatchOver):
                if seat is not None and seat in event.result.winners:
                    return answers.ROUND_WON if isinstance(event, RoundOver) else answers.GAME_WON
                return self.uis[table.game_name].event_text(event.to_dict(), seat_names(table))
        return None

    async def _watch(self, interaction: Interaction, table: Table, *, in_place: bool = False) -> None:
        """A private live view of the public table, for a member who is not playing at it."""
        seat = table.seat_of(interaction.user.id)
        if seat is not None and not table.seats[seat].left:
            raise TableError("seated-watch")
        await self.presenter.answer_with_watch(interaction, table, in_place=in_place)

    def _seated(self, interaction: Interaction, table_id: str, finished_ok: bool = False) -> tuple[Table, int]:
        """The live table (or, ``finished_ok``, one just finished) and the clicker's seat at it."""
        try:
            table = self.runtime.table(table_id)
        except TableError:
            finished = self.runtime.tables.get(table_id)
            if not finished_ok or finished is None:
                raise
            table = finished
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("watch-instead")
        return table, seat

    @staticmethod
    def _seat(interaction: Interaction, table: Table) -> int:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("not-playing")
        return seat

    async def set_hand_images(self, interaction: Interaction, on: bool) -> None:
        """``/cards images``: a member's own choice of pictures on their hand messages."""
        await self.presenter.answer_setting(interaction, self.presenter.set_hand_images(interaction.user.id, on),
                                            answers.images_set(on))

    async def set_deck(self, interaction: Interaction, deck: Deck) -> None:
        """``/cards colours``: a member's own choice of deck (four colours or two) for their hand pictures."""
        await self.presenter.answer_setting(interaction, self.presenter.set_deck(interaction.user.id, deck),
                                            answers.deck_set(deck is Deck.FOUR))

    async def set_language(self, interaction: Interaction, language: str | None, *, server: bool) -> None:
        """``/settings language``: the member's own language or (``server``, Manage Server
        only) the server's; None: automatic. Confirmed in the language now written in."""
        languages = self.presenter.languages
        if interaction.guild_id is None:
            await self.presenter.refuse(interaction, TableError("not-in-a-server"))
            return
        if server and not is_admin(interaction):
            await self.presenter.tell(interaction, settings.not_manager())
            return
        guild_id = interaction.guild_id
        if server:
            saving = languages.set_server(guild_id, language)

            async def now_written() -> str:
                return await languages.of_channel(interaction)
        else:
            saving = languages.set_own(interaction.user.id, language)

            async def now_written() -> str:
                return await languages.of_member(interaction)

        def confirmation() -> str:  # said in the language now written in, which is the moment's then
            return settings.language_set(i18n.current(), server=server, automatic=language is None)

        saved = await self.presenter.answer_language(interaction, saving, confirmation, now_written)
        if saved and server:  # the channel's tables show it now, not at their next move
            self.presenter.server_language_changed(
                [t for t in self.runtime.tables.values() if t.guild_id == guild_id and not t.status.finished])

    # ---------------------------------------------------------- slash moves
    def _table_here(self, interaction: Interaction, game: str) -> Table:
        """The channel's table of ``game``."""
        table = self.runtime.table_in(interaction.channel_id or 0)
        if table is None or table.game_name != game:
            raise TableError("no-table-here", title=self.uis[game].title, game=game)
        return table

    async def slash_move(self, interaction: Interaction, game: str, move: Move | str) -> None:
        """A move typed as a slash command: answered with the player's refreshed hand."""
        async with self.presenter.refusals(interaction, self.runtime.table_in(interaction.channel_id or 0)):
            table = self._table_here(interaction, game)
            await self._move_then_show_hand(interaction, table, Move.parse(move) if isinstance(move, str) else move)

    async def slash_default(
        self, interaction: Interaction, game: str, kinds: tuple[MoveKind, ...] = (MoveKind.DRAW, MoveKind.PASS),
    ) -> None:
        """``/<game> draw``: draw, pick up or take the skip — whichever the moment offers."""
        table = self.runtime.table_in(interaction.channel_id or 0)
        game_here = table.game if table is not None else None
        seat = table.seat_of(interaction.user.id) if table is not None else None
        legal = game_here.legal_moves(seat) if game_here is not None and seat is not None else []
        kind = next((k for k in kinds if any(m.kind == k for m in legal)), kinds[0])
        await self.slash_move(interaction, game, Move(kind))

    async def slash_call(self, interaction: Interaction, game: str) -> None:
        await self.slash_move(interaction, game, Move(MoveKind.CALL))

    async def slash_aimed(self, interaction: Interaction, game: str, kind: MoveKind, user_id: int) -> None:
        """A move aimed at another player (``/karata challenge member:``)."""
        table = self.runtime.table_in(interaction.channel_id or 0)
        target = table.seat_of(user_id) if table is not None else None
        if table is not None and table.game_name == game and target is None:
            await self.presenter.refuse(interaction, TableError("member-not-seated"))
            return
        await self.slash_move(interaction, game, Move(kind, target=target))

    async def slash_watch(self, interaction: Interaction, game: str) -> None:
        async with self.presenter.refusals(interaction):
            await self._watch(interaction, self._table_here(interaction, game))

    async def slash_hand(self, interaction: Interaction, game: str) -> None:
        async with self.presenter.refusals(interaction):
            await self._show_hand(interaction, self._table_here(interaction, game).id)

    async def slash_leave(self, interaction: Interaction, game: str) -> None:
        async with self.presenter.refusals(interaction):
            table = self._table_here(interaction, game)
            in_lobby, was_host = table.status == TableStatus.LOBBY, table.host_id == interaction.user.id
            await self.presenter.within_deadline(interaction, self.runtime.leave(table.id, interaction.user.id),
                                                 Placeholder.PRIVATE)
            host = table.seat_of(table.host_id)
            await self.presenter.tell(interaction, answers.left(
                closed=table.status == TableStatus.CANCELLED, over=table.status == TableStatus.OVER,
                in_lobby=in_lobby, was_host=was_host,
                new_host=seat_names(table)[host] if host is not None else None))

    async def slash_end(self, interaction: Interaction, game: str) -> None:
        async with self.presenter.refusals(interaction):
            table = self._table_here(interaction, game)
            await self.presenter.within_deadline(
                interaction, self.runtime.end(table.id, interaction.user.id, is_admin(interaction)),
                Placeholder.PRIVATE)
            await self.presenter.tell(interaction, answers.TABLE_CLOSED)

    def play_choices(self, interaction: Interaction, game: str, current: str) -> list[tuple[str, str]]:
        """Autocomplete for ``/<game> play``: the legal plays from the member's own hand."""
        table = self.runtime.table_in(interaction.channel_id or 0)
        seat = table.seat_of(interaction.user.id) if table is not None else None
        if table is None or table.game_name != game or seat is None:
            return []
        return play_choices(table, seat, self.uis[game], current)

    # ---------------------------------------------------------- looking back
    async def slash_history(self, interaction: Interaction, game: str) -> None:
        """``/<game> history``: the server's recent rounds, privately."""
        async with self.presenter.refusals(interaction):
            rounds = await self._recent(interaction, game)
            if rounds is not None:
                await self.presenter.answer_history(interaction, game, rounds)

    async def _recent(self, interaction: Interaction, game: str) -> list[RoundSummary] | None:
        """The guild's recent rounds of ``game`` (deferred if the database is slow); None
        once the member has been told the database failed them."""
        if interaction.guild_id is None:
            raise TableError("not-in-a-server")
        try:
            return await self.presenter.within_deadline(
                interaction, self.history.recent(interaction.guild_id, game), Placeholder.PRIVATE)
        except Exception:
            log.exception("reading the recent rounds failed")
            await self.presenter.tell(interaction, failures.HISTORY_UNREADABLE)
            return None

    async def slash_replay(self, interaction: Interaction, game: str, key: str | None) -> None:
        """``/<game> replay round:``: the round chosen (by default the last one the member
        played in this server, else the last one), from its first step, privately."""
        async with self.presenter.refusals(interaction):
            if key is None:
                rounds = await self._recent(interaction, game)
                if rounds is None:
                    return
                if not rounds:
                    raise TableError("no-rounds-to-replay", title=self.uis[game].title)
                key = next((r for r in rounds if interaction.user.id in r.user_ids), rounds[0]).key
            await self._open_replay(interaction, game, key)

    async def replay_pick(self, interaction: Interaction, game: str, owner: int, key: str) -> None:
        """A round chosen in the history list's menu: its replay, as a new private message."""
        async with self.presenter.refusals(interaction):
            if interaction.user.id != owner:
                raise TableError("replay-not-yours")
            await self._open_replay(interaction, game, key)

    async def _open_replay(self, interaction: Interaction, game: str, key: str) -> None:
        table_id, round_no = parse_round_key(key)
        timeline = await self._timeline(interaction, game, table_id, round_no)
        await self.presenter.answer_replay(interaction, timeline, 0)

    async def replay_button(self, interaction: Interaction, table_id: str, round_no: int, step: int,
                            owner: int, way: ReplayWay = ReplayWay.NEXT) -> None:
        """◀ ▶ on a replay: its owner's replay shows ``step``; anybody else is refused (it
        would show them the owner's hand). ``ReplayWay.SHARE``: the owner shares the round, in
        public, as an animation of its table pictures."""
        # A share's answer is public: a refusal after its public "thinking..." takes its place.
        placeholder = Placeholder.PUBLIC if way == ReplayWay.SHARE else Placeholder.NONE
        async with self.presenter.refusals(interaction, placeholder=placeholder):
            if interaction.user.id != owner:
                raise TableError("replay-not-yours")
            timeline = await self._timeline(interaction, None, table_id, round_no, placeholder)
            if way == ReplayWay.SHARE:
                await self.presenter.share_replay(interaction, timeline)
            else:
                await self.presenter.answer_replay(interaction, timeline, step, in_place=True)

    async def _timeline(self, interaction: Interaction, game: str | None, table_id: str, round_no: int,
                        placeholder: Placeholder = Placeholder.PRIVATE) -> Timeline:
        """The round, read and replayed within Discord's deadline (deferred past 2 s with
        ``placeholder``: a private "thinking..." for a replay to come as a new message, none
        for ◀ ▶, whose replay is redrawn in place, a public one for a share)."""
        if interaction.guild_id is None:
            raise TableError("not-in-a-server")
        return await self.presenter.within_deadline(
            interaction, self.history.timeline(interaction.guild_id, game, table_id, round_no), placeholder)

    async def replay_choices(self, interaction: Interaction, game: str, current: str) -> list[tuple[str, str]]:
        """Autocomplete for ``/<game> replay round:``: the server's recent rounds whose words
        hold what was typed."""
        if interaction.guild_id is None:
            return []
        try:
            rounds = await self.history.recent(interaction.guild_id, game, MENU_LIMIT)
        except Exception:
            log.exception("reading the recent rounds failed")
            return []
        typed = current.strip().casefold()
        return [(label, key) for label, key in round_choices(rounds) if typed in label.casefold() or typed == key]


def is_admin(interaction: Interaction) -> bool:
    """A member with Manage Server may end any table of the server."""
    return bool(interaction.permissions.manage_guild)
