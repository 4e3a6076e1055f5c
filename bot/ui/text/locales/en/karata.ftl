# Everything Karata and Kadi Moja say (bot/ui/text/karata.py): the table, the events,
# the moves' and table buttons' labels, and the refusals its engine names
# (bot/games/karata/legality.py). A card argument is its symbol (Q♠); a suit its sign (♠).

karata-title = Karata
karata-choice-name = Karata / Kadi Moja
karata-call = Kadi Moja!
karata-special-words = a special card (2, 7, 8, Jack or Joker)
karata-rule-cheat_mode = Cheat mode
karata-rule-call_rule = Must call to win
karata-rule-elimination = Elimination
# An ordinal place ("1st"); $form is the number's CLDR ordinal category (one, two, few, other).
karata-ordinal = { $form ->
        [one] { $rank }st
        [two] { $rank }nd
        [few] { $rank }rd
       *[other] { $rank }th
    }

## The table.
karata-top-line = **{ $kadi_moja ->
        [yes] Kadi Moja
       *[no] Karata
    }** · top card: **{ $top }**
karata-stack-line = 🃏 Draw stack on { $turn }: **{ $stack }** cards — answer with { $same_kind ->
        [yes] a 2 on a 2, a Joker on a Joker
       *[no] a 2 or a Joker
    }, or pick up.
karata-plug-line = ⏭ { $turn } is being skipped and may **plug a 7** ({ $seconds } s) or take the skip.
karata-pending-skips = ⏭ Pending skips: **{ $skips }**
karata-demand-special = 🎯 Jack's demand on { $turn }: { karata-special-words } (or a Jack).
karata-demand-suit = 🎯 Jack's demand on { $turn }: a **{ $suit }** (or a Jack).
karata-keep-line = { $turn } drew a card that fits: play it now or keep it.
karata-direction = Direction: { $clockwise ->
        [yes] clockwise
       *[no] anticlockwise
    } · draw pile { $draw }
karata-empty-draws = 🚧 Nothing left to draw: { $empty } of { $players } players in a row drew nothing. If all do, the round ends on points.
karata-one-card-line = 📣 { $name } is on one card: **Kadi Moja!** before the next move, or draw 2.
karata-elimination-line = 🏆 Elimination, round { $round } ({ $knock_out ->
        [yes] highest score of each round is out
       *[no] over { $ceiling } points is out
    }) · scores: { $scores }
karata-out-line = Out: { $names }
karata-cheat-line = 🕵 Cheat mode: anyone may be hiding one card. **Challenge** a player you suspect.
karata-note-out = — out of the match
karata-note-called = 📣 Kadi Moja
karata-note-points = ({ $points } pts)

## The rules in force (a table's footer).
karata-preset-kadi-moja = Kadi Moja preset
karata-preset-karata = Karata preset
karata-in-force-must-call = must call to win
karata-in-force-knock-out = elimination (knock-out)
karata-in-force-ceiling = elimination ({ $ceiling }-point ceiling)
karata-in-force-cheat = cheat mode

## The table's buttons.
karata-button-plug = Plug 7
karata-button-challenge = Challenge
karata-prompt-challenge = Whom do you accuse of hiding a card? If you're wrong, you draw (2 in Karata, 5 in Kadi Moja). Only you see this.
karata-prompt-plug = Which 7s do you plug? Only you see this.

## Moves.
karata-move-pick-up = Pick up { $count }
karata-move-draw-one = Draw one (your turn ends)
karata-move-draw-until = Draw until you can answer
karata-move-draw = Draw
karata-move-take-skip = Take the skip
karata-move-keep = Keep it
karata-move-pass = Pass
karata-move-plug = Plug { $cards }
karata-move-play-now = Play it now ({ $cards })
karata-move-play-now-ask = Play it now ({ $cards }) → ask { $ask }
karata-move-carrying = { $jack } carrying { $cards }
karata-move-ask-special = { $cards } → ask a special card

## Events.
karata-event-played-special = { $who } played { $cards }, asking for { karata-special-words }.
karata-event-kept = { $who } kept the card they drew.
karata-event-skip-dropped = The skip ends at { $who }, who laid a 7 in it: { $who } plays.
karata-event-special-uncalled = { $who } laid their last card, a special card, without calling Kadi Moja: it doesn't win, its effect happens, and they draw the penalty now instead of one next turn.
karata-event-uncalled = { $who } laid their last card without calling Kadi Moja: it doesn't win.
karata-event-special-last = { $who } laid their last card, but a special card doesn't win: the round goes on and they draw one on their next turn.
karata-event-challenge-right = 🕵 { $challenger } challenged { $target } — **right**: { $target } was hiding a card!
karata-event-challenge-wrong = 🕵 { $challenger } challenged { $target } — **wrong**: { $target } was hiding nothing.
karata-event-eliminated = ❌ { $who } is out of the match with { $points } { $points ->
        [one] point
       *[other] points
    }.
karata-event-drew-cardless = { $who } picked up 1 card (they ended on a special card).
karata-event-round-blocked = 🚧 Nothing was left to draw and nobody laid a card for a whole turn of the table: the round is blocked and ends on points. The fewest points in hand win.
karata-event-round-started = Round { $round } dealt — { $first } starts.
karata-event-round-started-on = Round { $round } dealt — { $first } starts on { $top }.
karata-event-round-over = Round { $round } over: { $winners } won.
karata-event-round-over-cheat = Round { $round } over: { $winners } won. { $loser } was caught cheating and ranks last.
karata-event-last-standing = 🏆 Match over: **{ $winners }** is the last player standing and wins the match.
karata-event-game-over = Game over: **{ $winners }** won. { $order }.
karata-standing = { $place } { $name } ({ $points } pts)

## Refused moves: "refusal-" and the code.
# $rank is a rank's number (2–10) or letter (J, Q, K, A); JKR a Joker.
karata-a-rank = { $rank ->
        [8] an 8
        [J] a Jack
        [Q] a Queen
        [K] a King
        [A] an Ace
        [JKR] a Joker
       *[other] a { $rank }
    }
refusal-not-a-karata-move = `{ $kind }` is not a Karata move: play, draw, pass or call.
refusal-drew-play-or-keep = You have just drawn: play that card or pass to keep it.
refusal-being-skipped = You are being skipped: plug a 7 or pass to take the skip.
refusal-cannot-pass-stack = You can't pass a draw stack of { $stack }: answer it or draw.
refusal-nothing-to-pass = There is nothing to pass: play a card or draw.
refusal-kadi-moja-already-called = You have already called Kadi Moja.
refusal-call-needs-one-card = You can call Kadi Moja only when you are down to one card.
refusal-hide-cheat-mode-off = Hiding a card is for cheat mode, which is off at this table.
refusal-hide-one-card = Hide exactly one card, such as `hide 5H`.
refusal-hide-too-late = A card can only be hidden before the first play or draw.
refusal-hide-only-one = You can hide only one card a round.
refusal-challenge-cheat-mode-off = Challenges are for cheat mode, which is off at this table.
refusal-challenge-one-seat = A challenge names one seat, such as `challenge 2`.
refusal-challenge-self = You can't challenge yourself.
refusal-target-not-playing = You can't challenge { $target }: they are not playing in this round.
refusal-challenged-already = You have challenged { $target } already: wait for their next move.
refusal-play-the-drawn-card = You drew { $drawn }: play exactly that card, or pass.
refusal-plug-only-sevens = Only 7s plug a skip: play your 7s or pass to be skipped.
refusal-only-a-jack-asks = Only a Jack asks for something.
refusal-ranks-not-shared = Cards laid together must share a rank: { $first } and { $card } don't.
refusal-jack-needs-ask = A Jack names what the next player must play: add `ask S` (a suit) or `ask special`.
refusal-bridge-off = Cards laid together must share a rank: the Jack bridge is off.
refusal-bridge-ranks-differ = A Jack carries cards of one rank: { $first } and { $card } differ.
refusal-bridge-asks = A Jack that carries cards makes no demand.
refusal-stack-same-kind = A { $mine } can't answer a { $need } in Kadi Moja: only a { $need } can.
refusal-stack-pending = There is a draw stack of { $stack } on you: answer it with a 2 or a Joker, or draw.
refusal-demand-special = { $card } doesn't meet the Jack's demand: play a 2, 7, 8, Jack or Joker.
refusal-demand-suit = { $card } doesn't meet the Jack's demand: play a { $suit } or a Jack.
refusal-joker-colour = { $card } doesn't go on { $top }: play a { $colour ->
        [red] red
       *[black] black
    } card, a Jack or a Joker.
refusal-top-not-matched = { $card } doesn't match { $top }: play a { $suit }, { karata-a-rank }, a Jack or a Joker.
# On a Jack: its demand is met or drawn, so its suit, or another Jack.
refusal-top-not-matched-jack = { $card } doesn't match { $top }: play a { $suit }, a Jack or a Joker.
