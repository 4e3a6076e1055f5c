# The bot's two screens (bot/ui/text/screens.py): the public table message and a
# player's private hand message, and the slash commands' option checks.
# A countdown or a link (<t:...:R>) is passed in already written. A "-note" follows a
# player's name, so it starts with a space.

## The table message

# $table: the table's id; $game: the game's title.
screen-table-title = { $game } — table { $table }
screen-turn-clock = { $seconds } s turns
screen-no-turn-clock = no turn clock
screen-seats-field = Seats
screen-last-moves-field = Last moves
screen-table-closed = The table was closed.
screen-host-note = {" "}(host)
# The player left mid-match: a computer plays their cards on.
screen-left-note = {" "}(computer)
# A computer plays for the player until they act again.
screen-away-note = {" "}(away)
# A computer's seat names its level ($level: easy, normal or hard; the words are the
# catalogue's, so that every language has them to translate).
screen-level-note = {" "}({ $level ->
        [easy] easy
        [normal] normal
        [hard] hard
       *[other] { $level }
    })
# A computer's seat, which the runtime names "Computer 2" when it takes it; $number: its number among the computers.
screen-computer-name = Computer { $number }
screen-cards-count = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
# After the countdown of a short decision window.
screen-decision-window = {" "}({ $seconds } s to decide)
screen-lobby-description = Waiting for players: { $seated } of { $fewest }–{ $most } seats.
    Press **Join** to sit down; the host presses **Start**.
# $when: the lobby's deadline as a Discord countdown.
screen-lobby-closes = If nobody starts it, this table closes { $when }.
# $rules: the rules asked about, in words; $waiting: the players not yet agreed;
# $countdown: "" or " ⏱ <t:...:R>".
screen-consent-description = **{ $rules }** needs every player's agreement before the deal.
    Waiting for: { $waiting }{ $countdown }
    One **No**, or time running out, and the game starts without { $rules }.
screen-join-button = Join
screen-leave-button = Leave
screen-start-button = Start
screen-cancel-button = Cancel
screen-my-hand-button = My hand
screen-refuse-button = No
# The agree button's rules when the game's words are not at hand.
screen-these-rules = these rules
screen-agree-button = Agree to { $rules }
screen-add-a-computer-placeholder = Add a computer…
# What each computer level means, as the lobby's menu says it.
screen-level-words-easy = makes mistakes now and then
screen-level-words-normal = plays by rules of thumb
screen-level-words-hard = thinks ahead before each move
screen-computer-label = { $level ->
    [easy] Easy computer
    [normal] Normal computer
    [hard] Hard computer
   *[other] { $level } computer
}

## A hand message

screen-hand-title = Your hand — { $game } table { $table }
screen-no-cards = no cards
# Under the cards, when some of them can start a play; $raised: yes when the picture raises them.
screen-playable-hint = { $raised ->
    [yes] *Bold cards (raised in the picture) can start a play now.*
   *[no] *Bold cards can start a play now.*
}
screen-table-field = Table
screen-game-over = The game is over.
screen-not-your-turn = Not your turn yet: this hand follows the table as the others play.
screen-since-field = Since you last looked
screen-watch-button = Watch
screen-watch-refresh-button = Refresh
# One seat on a hand message's table line: its player, their cards, ▶ on their turn.
screen-seat-count = { $turn ->
    [yes] ▶ { $name } { $count }
   *[no] { $name } { $count }
}
# $countdown: "" or " (⏱ <t:...:R>)".
screen-your-turn = **Your turn.**{ $countdown }
# Another player's turn, but this player may act too (a call, a plug).
screen-others-turn-you-may-act = Waiting for { $name } — you may act now too.
screen-others-turn-you-may-act-table = Waiting for the table — you may act now too.
screen-play-menu-placeholder = Choose a play
screen-ask-menu-placeholder = …and what do you ask for?
screen-other-moves-placeholder = Other moves
# Opens the menu of Jokers to demand.
screen-demand-a-joker-label = Demand a Joker…
# Opens the menu of that suit's cards to demand ($suit: its sign, ♥).
screen-demand-a-suit-label = Demand a { $suit } card…
screen-challenge-label = Challenge { $name }
screen-more-plays-button = More plays ▶
screen-refresh-button = Refresh

## Slash-command options
# $option: the option's name as the member sees it ("turn timer"); the slash commands'
# own names stay in English (Discord has no Kiswahili for them).

screen-not-a-choice = That { $option } is not one of the choices: pick one from the list Discord offers.
screen-out-of-range = The { $option } must be between { $low } and { $high }.
screen-wrong-length = The { $option } must be { $low } to { $high } characters long.
