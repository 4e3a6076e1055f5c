"""What a table picture shows, taken from the public view and nothing else.

``TableScene`` holds only what everybody at the table may see: the last play on the
discard pile, what is asked or demanded, a pending pick-up or skip, every seat's name
and card count, and Donkey's trick. It is built by ``scene_of`` from a game's public
``View`` (``game.view(None)``) and the table's public events; a seat's view is
refused, so a table picture cannot be drawn from a hand. The table picture's drawing
(``table.py``) takes a ``TableScene`` and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.cards import Card, card
from bot.games.core.game import View
from bot.games.core.moves import Demand
from bot.games.donkey.view import DonkeyView
from bot.games.kadi.view import KadiView
from bot.games.karata.view import KarataView
from bot.registry import game_of_view, table_scene
from bot.ui.text import pictures as words
from bot.ui.text.i18n import current

PILE_SHOWN = 6  # at most this many cards of the last play are fanned on the pile


@dataclass(frozen=True, slots=True)
class SeatScene:
    name: str  # the player's name, drawn as their seat (``number``) if no bundled font can draw it
    count: int  # cards in hand, shown as card backs
    turn: bool  # the seat whose turn it is
    note: str = ""  # "out", "called", "sits out", ...
    number: int = 0  # the seat's number (1, 2, ...); 0 when not known
    # The language its words are in (the language of the moment where it is made): the
    # panel may write "Seat 3" for a name no font can draw, and panels are cached by seat.
    lang: str = field(default_factory=current)


@dataclass(frozen=True, slots=True)
class TableScene:
    seats: tuple[SeatScene, ...]
    pile: tuple[Card, ...] = ()  # the last play, bottom to top (the top card alone when unknown)
    asked_suit: str | None = None  # a suit asked for (S H D C)
    demand: Card | None = None  # a card demanded (written, not shown as a face: it may be in a hand)
    demand_words: str = ""  # a demand that is no one card ("any special card")
    pick_up: int = 0  # a pending pick-up
    skips: int = 0  # pending skips
    trick: tuple[tuple[str, Card], ...] = ()  # Donkey: who played which card this round
    lead_suit: str | None = None  # Donkey: the suit to follow
    caption: str = ""  # a short line: the round, the direction
    # The language of its words, the notes and caption above and the labels the drawing
    # writes ("Asked for"): the language of the moment where the scene is made, since the
    # drawing runs in a worker thread the caller's language does not follow to. Part of
    # the scene, so of its picture's cache key: a picture in one language is never
    # served to a reader of another.
    lang: str = field(default_factory=current)

    def number_of(self, name: str) -> int:
        """The seat number of the player called ``name`` (0 if none is)."""
        return next((seat.number for seat in self.seats if seat.name == name), 0)

    def cards_shown(self) -> tuple[Card, ...]:
        """Every card face the picture shows (written into the PNG, checked by the no-leak
        tests): cards laid face up on the table, never one that may be in a hand."""
        return (*self.pile, *(c for _, c in self.trick))


def scene_of(view: View, names: Sequence[str], recent: Sequence[Mapping[str, Any]] = (),
             game: str | None = None) -> TableScene:
    """The picture of the table for ``view``, which must be the public view (no seat, no
    hand): a seat's view is refused with ``ValueError``, so no hand can reach a picture
    everybody sees. ``recent`` are the table's public events (the last play is read from
    them); ``names`` the seats' names, as the table message shows them. What it shows
    beyond the seats is the game's own (its registry entry's ``scene``); ``game`` names
    it, else it is the game whose engine shows such a view."""
    if view.seat is not None or view.hand:
        raise ValueError("a table picture is drawn from the public view only, never a seat's")
    name = game if game is not None else game_of_view(view)
    draw = table_scene(name) if name is not None else None
    if draw is None:
        return TableScene(seats=_seats(view, names))
    scene: TableScene = draw(view, names, recent)
    return scene


def _seats(view: View, names: Sequence[str], notes: Sequence[str] = ()) -> tuple[SeatScene, ...]:
    return tuple(
        SeatScene(name=names[i] if i < len(names) else words.seat(i + 1), count=count,
                  turn=view.turn == i and not view.over, note=notes[i] if i < len(notes) else "", number=i + 1)
        for i, count in enumerate(view.hand_counts)
    )


def last_play(top: Card | None, recent: Sequence[Mapping[str, Any]]) -> tuple[Card, ...]:
    """The cards of the last play if it is what lies on top of the pile, else the top card
    alone (the round's first card, or a play whose event has slid out of ``recent``)."""
    if top is None:
        return ()
    for event in reversed(recent):
        kind = event.get("event")
        if kind == "Played":
            cards = tuple(card(code) for code in event.get("cards", ()))
            if cards and cards[-1] is top:
                return cards[-PILE_SHOWN:]
            break
        if kind in ("RoundStarted", "Reshuffled"):
            break
    return (top,)


def kadi_scene(view: KadiView, names: Sequence[str], recent: Sequence[Mapping[str, Any]]) -> TableScene:
    notes = [words.CALLED if s in view.called else words.CARDLESS if s in view.cardless else ""
             for s in range(view.seats)]
    caption = words.caption(words.round_of(view.round_no, view.rounds) if view.rounds > 1 else "",
                            words.direction(view.clockwise))
    return TableScene(
        seats=_seats(view, names, notes), pile=last_play(view.top, recent),
        asked_suit=view.ask_suit if view.demand is None else None, demand=view.demand,
        pick_up=view.pick_up, skips=view.skips, caption=caption,
    )


def karata_scene(view: KarataView, names: Sequence[str], recent: Sequence[Mapping[str, Any]]) -> TableScene:
    seats = len(view.hand_counts)
    notes = [words.OUT if s in view.out else words.CALLED if s in view.called else "" for s in range(seats)]
    demand = view.demand
    demanded = "" if demand is None else words.ANY_SPECIAL_CARD if demand == Demand.SPECIAL else str(demand)
    caption = words.caption(words.round_number(view.round_no), words.direction(view.clockwise))
    return TableScene(
        seats=_seats(view, names, notes), pile=last_play(view.top, recent), asked_suit=view.ask_suit,
        demand_words=demanded, pick_up=view.pick_up, skips=view.skips, caption=caption,
    )


def donkey_scene(view: DonkeyView, names: Sequence[str], recent: Sequence[Mapping[str, Any]] = ()) -> TableScene:
    seats = len(view.hand_counts)
    notes = []
    for s in range(seats):
        rank = view.out_ranks[s]
        notes.append(words.out_in_place(rank) if rank is not None else words.SITS_OUT if s in view.sitting_out
                     else "")
    trick = tuple((names[s] if s < len(names) else words.seat(s + 1), c) for s, c in view.trick)
    return TableScene(seats=_seats(view, names, notes), trick=trick, lead_suit=view.active_suit,
                      caption=words.round_number(view.round_no))
