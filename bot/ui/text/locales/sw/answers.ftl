# Anachojibiwa mwanachama kando ya ujumbe wa meza na wa karata (bot/ui/text/answers.py, failures.py).

answer-done = Imefanyika.
answer-round-won = Umeshinda raundi!
answer-game-won = Umeshinda mchezo!
answer-table-closed = Meza imefungwa.
answer-images-on = Ujumbe wa karata zako utaonyesha picha ya karata zako.
answer-images-off = Ujumbe wa karata zako utaonyesha karata zako kwa maneno tu.
answer-four-colours-on = Picha za karata zako zitaonyesha pakiti ya rangi nne: ♠ nyeusi, ♥ nyekundu, ♦ bluu, ♣ kijani. Picha ya meza wanayoona wote inabaki na rangi mbili.
answer-four-colours-off = Picha za karata zako zitaonyesha rangi mbili za kawaida: ♠ ♣ nyeusi, ♥ ♦ nyekundu.
answer-left = { $how ->
    [closed] Umeondoka, na meza imefungwa: hakuna mwingine aliyekuwa ameketi.
    [host] Umeondoka kwenye meza; { $new_host ->
        [none] mchezaji anayefuata
       *[other] { $new_host }
    } ndiye mwenyeji sasa.
    [lobby] Umeondoka kwenye meza.
    [over] Umeondoka, na mchezo umekwisha: hakuna binadamu aliyebaki kwenye meza.
   *[playing] Umeondoka kwenye meza; kompyuta inaendelea kucheza na karata zako.
}
failure-standings-unreadable = Msimamo haukuweza kusomwa sasa hivi; hakuna kilichobadilika, jaribu tena baada ya muda mfupi.
failure-setting-not-saved = Mpangilio wako haukuweza kuhifadhiwa; hakuna kilichobadilika, jaribu tena.
failure-history-unreadable = Raundi hazikuweza kusomwa sasa hivi; hakuna kilichobadilika, jaribu tena baada ya muda mfupi.
