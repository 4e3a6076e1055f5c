# Looking back (bot/ui/text/history.py): /<game> history, the server's recent rounds, and
# /<game> replay, one round step by step. Its refusals are in refusals.ftl.
# $game: the game's title; $command: the game's slash command (kadi); $table: a table's id;
# $round: a round's number.

history-title = { $game } — recent rounds
history-no-rounds = No round of { $game } has finished in this server yet: start one with /{ $command } new.
# One round: $when (a Discord timestamp), $where (a channel mention), $players (who sat),
# $outcome (one of the two below).
history-line = { $when } in { $where }, round { $round }: { $players }; { $outcome }.
history-won-by = won by { $winners }
history-won-by-nobody = won by nobody
history-the-donkey = the Donkey: { $donkey }
history-footer = Step through one with /{ $command } replay (or the menu below). Only you see this list.
history-replay-menu-placeholder = Replay a round…
# A round as a menu entry: plain text, so $date is written out (in UTC).
history-round-choice = { $date } · round { $round } · { $players }
history-replay-title = { $game } — replay of table { $table }, round { $round }
history-step-counter = Step { $step } of { $last }
history-dealt = The cards are dealt.
history-timed-out = (the clock ran out)
history-nothing-said = A move was made.
history-your-hand-field = Your hand then
history-no-cards-left = no cards
history-hand-after-round = The round is over: the next round's cards are not shown here.
history-not-seated-note = You did not play in this round: you see the table only.
history-share-button = Share as GIF
history-share-too-big = This round is too long to share as one picture.
# $member: a mention of the member sharing.
history-shared = { $member } shares a replay of { $game } table { $table }, round { $round }.
history-share-alt = An animation of the { $game } table, { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    } from the deal to the end of the round.
