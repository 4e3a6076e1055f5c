# Skrini mbili za boti (bot/ui/text/screens.py): ujumbe wa meza wanaoona wote, ujumbe wa
# karata za mchezaji, na ukaguzi wa chaguo za amri za slash.

## Ujumbe wa meza

screen-table-title = { $game } — meza { $table }
screen-turn-clock = zamu za sekunde { $seconds }
screen-no-turn-clock = bila saa ya zamu
screen-seats-field = Viti
screen-last-moves-field = Michezo ya mwisho
screen-table-closed = Meza imefungwa.
screen-host-note = {" "}(mwenyeji)
screen-left-note = {" "}(kompyuta)
screen-away-note = {" "}(hayupo)
screen-level-note = {" "}({ $level ->
        [easy] rahisi
        [normal] wastani
        [hard] ngumu
       *[other] { $level }
    })
screen-computer-name = Kompyuta { $number }
screen-cards-count = karata { $count }
screen-decision-window = {" "}(sekunde { $seconds } za kuamua)
screen-lobby-description = Tunasubiri wachezaji: { $seated } kati ya viti { $fewest }–{ $most }.
    Bonyeza **Jiunge** kuketi; mwenyeji anabonyeza **Anza**.
screen-lobby-closes = Mtu asipoianzisha, meza hii inafungwa { $when }.
screen-consent-description = **{ $rules }** inahitaji kila mchezaji akubali kabla ya kugawa.
    Tunasubiri: { $waiting }{ $countdown }
    {"**"}Hapana** moja, au muda ukiisha, na mchezo unaanza bila { $rules }.
screen-join-button = Jiunge
screen-leave-button = Ondoka
screen-start-button = Anza
screen-cancel-button = Ghairi
screen-my-hand-button = Karata zangu
screen-refuse-button = Hapana
screen-these-rules = sheria hizi
screen-agree-button = Nakubali { $rules }
screen-add-a-computer-placeholder = Ongeza kompyuta…
screen-level-words-easy = hukosea mara kwa mara
screen-level-words-normal = hucheza kwa kanuni za kawaida
screen-level-words-hard = hufikiri mbele kabla ya kila mchezo
screen-computer-label = { $level ->
    [easy] Kompyuta rahisi
    [normal] Kompyuta wastani
    [hard] Kompyuta ngumu
   *[other] Kompyuta { $level }
}

## Ujumbe wa karata za mchezaji

screen-hand-title = Karata zako — meza ya { $game } { $table }
screen-no-cards = hakuna karata
screen-playable-hint = { $raised ->
    [yes] *Karata nzito (zilizoinuliwa kwenye picha) zinaweza kuanza mchezo sasa.*
   *[no] *Karata nzito zinaweza kuanza mchezo sasa.*
}
screen-table-field = Meza
screen-game-over = Mchezo umekwisha.
screen-not-your-turn = Si zamu yako bado: karata hizi zinafuata meza wengine wanapocheza.
screen-since-field = Tangu ulipotazama mara ya mwisho
screen-watch-button = Tazama
screen-watch-refresh-button = Onyesha upya
screen-seat-count = { $turn ->
    [yes] ▶ { $name } { $count }
   *[no] { $name } { $count }
}
screen-your-turn = **Zamu yako.**{ $countdown }
screen-others-turn-you-may-act = Tunamsubiri { $name } — unaweza kucheza sasa pia.
screen-others-turn-you-may-act-table = Tunaisubiri meza — unaweza kucheza sasa pia.
screen-play-menu-placeholder = Chagua mchezo
screen-ask-menu-placeholder = …na unaomba nini?
screen-other-moves-placeholder = Michezo mingine
screen-demand-a-joker-label = Omba Joker…
screen-demand-a-suit-label = Omba karata ya { $suit }…
screen-challenge-label = Mshtaki { $name }
screen-more-plays-button = Michezo zaidi ▶
screen-refresh-button = Onyesha upya

## Chaguo za amri za slash (majina ya amri yanabaki kwa Kiingereza)

screen-not-a-choice = { $option } hiyo si moja ya chaguo: chagua moja kutoka kwenye orodha ya Discord.
screen-out-of-range = { $option } lazima iwe kati ya { $low } na { $high }.
screen-wrong-length = { $option } lazima iwe na herufi { $low } hadi { $high }.
