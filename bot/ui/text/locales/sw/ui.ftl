### Kiswahili: what is left of the draft, keyed by the English modules' names until the
### English catalogue sets the ids: the /cards colours descriptions.
### (The screens, the shared events, the answers, looking back, the pictures, the rules
### pages' words and each game's own words are in screens.ftl, game.ftl, answers.ftl,
### history.ftl, pictures.ftl, rules.ftl, kadi.ftl, karata.ftl and donkey.ftl, keyed as
### the English catalogue.)

## The card pictures
# (The pictures' words and alt text are in pictures.ftl. These four describe /cards colours
# to Discord, which has no Kiswahili locale to register them under: kept for when it has.)

colours-command = Onyesha karata zako kwa pakiti ya rangi nne (♦ bluu, ♣ kijani), au mbili za kawaida.
colours-option = nne au mbili (ya kawaida); picha za karata zako mwenyewe, kwa kila meza, kwenye kila seva
four-colour-choice = nne: ♠ nyeusi, ♥ nyekundu, ♦ bluu, ♣ kijani
two-colour-choice = mbili: ♠ ♣ nyeusi, ♥ ♦ nyekundu (za kawaida)
