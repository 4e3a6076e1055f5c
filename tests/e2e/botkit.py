"""Helpers for playing the real bot through the fake Discord, as members."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from pathlib import Path

from bot.client import KadiBot
from bot.config import Settings
from bot.games.cards import ALL_CARDS, Card, codes, parse_cards
from bot.games.core.errors import IllegalMove
from bot.games.core.moves import Move, MoveKind
from bot.tables.runtime import Timing
from bot.tables.table import Table
from bot.ui.cards import cards_named
from bot.ui.text import i18n
from bot.ui.text.pictures import card_words
from sandbox.fake_discord import FakeDiscord, FakeMember, FakeMessage, texts_of
from tests.waiting import DEADLINE, eventually, settled

FAST = Timing(computer_delay=(0.0, 0.0), call_wait=0.0)
MOVES = 3000  # a member's moves in a solo match are far fewer: a bound on the game, not a wait


async def serving(fake: FakeDiscord) -> AsyncIterator[FakeDiscord]:
    """``fake`` started on a free loopback port with discord.py pointed at it, for a
    fixture to yield; stopped afterwards, failing the test if the bot called a route the
    fake does not know or the fake crashed."""
    await fake.start()
    try:
        with fake.patched_discord():
            yield fake
    finally:
        await fake.stop()
    assert not fake.unknown_routes, f"the bot called routes the fake does not know: {fake.unknown_routes}"
    assert not fake.errors, f"the fake Discord crashed: {fake.errors}"


def make_bot(fake: FakeDiscord, db: Path | str, timing: Timing = FAST) -> KadiBot:
    """The bot on the fake Discord, its storage in the SQLite file ``db`` or, when ``db`` is
    a postgresql:// URL (the ``database`` fixture's), in that PostgreSQL database."""
    url = db if isinstance(db, str) else None
    path = db if isinstance(db, Path) else Path("unused.sqlite3")
    settings = Settings(token=fake.token, database_path=path, database_url=url, log_level="DEBUG",
                        computer_call_wait=0.0)
    # No overload watch: a busy test machine must not pause the pictures a test checks
    # (tests/bot/test_loop_load.py tests the watch; an e2e test sets the overload itself).
    return KadiBot(settings, timing=timing, coalesce=0.01, watch_load=False)


async def table_of(bot: KadiBot, message: FakeMessage, timeout: float = DEADLINE) -> Table:
    """The runtime's table behind a public table message (the bot learns the message's
    id just after answering, so wait for it)."""

    def shown() -> Table | None:
        return next((t for t in bot.runtime.tables.values() if t.message_id == message.id), None)

    return await eventually(shown, f"a table showing message {message.id}", timeout=timeout)


async def started_kadi_table(fake: FakeDiscord, bot: KadiBot, host: FakeMember,
                             *guests: FakeMember) -> tuple[FakeMessage, Table]:
    """``/kadi new`` without a turn timer, the guests join, the host starts: the table
    message and the runtime's table."""
    opened = await fake.slash(host, "kadi new", options={"turn_timer": 0})
    message = await opened.final()
    for guest in guests:
        await fake.click(guest, message, "Join")
    await fake.click(host, message, "Start")
    return message, await table_of(bot, message)


async def kadi_hands_open(fake: FakeDiscord, bot: KadiBot, alice: FakeMember,
                          bob: FakeMember) -> tuple[FakeMessage, Table, FakeMessage, FakeMessage]:
    """A started two-seat Kadi table (``started_kadi_table``) dealt Alice 4H 9H 9D 4C and Bob
    KC 5S 6S 7D over a 5H, Alice to play, both hand messages open and drawn: the table
    message, the table, Alice's hand and Bob's."""
    message, table = await started_kadi_table(fake, bot, alice, bob)
    stack(table, ["4H 9H 9D 4C", "KC 5S 6S 7D"], top="5H")
    alice_hand = await my_hand(fake, alice, message)
    bob_hand = await my_hand(fake, bob, message)
    await settled(bot.presenter)
    return message, table, alice_hand, bob_hand


def players_move(legal: list[Move]) -> Move:
    """What a scripted member plays: the call if one is offered, else the first play, else
    the first move (a draw). A member who only ever drew could hoard the deck until nobody
    can play and nothing is left to draw: in Kadi that round never ends (about one deal in
    twenty against two normal computers), and a test playing so would run for minutes."""
    calls = [m for m in legal if m.kind == MoveKind.CALL]
    plays = [m for m in legal if m.kind == MoveKind.PLAY]
    return calls[0] if calls else plays[0] if plays else legal[0]


async def play_to_the_end(bot: KadiBot, table: Table, members: list[FakeMember],
                          after_each: Callable[[], Awaitable[None]] | None = None) -> None:
    """The seated members play their moves through the runtime, as clicks would, until the
    round ends (``players_move``); ``after_each`` is awaited after every move."""
    for _ in range(MOVES):
        game = table.game
        if table.status == "over" or game is None:
            return
        seat = game.next_actor()
        assert seat is not None
        await bot.runtime.act(table.id, members[seat].id, players_move(game.legal_moves(seat)))
        if after_each is not None:
            await after_each()
    raise AssertionError("the round did not end")


async def turn_or_over(table: Table, seat: int, timeout: float = DEADLINE) -> bool:
    """Wait until ``seat`` may act at ``table`` (computers play in between) or the table is
    over; True if it may act. Each wait has its own deadline, so a long match against
    computers fails only when nothing happens for ``timeout`` seconds."""

    def ready() -> bool:
        game = table.game
        return table.status == "over" or (game is not None and seat in game.actors())

    await eventually(ready, f"seat {seat}'s turn or the end of table {table.id}", timeout=timeout)
    return table.status != "over"


def stack(table: Table, hands: list[str], top: str, draw_tail: str = "", turn: int = 0) -> None:
    """Deal the cards we want (a stacked deck), keeping all 54 cards in the game.

    ``draw_tail`` are the next cards drawn, first drawn first.
    """
    game = table.game
    assert game is not None
    state = game.to_state()
    dealt = [list(parse_cards(h)) for h in hands]
    top_card = parse_cards(top)[0]
    tail = list(parse_cards(draw_tail)) if draw_tail else []
    used: set[Card] = {c for h in dealt for c in h} | {top_card} | set(tail)
    rest = [c for c in ALL_CARDS if c not in used]
    state["hands"] = [codes(h) for h in dealt]
    state["discard"] = [top_card.code]
    state["draw_pile"] = codes(rest) + codes(reversed(tail))  # drawn from the end
    state["base"] = top_card.code
    state["turn"] = turn
    table.game = type(game).from_state(state)


def stack_karata(table: Table, hands: list[str], top: str, draw_tail: str = "", turn: int = 0) -> None:
    """Karata's stacked deck: these hands, ``top`` on the discard pile, ``draw_tail`` drawn
    first (first drawn first), every other card of the 54 in the draw pile under them.
    The round is at its start (nobody has played, so cheat mode may still hide a card)."""
    game = table.game
    assert game is not None and table.game_name == "karata"
    state = game.to_state()
    dealt = [list(parse_cards(h)) if h.strip() else [] for h in hands]
    top_card = parse_cards(top)[0]
    tail = list(parse_cards(draw_tail)) if draw_tail else []
    used: set[Card] = {c for h in dealt for c in h} | {top_card} | set(tail)
    assert len(used) == sum(len(h) for h in dealt) + 1 + len(tail), "a card is dealt twice"
    rest = [c for c in ALL_CARDS if c not in used]
    state.update(
        hands=[codes(h) for h in dealt], discard=[top_card.code], draw_pile=codes(rest) + codes(reversed(tail)),
        turn=turn, first=turn, phase="turn", pick_up=0, skips=0, skip_layers=[], demand=None, drawn=None,
        called=[], watch=None, hidden=[None] * len(hands), started=False,
        taken=[len(h) for h in dealt], laid=[0] * len(hands),
    )
    table.game = type(game).from_state(state)


def stack_donkey(table: Table, hands: list[str], leader: int, round_no: int = 2) -> None:
    """Donkey from a chosen position at the start of round ``round_no`` (cards in no hand
    lie on the discard pile), keeping the table's rules."""
    from bot.games.donkey import DonkeyGame, DonkeyRules

    game = table.game
    assert isinstance(game, DonkeyGame)
    rules = game.rules
    assert isinstance(rules, DonkeyRules)
    table.game = DonkeyGame.from_position([list(parse_cards(h)) for h in hands], leader, round_no=round_no,
                                          rules=rules)


async def my_hand(fake: FakeDiscord, member: FakeMember, table_message: FakeMessage) -> FakeMessage:
    result = await fake.click(member, table_message, "My hand")
    assert result.ephemeral, "a hand must be private"
    message = await result.final() if result.deferred else result.message  # "thinking..." (a slow read), then the hand
    assert message is not None and message.visible_to == member.id
    return message


def option_value(message: FakeMessage, pattern: str) -> str:
    """The value of the play-menu option whose value matches ``pattern``."""
    for select in message.selects():
        for value in select.option_values:
            if re.fullmatch(pattern, value):
                return value
    raise AssertionError(f"no option matching {pattern!r} in {[s.option_values for s in message.selects()]}")


class LeakWatch:
    """Checks every new public message version against the hands of that moment.

    A card counts as leaked when a public text names it while it is in a hand and was
    not laid (or named as an ask) in a public play of the current deal: a play is
    public knowledge. Plays are read from the table's move log, so a long run of
    computer moves between two checks does not hide them. Cheat mode's hidden cards
    are checked on their own as well (``hidden_checked`` counts the versions checked
    while a card was hidden). A public message's picture is checked by what it was drawn
    from: the faces its PNG names (``bot.ui.cards.cards_named``) must not be in a hand
    either (``images_checked`` counts the pictures checked), nor may its alt text (the
    attachment's description, which names cards in words: ``card_words``, in any language) name one
    (``alt_checked`` counts the alt texts checked).
    """

    def __init__(self, fake: FakeDiscord, *, private_views: Iterable[FakeMessage] = ()) -> None:
        """``private_views``: private messages that show the public table (a watcher's live
        view), checked as the public ones are."""
        self.fake = fake
        self.private_views = {message.id for message in private_views}
        self.seen: dict[int, int] = {}
        self.checked = 0
        self.images_checked = 0
        self.alt_checked = 0
        self.hidden_checked = 0
        self.hidden_ever: set[str] = set()
        self._deal: dict[str, tuple[int, int]] = {}  # table id -> (deal number, first move of that deal)
        self._moves_seen: dict[str, int] = {}
        self._deal_public: dict[str, set[str]] = {}  # table id -> cards shown this deal
        self._last_deal_public: dict[str, set[str]] = {}  # ... and in the deal before

    def accept_current(self) -> None:
        """Mark every version so far as checked (after a test stacks the deck, the old
        table message shows the real deal's cards, which are no longer anyone's secret)."""
        for message in self.fake.messages.values():
            self.seen[message.id] = len(message.versions)

    async def _public_cards(self, bot: KadiBot, table: Table) -> set[str]:
        assert table.game is not None
        moves = await bot.storage.moves(table.id)
        # Karata and Kadi deal afresh each round; a Donkey "round" is a trick of the same deal.
        deal = table.game.view(None).round_no if table.game_name != "donkey" else 1
        known = self._deal.get(table.id)
        if known is None or known[0] != deal:
            start = self._moves_seen.get(table.id, 0) if known is not None else 0
            # Versions drawn late in the last deal may still be unchecked: its plays stay
            # public for them (a card played then may sit in a new hand now).
            self._last_deal_public[table.id] = self._deal_public.pop(table.id, set())
            self._deal[table.id] = known = (deal, start)
        self._moves_seen[table.id] = len(moves)
        # Cards played, and the card a round starts on: shown to everyone (a reshuffle may
        # put them in a hand later), remembered for the whole deal as recent events slide.
        public = self._deal_public.setdefault(table.id, set())
        public |= {code for e in table.recent if e.get("event") == "Played" for code in e["cards"]}
        public |= {e["top"] for e in table.recent if e.get("event") == "RoundStarted" and e.get("top")}
        for _, text in moves[known[1]:]:
            try:
                move = Move.parse(text)
            except IllegalMove:
                continue
            if move.kind == MoveKind.PLAY:
                public |= {c.code for c in move.cards}
                if isinstance(move.demand, Card):
                    public.add(move.demand.code)
        return public | self._last_deal_public.get(table.id, set())

    async def check(self, bot: KadiBot) -> None:
        # Let coalesced edits land first, so each version is judged against its own moment.
        await settled(bot.presenter)
        in_hands: set[str] = set()
        codes_in_hands: set[str] = set()
        words_in_hands: set[str] = set()
        hidden: set[str] = set()
        for table in list(bot.runtime.tables.values()):
            if table.game is None:
                continue
            public = await self._public_cards(bot, table)
            for seat in range(len(table.seats)):
                in_hands |= {c.symbol for c in table.game.view(seat).hand if c.code not in public}
                codes_in_hands |= {c.code for c in table.game.view(seat).hand if c.code not in public}
                for lang in i18n.languages():  # alt text is in its reader's language: any of them
                    with i18n.speaking(lang):
                        words_in_hands |= {card_words(c) for c in table.game.view(seat).hand
                                           if c.code not in public}
            for secret in getattr(table.game, "hidden", ()):  # Karata's cheat mode
                if secret is not None:
                    hidden.add(secret.symbol)
        self.hidden_ever |= hidden
        for message in list(self.fake.messages.values()):
            if not message.public and message.id not in self.private_views:
                continue
            start = self.seen.get(message.id, 0)
            for index in range(start, len(message.versions)):
                version = message.versions[index]
                png = self.fake.image_of(message, index)
                if png is not None:
                    # Judged as the words are: a card played this deal is public, even if a
                    # reshuffle has since brought it into a hand.
                    pictured = sorted(set(cards_named(png)) & codes_in_hands)
                    assert not pictured, f"public message {message.id}'s picture shows cards in a hand: {pictured}"
                    self.images_checked += 1
                for attachment in version.get("attachments") or []:
                    alt = str(attachment.get("description") or "")
                    said = sorted(w for w in words_in_hands if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", alt))
                    assert not said, f"public message {message.id}'s alt text names cards in a hand: {said}\n{alt}"
                    self.alt_checked += bool(alt)
                text = "\n".join(texts_of(version))
                shown = sorted(s for s in hidden if s in text)
                assert not shown, f"public message {message.id} shows a hidden (cheat mode) card: {shown}\n{text}"
                leaked = sorted(s for s in in_hands if s in text)
                assert not leaked, f"public message {message.id} shows cards in a hand: {leaked}\n{text}"
                self.checked += 1
                self.hidden_checked += bool(hidden)
            self.seen[message.id] = len(message.versions)
