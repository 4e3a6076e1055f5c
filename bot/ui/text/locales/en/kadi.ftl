# Everything Kadi says (bot/ui/text/kadi.py): its table, its events, its moves' labels,
# and the refusals its engine names (bot/games/kadi/legality.py).
# A card argument is its symbol (Q♠); a suit is its sign (♠).

kadi-title = Kadi
kadi-call = Niko Kadi!

## House rules (the /kadi new switches).
kadi-switch-punishment_accumulates = Punishment accumulates
kadi-switch-bombs_answer_bombs = Bombs answer bombs
kadi-switch-forgotten_call_costs_a_card = Forgotten call costs a card
kadi-switch-ace_finish = Ace finish
kadi-switch-no_jokers = No Jokers
kadi-switch-deal_5 = Deal 5
kadi-deal = deal { $deal }
kadi-rounds = { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }

## The table.
kadi-top-card = Top card: **{ $top }**
kadi-play-on = {" "}(play on { $base })
kadi-asked-for = Asked for: **{ $ask }** (or an Ace)
kadi-pending-bomb = 💣 Pending pick-up: **{ $bomb }** cards
kadi-pending-jump = ⏭ Pending jump: **{ $skips }** { $skips ->
        [one] skip
       *[other] skips
    }
kadi-direction = Direction: { $clockwise ->
        [yes] clockwise
       *[no] anticlockwise
    } · draw pile { $draw } · discard pile { $discard }
kadi-call-window = 📣 { $name } may call **Niko Kadi!** until the next player moves.
kadi-match-tally = Round { $round } of { $rounds } · wins: { $tally }
kadi-note-called = 📣 Niko Kadi
kadi-note-cardless = (cardless)

## Moves.
kadi-move-pick-up = Pick up { $count }
kadi-move-draw-back-in = Draw back in
kadi-move-take-skip = Take the skip

## Events.
kadi-event-went-cardless = { $who } ran out without a call and is **cardless**: they draw back in next turn.
kadi-event-call-cancelled = Drawing cancelled { $who }'s Niko Kadi call.
kadi-event-play-again = { $who } plays again.
kadi-event-bomb-blocked = { $who } blocked the bomb with an Ace.
kadi-event-request-cancelled = { $who }'s Aces took the request off.
kadi-event-request-cancelled-suit = { $who }'s Aces took the request off ({ $suit } still asked).
kadi-event-jump-dropped = The jump ends at { $who }, who laid a Jack in it.

## Refused moves: "refusal-" and the code.
# $rank is a rank's number (2–10) or letter (J, Q, K, A); JKR a Joker.
kadi-a-rank = { $rank ->
        [8] an 8
        [A] an Ace
       *[other] a { $rank }
    }
kadi-counter-any-bomb = any bomb (2, 3 or Joker)
kadi-counter-bomb = { $rank ->
        [JKR] a Joker
       *[other] a { $rank }
    }
refusal-not-a-kadi-move = `{ $kind }` is not a Kadi move: play cards, draw, pass a skip or call.
refusal-cardless-must-draw = You have no cards: draw to get back into the round.
refusal-skipped-cannot-draw = You're being skipped: play a Jack to pass it on, or pass to take it.
refusal-no-skip-to-take = There is no skip to take: play a card or draw.
refusal-already-called = You have already called Niko Kadi.
refusal-call-needs-winning-hand = You can only call Niko Kadi when your hand can go down in one play.
refusal-call-window-closed = You can call Niko Kadi only from the end of your turn until the next player moves.
refusal-not-a-card-value = That is not a card.
refusal-ranks-differ = { $first } and { $card } don't share a rank: cards played together must be one rank (or questions and their answers).
refusal-ask-without-ace = Only an Ace asks for something: drop the `ask`.
refusal-skipped-jacks-only = You're being skipped: only a Jack can pass it on.
refusal-question-on-bomb = You can't ask a question while you have a bomb to deal with.
refusal-bomb-not-countered = { $card } can't answer a pick-{ $bomb }: counter with { $counter }, block it with an Ace, or pick up.
refusal-not-the-demanded-card = { $card } isn't the demanded card: play { $demand } or an Ace, or draw.
refusal-joker-on-suit-request = A Joker can't go on a suit request: play a { $suit } or an Ace, or draw.
refusal-not-the-asked-suit = { $card } isn't a { $suit }: a { $suit } was asked for (or play an Ace, or draw).
refusal-not-the-joker-colour = { $card } can't go on { $joker }: play a { $colour ->
        [red] red (♥ ♦)
       *[black] black (♠ ♣)
    } card, a Joker or an Ace, or draw.
refusal-no-match = { $card } doesn't match { $base }: play a { $suit } or { kadi-a-rank }, or an Ace, or draw.
# On an Ace that blocked a bomb: "or an Ace" says it once.
refusal-no-match-on-ace = { $card } doesn't match { $base }: play a { $suit } or an Ace, or draw.
refusal-aces-only = { $first } and { $card } don't share a rank: only Aces go down with an Ace.
refusal-ask-on-bomb = An Ace on a bomb blocks it and asks for nothing: drop the `ask`.
refusal-ace-needs-ask = An Ace asks for a suit: add one, such as `play AH ask S`.
refusal-demand-needs-spades-or-two = Only A♠, or two or more Aces together, can demand a card.
refusal-ask-needs-spades = Without A♠ an Ace { $on_demand ->
        [yes] takes the number off a demand
       *[no] cancels a suit request
    }: drop the `ask`.
refusal-ace-demanded = An Ace can't be demanded: demand any other card.
refusal-no-jokers = There are no Jokers in this game.
refusal-demand-under-aces = { $card } stays under the Aces, even through a reshuffle, so nobody could play it: demand another card.
refusal-not-a-kadi-ask = Ask for a suit (S, H, D or C) or, with A♠, a card such as KC.
refusal-question-after-answer = Questions come first, then the answers: { $card } is after an answer.
refusal-not-an-answer = { $card } can't answer a question: answers are 4, 5, 6, 7, 9 or 10.
refusal-answers-differ = Answers must all be one rank: { $first } and { $card } differ.
refusal-wrong-answer-suit = { $answer } can't answer { $question }: the first answer must be a { $suit }.
refusal-chain-jacks-first = In a Jack chain the Jacks come first, then the winning set.
refusal-jack-with-others = { $first } and { $card } don't share a rank: a Jack goes down with other cards only as a Jack chain that finishes your hand.
refusal-chain-needs-call = A Jack chain is a finish: you must have called Niko Kadi on an earlier turn.
refusal-chain-while-cardless = Nobody can win while { $seat } has no cards: a Jack chain must wait.
refusal-chain-jack-count = A Jack chain needs exactly one Jack per opponent: { $opponents } here.
refusal-chain-needs-winning-set = After the Jacks comes a winning set: one rank of 4, 5, 6, 7, 9 or 10, alone or behind questions they answer.
refusal-chain-suit = { $card } must share the suit of the Jack before it ({ $jack }).
refusal-chain-questions-first = Questions come first, then the answers.
