# What every game shares at the table (bot/ui/text/game.py): the moves' words, the
# games' shared events, and why the table runtime closed a table (bot/ui/text/table.py).
# $who, $first, $winners: players' names; $cards: cards as their symbols (Q♠ 10♥).

## Moves

game-move-draw = Draw
game-move-pass = Pass
# A game without a call of its own (its GameUI names its call: Niko Kadi!, Kadi Moja!).
game-move-call = Call
game-move-sit-out = Sit out
game-move-hide = Hide { $cards }
# $ask: a suit's sign, a card, or "a special card".
game-move-play-ask = { $cards } → ask { $ask }
game-ask-special-card = a special card
# The private question above the menu a table button opens.
game-table-button-prompt = Choose one (only you see this):
# Two rules' (or players') names joined; a longer list joins them one by one.
game-and = { $first } and { $second }

## Events

game-event-played = { $who } played { $cards }.
game-event-played-ask = { $who } played { $cards }, asking for { $ask }.
# $reason: why the cards were picked up (bomb, stack, question, penalty, cardless, demand; anything else: a draw).
game-event-drew = { $who } picked up { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }{ $reason ->
        [bomb] {" "}(bomb)
        [stack] {" "}(draw stack)
        [question] {" "}(unanswered question)
        [penalty] {" "}(penalty)
        [cardless] {" "}to get back in
        [demand] {" "}(demand)
       *[other] {""}
    }.
game-event-forgiven = { $who } was let off { $count }: no more cards to pick up.
game-event-reshuffled = The discard pile was shuffled into a new draw pile ({ $count ->
        [one] { $count } card
       *[other] { $count } cards
    }).
game-event-skipped = { $who } was skipped.
game-event-reversed = { $clockwise ->
        [yes] Direction reversed: now clockwise.
       *[no] Direction reversed: now anticlockwise.
    }
# $call: the game's call (Niko Kadi!).
game-event-called = { $who } called **{ $call }**
game-event-timed-out = { $who } ran out of time.
game-event-round-started = Round { $round } — { $first } starts.
game-event-round-blocked = Nothing was left to draw and nobody laid a card for a whole turn of the table: the round ends on points.
game-event-round-over = Round { $round } over: { $winners } won.
game-event-match-over = Game over: { $winners } won.
game-event-computer-took-seat = { $who } timed out three times in a row: a computer plays for them until they act.
game-event-seat-taken-back = { $who } is back and plays their own cards again.
game-event-host-passed = The host left: { $who } is the host now.
game-event-seat-left = { $who } left; a computer plays on with their cards.
# $reason: one of the game-ended-because messages below.
game-event-table-ended = The table was closed ({ $reason }).
game-event-table-closed = The table was closed.
# $rules: the rules' names in words.
game-event-consent-given = Every player agreed: **{ $rules }** is on.
game-event-consent-refused = { $who } said no, so **{ $rules }** is off: the game starts without it.
game-event-consent-timed-out = Not every player agreed in time, so **{ $rules }** is off: the game starts without it.

## Why the runtime closed a table (bot.tables.events.EndReason, by value)

game-ended-because-message-not-posted = its message could not be posted
game-ended-because-channel-deleted = its channel was deleted
game-ended-because-host-left = the host left
game-ended-because-every-human-left = every human left
game-ended-because-nobody-started = nobody started it in time
game-ended-because-ended-by-host = ended by the host
game-ended-because-ended-by-moderator = ended by a moderator
