### Kiswahili: what is left of the draft, keyed by the English modules' names until the
### English catalogue sets the ids: a few words of the card pictures and the rules pages.
### (The screens, the shared events, the answers, looking back, the pictures and each game's
### own words are in screens.ftl, game.ftl, answers.ftl, history.ftl, pictures.ftl, kadi.ftl,
### karata.ftl and donkey.ftl, keyed as the English catalogue.)

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
