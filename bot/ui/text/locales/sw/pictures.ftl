# Kiswahili: the words in and about the card pictures (en/pictures.ftl). Suits are named
# (shupaza, kopa, uru, pau) only here, in alt text, for a screen reader (docs/i18n.md).

## Cards in words: "Q ya shupaza", "10 ya kopa", "Joker nyekundu".
picture-card = { $rank } ya { $suit }
picture-rank-jack = J
picture-rank-queen = Q
picture-rank-king = K
picture-rank-ace = Ace
picture-suit-spades = shupaza
picture-suit-hearts = kopa
picture-suit-diamonds = uru
picture-suit-clubs = pau
picture-joker = { $colour ->
    [red] Joker nyekundu
   *[black] Joker nyeusi
}

## Drawn in the table picture.
picture-seat = Kiti { $number }
picture-called = amesema
picture-cardless = bila karata
picture-out = ametoka
picture-sits-out = anapumzika
picture-out-in-place = ametoka #{ $place }
picture-clockwise = kisaa
picture-anticlockwise = kinyume cha saa
picture-round-of = raundi { $round } kati ya { $rounds }
picture-round = raundi { $round }
picture-any-special-card = karata maalum yoyote
picture-follow = Fuata
picture-asked-for = Imeombwa
picture-demanded = Imeombwa karata
picture-no-card-yet = Hakuna karata iliyochezwa bado raundi hii
picture-demanded-words = Imeombwa: { $words }
picture-pick-up = Chukua { $count }
picture-skips-pending = { $count ->
    [one] ruka { $count } inasubiri
   *[other] ruka { $count } zinasubiri
}

## Alt text.
picture-alt-hand-empty = Karata zako: hakuna karata.
picture-alt-hand = Karata zako, karata { $count }: { $cards }.
picture-alt-hand-playable = Unaweza kuanza mchezo kwa: { $cards }.
picture-alt-seat = { $name }, karata { $count }
picture-alt-to-play = zamu yake
picture-alt-table = Meza.
picture-alt-this-round = Raundi hii: { $plays }.
picture-alt-played = { $name } amecheza { $card }
picture-alt-no-card-yet = Hakuna karata iliyochezwa bado raundi hii.
picture-alt-top-card = Karata ya juu: { $card }.
picture-alt-last-play = Mchezo wa mwisho: { $cards }; juu: { $top }.
picture-alt-follow = Fuata { $suit }.
picture-alt-asked-for = Imeombwa: { $suit }.
picture-alt-demanded = Imeombwa: { $card }.
picture-alt-pick-up = Chukua { $count }.
picture-alt-skips-pending = { $count ->
    [one] ruka { $count } inasubiri.
   *[other] ruka { $count } zinasubiri.
}
picture-alt-players = Wachezaji: { $seats }.
