# What the bot answers a member beside the table and hand messages (bot/ui/text/answers.py, failures.py).
answer-done = Done.
answer-round-won = You won the round!
answer-game-won = You won the game!
answer-table-closed = The table is closed.
answer-images-on = Your hand messages will show a picture of your cards.
answer-images-off = Your hand messages will show your cards in words only.
# /cards colours, confirmed.
answer-four-colours-on = Your hand pictures will show a four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green. The table picture everyone sees stays in two colours.
answer-four-colours-off = Your hand pictures will show the usual two colours: ♠ ♣ black, ♥ ♦ red.
# $how: closed, host, lobby, over or playing; $new_host: the new host's name, or "" when not known.
answer-left = { $how ->
    [closed] You left, and the table is closed: nobody else was seated.
    [host] You left the table; { $new_host ->
        [none] the next player
       *[other] { $new_host }
    } is the host now.
    [lobby] You left the table.
    [over] You left, and the game is over: no human was left at the table.
   *[playing] You left the table; a computer plays on with your cards.
}
failure-standings-unreadable = The standings could not be read just now; nothing changed, try again in a moment.
failure-setting-not-saved = Your setting could not be saved; nothing changed, try again.
failure-history-unreadable = The rounds could not be read just now; nothing changed, try again in a moment.
