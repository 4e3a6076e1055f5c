# Everything Donkey says (bot/ui/text/donkey.py): the table, the events, and the
# refusals its engine names (bot/games/donkey/legality.py). A card is its symbol (Q♠).

donkey-title = Donkey
# Why the lead passes on: "The lead passes from Amina, <reason>, to Baraka."
donkey-lead-out = who has gone out
donkey-lead-sitting-out = who sits this round out
donkey-lead-timed-out = whose time ran out
# An ordinal place ("1st"); $form is the number's CLDR ordinal category (one, two, few, other).
donkey-ordinal = { $form ->
        [one] { $rank }st
        [two] { $rank }nd
        [few] { $rank }rd
       *[other] { $rank }th
    }

## The table.
donkey-game-over-after = Game over after { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }.
donkey-suit-not-set = not set yet (the lead sets it)
donkey-round-line = Round { $round } · active suit: { $suit } · { $leader } leads
donkey-on-the-table = On the table: { $cards }
donkey-on-the-table-nothing = On the table: nothing yet.
donkey-out-line = 🏁 Out: { $names }
donkey-sitting-out-line = 💤 Sitting this round out: { $names }
donkey-sit-out-next-line = ⏭ Sits out next round (time ran out): { $names }
donkey-discard-line = Discard pile: { $count } { $count ->
        [one] card
       *[other] cards
    }
donkey-note-donkey = 🫏 the Donkey
donkey-note-out = 🏁 out ({ $place })
donkey-note-sitting-out = 💤 sits this round out
donkey-note-sit-out-next = ⏭ sits out next round
donkey-in-force-anticlockwise = anticlockwise
donkey-in-force-no-house-rules = no house rules

## Events.
donkey-event-struck = ⚡ { $who } struck with { $card }: { $collector } collects { $count } { $count ->
        [one] card
       *[other] cards
    } and leads next.
donkey-event-nobody-played = Nobody played a card this round.
donkey-event-round-won = { $who } won the round with { $card } ({ $discarded } { $discarded ->
        [one] card
       *[other] cards
    } to the discard pile).
donkey-event-lead-passed = The lead passes from { $from }, { $reason }, to { $to }.
donkey-event-went-out = 🏁 { $who } is out — { $place } place.
donkey-event-sits-out = 💤 { $who } sits out round { $round } (their time ran out), keeping their cards.
donkey-event-sit-out-forgiven = Everybody left would sit this round out, so nobody does.
donkey-event-timed-out = ⏱ { $who } ran out of time: no card this round, and they sit out the next.
donkey-event-no-donkey = Game over: the last players went out together — a tie, and no Donkey.
donkey-event-the-donkey = Game over: 🫏 **{ $loser }** is the Donkey!

## Refused moves: "refusal-" and the code.
refusal-not-a-donkey-move = There is no `{ $kind }` in Donkey: play one card, such as `play 9♣`.
refusal-play-names-only-a-card = A Donkey play names only its card, such as `play 9♣`.
refusal-one-card-at-a-time = Play one card at a time.
refusal-must-lead-ace = You must lead { $ace }: with 2 to { $max_seats } players the first round starts with it.
refusal-must-follow = You must follow { $suit }: you hold a { $suit }.
