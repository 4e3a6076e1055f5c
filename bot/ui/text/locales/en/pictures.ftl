# The words in and about the card pictures (bot/ui/text/pictures.py): the cards and suits
# named in words (alt text), what the table picture writes, and each picture's alt text.
# A rank's number ($rank) comes as text; counts ($count) as numbers, for the plurals.

## Cards in words: "Queen of spades", "10 of hearts", "red Joker".
picture-card = { $rank } of { $suit }
picture-rank-jack = Jack
picture-rank-queen = Queen
picture-rank-king = King
picture-rank-ace = Ace
picture-suit-spades = spades
picture-suit-hearts = hearts
picture-suit-diamonds = diamonds
picture-suit-clubs = clubs
# $colour: red or black.
picture-joker = { $colour ->
    [red] red Joker
   *[black] black Joker
}

## Drawn in the table picture.
# For a player whose name no bundled font can draw: their seat's number ($number, as text).
picture-seat = Seat { $number }
picture-called = called
picture-cardless = cardless
picture-out = out
picture-sits-out = sits out
# Donkey: a seat that got out, in the order they did ($place, as text).
picture-out-in-place = out #{ $place }
picture-clockwise = clockwise
picture-anticlockwise = anticlockwise
picture-round-of = round { $round } of { $rounds }
picture-round = round { $round }
picture-any-special-card = any special card
picture-follow = Follow
picture-asked-for = Asked for
picture-demanded = Demanded
picture-no-card-yet = No card played yet this round
picture-demanded-words = Demanded: { $words }
picture-pick-up = Pick up { $count }
picture-skips-pending = { $count ->
    [one] { $count } skip pending
   *[other] { $count } skips pending
}

## Alt text, read out by screen readers in place of the picture. $cards: cards in words, joined.
picture-alt-hand-empty = Your hand: no cards.
picture-alt-hand = Your hand, { $count ->
    [one] { $count } card
   *[other] { $count } cards
}: { $cards }.
picture-alt-hand-playable = You can start a play with: { $cards }.
picture-alt-seat = { $name }, { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
picture-alt-to-play = to play
picture-alt-table = The table.
# $plays: each "played" below, joined with commas.
picture-alt-this-round = This round: { $plays }.
picture-alt-played = { $name } played { $card }
picture-alt-no-card-yet = No card played yet this round.
picture-alt-top-card = Top card: { $card }.
picture-alt-last-play = Last play: { $cards }; on top: { $top }.
picture-alt-follow = Follow { $suit }.
picture-alt-asked-for = Asked for: { $suit }.
picture-alt-demanded = Demanded: { $card }.
picture-alt-pick-up = Pick up { $count }.
picture-alt-skips-pending = { $count ->
    [one] { $count } skip pending.
   *[other] { $count } skips pending.
}
# $seats: each seat ("picture-alt-seat"), joined with semicolons.
picture-alt-players = Players: { $seats }.
