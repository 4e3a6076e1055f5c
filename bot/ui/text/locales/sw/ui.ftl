### Kiswahili: the games' own events and table lines, the card pictures' words and alt
### text. A draft keyed by the English modules' names (bot/ui/text/kadi.py, karata.py,
### donkey.py, pictures.py), to be fitted to the English catalogue's ids. (The screens,
### the shared events, the answers and looking back are in screens.ftl, game.ftl,
### answers.ftl and history.ftl, keyed as the English catalogue.)

## The card pictures
# (The pictures' words and alt text are in pictures.ftl. These four describe /cards colours
# to Discord, which has no Kiswahili locale to register them under: kept for when it has.)

colours-command = Onyesha karata zako kwa pakiti ya rangi nne (♦ bluu, ♣ kijani), au mbili za kawaida.
colours-option = nne au mbili (ya kawaida); picha za karata zako mwenyewe, kwa kila meza, kwenye kila seva
four-colour-choice = nne: ♠ nyeusi, ♥ nyekundu, ♦ bluu, ♣ kijani
two-colour-choice = mbili: ♠ ♣ nyeusi, ♥ ♦ nyekundu (za kawaida)

## Rules pages

rules-overview = Muhtasari
rules-menu-placeholder = Chagua sehemu ya sheria
rules-previous = ◀ Nyuma
rules-next = Mbele ▶
rules-choose-below = *Chagua sehemu ya sheria kwenye menyu hapa chini, au pitia kurasa kwa ▶.*
rules-no-page = Bado hakuna ukurasa wa sheria za { $title }.
rules-part = { $heading } ({ $number }/{ $parts })
