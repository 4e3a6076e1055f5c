# The sentence a member reads for each refusal code (bot/ui/text/illegal.py, table.py, answers.py).
# The id is "refusal-" and the code; a Card argument is its symbol (Q♠).

## The move notation (bot/games/core/moves.py, bot/games/cards.py).
refusal-empty-move = That move is empty: try `play QS`, `draw` or `pass`.
refusal-not-a-move = `{ $word }` is not a move: moves are { $moves }.
refusal-challenge-needs-seat = A challenge names a seat number, such as `challenge 2`.
refusal-takes-nothing = `{ $kind }` takes nothing after it.
refusal-no-cards = No cards given: name them like QS 10H JKR
refusal-not-a-card = `{ $token }` is not a card: write a rank and a suit, such as QS or 10♥
refusal-card-bad-suit = `{ $token }` is not a card: suits are { suits-text }
refusal-card-bad-rank = `{ $token }` is not a card: ranks are A, 2–10, J, Q, K
refusal-not-a-suit = `{ $token }` is not a suit: suits are { suits-text }
refusal-not-an-ask = `{ $token }` is not something to ask for: name a suit (H), a card (KC) or `special`
suits-text = S, H, D, C (or ♠ ♥ ♦ ♣)

## Who may move (bot/games/core/legality.py).
refusal-match-over = The match is over.
refusal-no-such-seat = There is no { $seat } at this table.
refusal-out-of-match = You are out of this match: you watch until it ends.
refusal-names-no-seat = `{ $kind }` names no seat.
refusal-not-your-turn = It's not your turn: it's { $turn }'s.
refusal-play-needs-cards = Name the cards to play, such as `play 9H`.
refusal-card-not-held = You don't hold { $card }.
refusal-card-named-twice = You named { $card } twice.
refusal-fallback = That move isn't allowed right now.
# A seat named by its number when its player's name is not at hand.
seat-number = seat { $seat }

## The table runtime (bot/tables/runtime.py).
new-table-commands = /kadi new, /karata new or /donkey new
refusal-finished = That table has finished: start a new one with { new-table-commands }.
refusal-stale = That's no longer current: the table has moved on. Open My hand again.
refusal-not-asking-consent = That's no longer current: nobody is being asked to agree now.
refusal-save-failed = The table could not be saved; nothing changed, try again.
refusal-not-served-here = This server is served by another of the bot's processes; please try again in a moment.
refusal-already-here = This channel already has a table: finish it (or ask the host to end it) first.
refusal-already-here-link = This channel already has a table: finish it (or ask the host to end it) first. It is here: { $link }
refusal-unknown-level = A computer's level is one of { $levels }.
refusal-unknown-rules = Those house rules are not known here: choose them from the command's options.
refusal-too-many-players = That is too many players: this table seats at most { $seats }.
refusal-too-late-to-join = This table has already started: wait for the next one.
refusal-about-to-start = This table is about to start (the players are agreeing on its rules).
refusal-already-seated = You're already at this table.
refusal-table-full = The table is full ({ $seats } seats).
refusal-computers-before-start = Computers can only join before the start.
refusal-players-add-computers = Only players at the table can add a computer.
refusal-not-at-table = You're not at this table.
refusal-already-started = This table has already started.
refusal-not-host = Only the host can start the table.
refusal-awaiting-consent = The table is waiting for every player to agree to its rules.
refusal-too-few-players = At least { $needed } players are needed: invite a friend or add a computer.
refusal-cannot-deal = This table's rules cannot deal a match for { $seats } players: change the players or the rules.
refusal-consent-players-only = Only the players at this table are asked.
refusal-already-agreed = You have already agreed.
refusal-not-host-or-moderator = Only the host or a member with Manage Server can end this table.
refusal-not-started = The game hasn't started yet.
refusal-not-playing = You're not playing at this table.
refusal-clock-only = Only the turn clock can time a turn out.

## The controller (bot/ui/controller.py).
refusal-not-in-a-server = Tables live in a server channel: use this command there.
refusal-no-table-here = There is no { $title } table in this channel: start one with /{ $game } new.
refusal-hand-before-the-deal = The game hasn't started yet: your hand comes once the host presses Start.
refusal-nothing-to-do-here = That isn't yours to do right now.
refusal-watch-instead = You're not playing at this table: you can watch the table message.
refusal-unknown-choice = That choice is not known: open My hand again.
refusal-member-not-seated = That member isn't playing at this table.
refusal-seated-watch = You're playing at this table: My hand shows it to you, with your cards.
refusal-call-is-kadi-moja-rule = Kadi Moja always wants the call (a missed call draws 2): must_call_to_win is for Karata.
refusal-ceiling-needs-elimination = A points ceiling is for Kadi Moja with elimination on.

## Looking back: history and replay (bot/ui/text/history.py).
refusal-no-such-round = That is not one of this server's finished rounds of this game: pick one from the list the command offers.
refusal-round-cannot-replay = That round was saved before this version of the bot and cannot be replayed: its moves no longer lead to the table it ended with.
refusal-replay-not-yours = This replay is another member's: run the replay command to open your own.
refusal-no-rounds-to-replay = No round of { $title } has finished in this server yet.
refusal-share-wait = You shared a replay just now: you can share another in { $seconds } s.
refusal-share-no-pictures = This table was played without pictures, so there is no animation to share.
