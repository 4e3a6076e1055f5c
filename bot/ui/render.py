"""Drawing tables and hands as Discord embeds and components.

The table message is public and is drawn from the engine's public view only.
A hand message is ephemeral and drawn for its one owner.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.cards import SUIT_SYMBOLS, Card, format_cards
from bot.games.core.game import View
from bot.games.core.moves import Move, MoveKind
from bot.registry import Level
from bot.tables.history import RoundSummary, Timeline
from bot.tables.table import Table, TableStatus
from bot.ui.cards import Deck, PictureOrder, hand_order, scene_of, table_order
from bot.ui.components import (
    MENU_LIMIT,
    AskSelect,
    ButtonAction,
    ComputerSelect,
    HandButton,
    OtherSelect,
    PlaySelect,
    ReplayButton,
    ReplaySelect,
    ReplayWay,
    TableButton,
    layout,
)
from bot.ui.pictures import set_picture
from bot.ui.text import history, presets, screens
from bot.ui.text.game import GameUI

GREY = 0x607D8B
BUTTON_KINDS = (MoveKind.DRAW, MoveKind.PASS, MoveKind.CALL)  # one button each on a hand message
SELECTED_KINDS = (MoveKind.CHALLENGE, MoveKind.HIDE)  # many of them: offered in a menu


def plain_text(text: str) -> str:
    """Member-supplied text (a display name) made safe for a message: its markdown shown
    as typed, never as a link or bold, and its mentions unable to ping."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def message_link(table: Table) -> str:
    return f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{table.message_id}"


def seat_names(table: Table, *, escaped: bool = True) -> list[str]:
    """Each seat's player name as messages show it (``escaped=False`` for component
    labels, which Discord shows as plain text)."""
    names = []
    for seat in table.seats:
        shown = screens.seat_name(seat.name, computer=seat.user_id is None)
        name = plain_text(shown) if escaped else shown
        if seat.left:
            name += screens.LEFT_NOTE
        elif seat.autopilot:
            name += screens.AWAY_NOTE
        names.append(name)
    return names


def table_picture(table: Table) -> PictureOrder | None:
    """The picture of the table for its public message, as it is now, or None (the host
    turned pictures off, or there is no match yet). Drawn from the public view only:
    ``scene_of`` takes ``view(None)`` and the public events, and refuses a seat's view."""
    if not table.options.images or table.game is None or table.status == TableStatus.LOBBY:
        return None
    return table_order(scene_of(table.game.view(None), seat_names(table, escaped=False), table.recent,
                                game=table.game_name))


def table_embed(table: Table, ui: GameUI, picture: PictureOrder | None = None) -> discord.Embed:
    """The table message's embed; ``picture`` (``table_picture``, ordered at the same
    moment) is shown in it, its file sent in the same call."""
    names = seat_names(table)
    engine = table.engine
    embed = discord.Embed(title=screens.table_title(ui.title, table.id), colour=ui.colour)
    rules = ui.rules_in_force(table.rules())
    clock = screens.turn_clock(table.options.turn_seconds)
    if table.status == TableStatus.LOBBY:
        agreed = set(table.consent.agreed) if table.consent is not None else set()
        seats = "\n".join(
            f"{i + 1}. {name}{_level(table, i)}{screens.HOST_NOTE if table.seats[i].user_id == table.host_id else ''}"
            + (" ✅" if table.consent is not None and table.seats[i].user_id in agreed else "")
            for i, name in enumerate(names)
        )
        if table.consent is not None:
            asked = ui.rules_words(table.options.needs_consent())
            waiting = ", ".join(plain_text(s.name) for s in table.awaiting_consent())
            deadline = table.consent.deadline
            countdown = f" ⏱ <t:{int(deadline)}:R>" if deadline else ""
            embed.description = screens.consent_description(asked, waiting, countdown)
        else:
            embed.description = screens.lobby_description(len(table.seats), engine.min_seats, table.max_seats)
            if table.deadline is not None:
                embed.description += "\n" + screens.lobby_closes(f"<t:{int(table.deadline)}:R>")
        # Whose house rules these are (bot/ui/presets.py); the footer lists the rules that are on.
        embed.description += "\n" + presets.rules_from(table.options.rules_from, table.options.changed)
        embed.add_field(name=screens.SEATS_FIELD, value=seats or "—", inline=False)
        _last_moves(embed, table, ui, names)
    elif table.game is not None:
        view = table.game.view(None)
        lines = ui.table_lines(view, names)
        embed.description = "\n".join(lines) if lines else None
        embed.add_field(name=screens.SEATS_FIELD, value=_seat_lines(table, view, names, ui), inline=False)
        _last_moves(embed, table, ui, names)
    else:  # closed before the deal: say why
        words = [ui.event_text(e, names) for e in table.recent[-1:]]
        embed.description = "\n".join(w for w in words if w) or screens.TABLE_CLOSED
    if table.status.finished:
        embed.colour = GREY
    footer = [clock, *rules]
    embed.set_footer(text=" · ".join(footer))
    return set_picture(embed, picture)


def _last_moves(embed: discord.Embed, table: Table, ui: GameUI, names: Sequence[str]) -> None:
    words = [ui.event_text(e, names) for e in table.recent]
    text = "\n".join(w for w in words if w)
    if text:
        embed.add_field(name=screens.LAST_MOVES_FIELD, value=text[-1024:], inline=False)


def _level(table: Table, index: int) -> str:
    """A computer's seat shows its level: " (hard)"."""
    seat = table.seats[index] if index < len(table.seats) else None
    return screens.level_note(seat.level) if seat is not None and seat.user_id is None else ""


def _seat_lines(table: Table, view: View, names: Sequence[str], ui: GameUI) -> str:
    lines = []
    for i, name in enumerate(names):
        marker = "▶" if view.turn == i and not view.over else "•"
        count = view.hand_counts[i]
        line = f"{marker} **{name}**{_level(table, i)} — {screens.cards_count(count)}"
        note = ui.seat_note(view, i)
        if note:
            line += f" {note}"
        if view.turn == i and table.deadline is not None and table.clock_seat == i:
            line += f" ⏱ <t:{int(table.deadline)}:R>"
            window = table.game.clock_hint() if table.window and table.game is not None else None
            if window is not None:
                line += screens.decision_window(window)
        lines.append(line)
    return "\n".join(lines)


def computer_choices(table_level: Level) -> list[tuple[str, str, str]]:
    """The lobby menu's levels as (label, value, description), the table's own level first."""
    levels = sorted(Level, key=lambda level: level != table_level)
    return [(screens.computer_label(level), level, screens.level_words(level)) for level in levels]


def table_components(table: Table, ui: GameUI | None = None) -> discord.ui.View | None:
    if table.status.finished:
        return None
    view = layout()
    buttons: list[tuple[ButtonAction, str, discord.ButtonStyle]]
    if table.status == TableStatus.LOBBY and table.consent is not None:
        words = ui.rules_words(table.options.needs_consent()) if ui is not None else screens.THESE_RULES
        buttons = [(ButtonAction.AGREE, screens.agree_button(words)[:80], discord.ButtonStyle.success),
                   (ButtonAction.REFUSE, screens.REFUSE_BUTTON, discord.ButtonStyle.danger),
                   (ButtonAction.LEAVE, screens.LEAVE_BUTTON, discord.ButtonStyle.secondary),
                   (ButtonAction.CANCEL, screens.CANCEL_BUTTON, discord.ButtonStyle.danger)]
    elif table.status == TableStatus.LOBBY:
        buttons = [(ButtonAction.JOIN, screens.JOIN_BUTTON, discord.ButtonStyle.success),
                   (ButtonAction.LEAVE, screens.LEAVE_BUTTON, discord.ButtonStyle.secondary),
                   (ButtonAction.START, screens.START_BUTTON, discord.ButtonStyle.primary),
                   (ButtonAction.CANCEL, screens.CANCEL_BUTTON, discord.ButtonStyle.danger)]
    else:
        buttons = [(ButtonAction.HAND, screens.MY_HAND_BUTTON, discord.ButtonStyle.primary),
                   (ButtonAction.LEAVE, screens.LEAVE_BUTTON, discord.ButtonStyle.secondary),
                   (ButtonAction.WATCH, screens.WATCH_BUTTON, discord.ButtonStyle.secondary)]
        if ui is not None and table.game is not None:
            # a game's own keys are actions too (ValueError, in the tests, for one that is not)
            buttons[1:1] = [(ButtonAction(key), label, discord.ButtonStyle.danger)
                            for key, label in ui.table_buttons(table.game.view(None))]
    for action, label, style in buttons:
        view.add_item(TableButton(table.id, action, label, style))
    if table.status == TableStatus.LOBBY and table.consent is None and len(table.seats) < table.max_seats:
        view.add_item(ComputerSelect(table.id, computer_choices(table.options.computer_level)))
    return view


# ------------------------------------------------------------------- hands


@dataclass(frozen=True)
class HandScreen:
    embed: discord.Embed
    view: discord.ui.View
    picture: PictureOrder | None = None  # the hand's picture, shown in the embed (sent as a file with it)


def play_groups(legal: Sequence[Move]) -> list[tuple[tuple[Card, ...], list[Move]]]:
    """Legal plays grouped by the cards laid: one menu entry per group, the asks after."""
    groups: dict[tuple[Card, ...], list[Move]] = {}
    for move in legal:
        if move.kind == MoveKind.PLAY:
            groups.setdefault(move.cards, []).append(move)
    return list(groups.items())


def ask_options(view: View, ui: GameUI, asks: Sequence[Move], asking: Sequence[Card],
                demand_suit: str | None) -> list[tuple[str, str]]:
    """The entries of the "what do you ask for?" menu.

    A menu holds 25 entries, and A♠ may ask any of 4 suits or demand any of some 50
    cards: past 25 the demands fold into one entry per suit ("Demand a ♣ card…"), which
    opens a menu of that suit's cards. ``demand_suit`` is the suit opened (``R``/``B``
    are the Jokers' colours, grouped as Jokers).
    """
    if demand_suit is not None:
        chosen = [m for m in asks if isinstance(m.demand, Card) and _demand_group(m.demand) == demand_suit]
        return [(ui.move_label(view, m), m.text()) for m in chosen[:MENU_LIMIT]]
    if len(asks) <= MENU_LIMIT:
        return [(ui.move_label(view, m), m.text()) for m in asks]
    codes = " ".join(c.code for c in asking)
    options = [(ui.move_label(view, m), m.text()) for m in asks if not isinstance(m.demand, Card)]
    groups = dict.fromkeys(_demand_group(m.demand) for m in asks if isinstance(m.demand, Card))
    for group in groups:
        if group == JOKER_GROUP:
            label = screens.DEMAND_A_JOKER_LABEL
        else:
            label = screens.demand_a_suit_label(SUIT_SYMBOLS[group])
        options.append((label, f"ask {codes} /{group}"))
    return options[:MENU_LIMIT]


JOKER_GROUP = "J"


def _demand_group(card: Card) -> str:
    return JOKER_GROUP if card.is_joker else card.suit


def hand_screen(
    table: Table, seat: int, ui: GameUI, *, page: int = 0, asking: tuple[Card, ...] | None = None,
    demand_suit: str | None = None, notice: str | None = None, deck: Deck | None = Deck.TWO,
    since: Sequence[dict[str, Any]] = (),
) -> HandScreen:
    """The private hand message for ``seat``: cards, what is playable, the move controls;
    unless ``deck`` is None (the member's settings), a picture of the cards as well, in that
    deck (two colours, or four: the member's own choice, as only they see it). Its owner
    follows the game on it: the table (top card, what it asks, every seat's count, whose
    turn) and ``since``, the public events since the message was last drawn."""
    assert table.game is not None
    game = table.game
    view = game.view(seat)
    names = seat_names(table)
    legal = game.legal_moves(seat) if table.status == TableStatus.PLAYING else []
    playable = {c for m in legal if m.kind == MoveKind.PLAY for c in m.cards[:1]}
    hand = sorted(view.hand, key=lambda c: (c.suit, c.rank))
    cards = " ".join(f"**{c.symbol}**" if c in playable else c.symbol for c in hand) or screens.NO_CARDS
    embed = discord.Embed(title=screens.hand_title(ui.title, table.id), colour=ui.colour)
    embed.description = cards
    picture = hand_order(hand, playable, deck) if deck is not None and hand else None
    if playable:
        embed.description += "\n" + screens.playable_hint(picture is not None)
    set_picture(embed, picture)
    status = _status_line(table, view, names)
    counts = " · ".join(screens.seat_count(name, view.hand_counts[i], view.turn == i and not view.over)
                        for i, name in enumerate(names))
    lines = [*ui.table_lines(view, names), counts]
    embed.add_field(name=screens.TABLE_FIELD, value="\n".join([*lines, status])[-1024:], inline=False)
    happened = "\n".join(w for w in (ui.event_text(e, names) for e in since) if w)
    if happened:
        embed.add_field(name=screens.SINCE_FIELD, value=happened[-1024:], inline=False)
    if notice:
        embed.add_field(name="\u200b", value=notice[:1024], inline=False)
    components = layout()
    groups = play_groups(legal)
    if groups:
        start = page * MENU_LIMIT
        shown = groups[start : start + MENU_LIMIT]
        components.add_item(PlaySelect(table.id, table.version, page, [
            (ui.move_label(view, moves[0]) if len(moves) == 1 else format_cards(cards_) + " …",
             moves[0].text() if len(moves) == 1 else "ask " + " ".join(c.code for c in cards_))
            for cards_, moves in shown
        ]))
        if len(groups) > MENU_LIMIT:
            next_page = (page + 1) % ((len(groups) + MENU_LIMIT - 1) // MENU_LIMIT)
            components.add_item(HandButton(table.id, table.version, ButtonAction.PAGE, str(next_page),
                                           screens.MORE_PLAYS_BUTTON, discord.ButtonStyle.secondary))
    if asking is not None:
        asks = [m for m in legal if m.kind == MoveKind.PLAY and m.cards == asking]
        if asks:
            components.add_item(AskSelect(table.id, table.version, asking,
                                          ask_options(view, ui, asks, asking, demand_suit)))
    others = [m for m in legal if m.kind in SELECTED_KINDS]
    if others:
        components.add_item(OtherSelect(table.id, table.version,
                                        [(move_label(ui, view, m, seat_names(table, escaped=False)), m.text())
                                         for m in others]))
    for move in ui.button_plays(view, legal):
        components.add_item(HandButton(table.id, table.version, ButtonAction.MOVE, move.text(),
                                       ui.move_label(view, move), discord.ButtonStyle.success))
    for move in legal:
        if move.kind in BUTTON_KINDS:
            components.add_item(HandButton(table.id, table.version, ButtonAction.MOVE, move.text(),
                                           ui.move_label(view, move), _style(move)))
    components.add_item(HandButton(table.id, table.version, ButtonAction.REFRESH, "", screens.REFRESH_BUTTON,
                                   discord.ButtonStyle.secondary))
    return HandScreen(embed, components, picture)


def play_choices(table: Table, seat: int, ui: GameUI, typed: str) -> list[tuple[str, str]]:
    """The legal plays from ``seat``'s hand whose cards or words start as ``typed``, as
    (label, value) for a slash command's autocomplete (Discord shows 25)."""
    if table.game is None:
        return []
    view, typed = table.game.view(seat), typed.strip().upper()
    choices = []
    for move in table.game.legal_moves(seat):
        if move.kind != MoveKind.PLAY:
            continue
        value, label = move.text().split(" ", 1)[1], ui.move_label(view, move)  # the cards, without "play"
        if not typed or value.upper().startswith(typed) or label.upper().startswith(typed):
            choices.append((label, value))
    if len(choices) <= MENU_LIMIT:
        return choices
    # An Ace's asks (each suit, each card) could fill all 25 with one card's plays: each
    # card's first plays come first, so that every card that can lead a play is offered.
    nth_of_its_card: list[int] = []
    seen: dict[str, int] = {}
    for _, value in choices:
        first = value.split(" ", 1)[0]
        nth_of_its_card.append(seen.get(first, 0))
        seen[first] = nth_of_its_card[-1] + 1
    kept = sorted(sorted(range(len(choices)), key=lambda i: (nth_of_its_card[i], i))[:MENU_LIMIT])
    return [choices[i] for i in kept]


def watch_components(table: Table) -> discord.ui.View:
    """A watcher's private view of the table: its Refresh (a Watch click: a new token, so
    the view lives on after the old token's 15 minutes); none once the table is over."""
    view = layout()
    if not table.status.finished:
        view.add_item(TableButton(table.id, ButtonAction.WATCH, screens.WATCH_REFRESH_BUTTON,
                                  discord.ButtonStyle.secondary))
    return view


def move_menu(table: Table, seat: int, ui: GameUI, moves: Sequence[Move]) -> discord.ui.View:
    """The private menu of the moves behind a game's button on the table message."""
    assert table.game is not None
    view, names = table.game.view(seat), seat_names(table, escaped=False)  # menu labels show text as it is
    menu = layout()
    menu.add_item(OtherSelect(table.id, table.version, [(move_label(ui, view, m, names), m.text()) for m in moves]))
    return menu


def move_label(ui: GameUI, view: View, move: Move, names: Sequence[str]) -> str:
    """A move's words, naming the seat a move aims at (a challenge) by its player's name."""
    if move.kind == MoveKind.CHALLENGE and move.target is not None and 0 <= move.target < len(names):
        return screens.challenge_label(names[move.target])
    return ui.move_label(view, move)


def _style(move: Move) -> discord.ButtonStyle:
    return discord.ButtonStyle.success if move.kind == MoveKind.CALL else discord.ButtonStyle.primary


def _status_line(table: Table, view: View, names: Sequence[str]) -> str:
    if table.status == TableStatus.OVER or view.over:
        return screens.GAME_OVER
    if table.status == TableStatus.CANCELLED:
        return screens.TABLE_CLOSED
    if view.turn == view.seat:
        clock = f" (⏱ <t:{int(table.deadline)}:R>)" if table.deadline else ""
        return screens.your_turn(clock)
    if view.seat is not None and view.seat in view.actors:
        return screens.others_turn_you_may_act(names[view.turn] if view.turn is not None else None)
    return screens.NOT_YOUR_TURN


# ------------------------------------------------------------------ looking back


def round_choices(rounds: Sequence[RoundSummary]) -> list[tuple[str, str]]:
    """The rounds as (label, round key) for a menu or an autocomplete."""
    return [(history.round_choice(r.at, [screens.seat_name(name, computer=i >= len(r.user_ids) or r.user_ids[i] is None)
                                         for i, name in enumerate(r.names)], r.round_no), r.key) for r in rounds]


def _player(summary: RoundSummary, seat: int) -> str:
    """A seat of a recorded round: a member as a mention (shown as their name, pinging
    nobody), a computer by its name."""
    user_id = summary.user_ids[seat] if seat < len(summary.user_ids) else None
    return f"<@{user_id}>" if user_id is not None else plain_text(screens.seat_name(summary.names[seat], computer=True))


def history_embed(rounds: Sequence[RoundSummary], ui: GameUI, game: str) -> discord.Embed:
    """``/<game> history``: the server's recent rounds, newest first: when, where, who sat,
    who won or was the Donkey."""
    embed = discord.Embed(title=history.history_title(ui.title), colour=ui.colour)
    lines = []
    for r in rounds:
        when = discord.utils.format_dt(datetime.datetime.fromtimestamp(r.at, datetime.UTC), "R")
        players = [_player(r, i) for i in range(len(r.names))]
        lines.append("• " + history.history_line(
            when, f"<#{r.channel_id}>", players, [_player(r, w) for w in r.winners],
            _player(r, r.loser) if r.loser is not None else None, r.round_no))
    embed.description = "\n".join(lines)[:4096] if lines else history.no_rounds(ui.title, game)
    if rounds:
        embed.set_footer(text=history.history_footer(game))
    return embed


def history_components(rounds: Sequence[RoundSummary], game: str, owner: int) -> discord.ui.View | None:
    """The history list's menu: a round chosen opens its replay."""
    if not rounds:
        return None
    view = layout()
    view.add_item(ReplaySelect(game, owner, round_choices(rounds)))
    return view


@dataclass(frozen=True)
class ReplayScreen:
    embed: discord.Embed
    view: discord.ui.View
    picture: PictureOrder | None  # the table picture at this step (from the public view only)


def replay_screen(timeline: Timeline, step: int, ui: GameUI, viewer: int) -> ReplayScreen:
    """One step of a replay for ``viewer``: the table as its message showed it then (its
    picture, its seats and counts), a line saying what the move did, and the viewer's own
    hand at that moment if they sat in the round. Nobody else's hand is read."""
    last = len(timeline.steps) - 1
    step = min(max(step, 0), last)
    at = timeline.steps[step]
    table = timeline.table_at(step)
    names = seat_names(table)
    picture = table_picture(table)
    embed = table_embed(table, ui, picture)
    embed.title = history.replay_title(ui.title, table.id, timeline.round_no)
    embed.set_footer(text=history.step_counter(step, last))
    embed.clear_fields()
    public = at.game.view(None)
    embed.add_field(name=screens.SEATS_FIELD, value=_seat_lines(table, public, names, ui), inline=False)
    if at.move is None:
        said = history.DEALT
    else:
        said = " ".join(w for w in (ui.event_text(e, names) for e in at.events) if w) or history.NOTHING_SAID
        if at.move.kind == MoveKind.TIMEOUT:
            said += " " + history.TIMED_OUT
    embed.add_field(name=screens.LAST_MOVES_FIELD, value=said[:1024], inline=False)
    seat = timeline.seat_of(viewer)
    if seat is None:
        embed.add_field(name="\u200b", value=history.NOT_SEATED_NOTE, inline=False)
    else:
        if timeline.next_dealt(step):
            cards = history.HAND_AFTER_ROUND
        else:
            own = at.game.view(seat)  # the viewer's own seat: this replay is theirs alone
            hand = sorted(own.hand, key=lambda c: (c.suit, c.rank))
            cards = " ".join(c.symbol for c in hand) or history.NO_CARDS_LEFT
        embed.add_field(name=history.YOUR_HAND_FIELD, value=cards[:1024], inline=False)
    view = layout()
    key = (table.id, timeline.round_no)
    for way, label, target, off in ((ReplayWay.FIRST, history.FIRST, 0, step <= 0),
                                    (ReplayWay.BACK, history.PREVIOUS, step - 1, step <= 0),
                                    (ReplayWay.NEXT, history.NEXT, step + 1, step >= last),
                                    (ReplayWay.LAST, history.LAST, last, step >= last)):
        view.add_item(ReplayButton(*key, min(max(target, 0), last), viewer, way, label, disabled=off))
    if picture is not None:
        view.add_item(ReplayButton(*key, step, viewer, ReplayWay.SHARE, history.SHARE_BUTTON))
    return ReplayScreen(embed, view, picture)


def replay_pictures(timeline: Timeline) -> list[PictureOrder]:
    """The round's table pictures, one per step, for its animation: each drawn from the
    public view only, as the table message's was. Empty when the table had no pictures."""
    orders = [table_picture(timeline.table_at(i)) for i in range(len(timeline.steps))]
    return [o for o in orders if o is not None]
