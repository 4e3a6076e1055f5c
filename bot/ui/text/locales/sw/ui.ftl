### Kiswahili: the table message, the hand message, the games' events and table lines,
### the card pictures' words and alt text. A draft keyed by the English modules' names
### (bot/ui/text/screens.py, game.py, kadi.py, karata.py, donkey.py, pictures.py,
### answers.py, failures.py), to be fitted to the English catalogue's ids.

## Screens: the table message

table-title = { $game } — meza { $table }
turn-clock = { $seconds ->
        [0] bila saa ya zamu
       *[other] zamu za sekunde { $seconds }
    }
no-turn-clock = bila saa ya zamu
seats-field = Viti
last-moves-field = Michezo ya mwisho
table-was-closed = Meza imefungwa.
host-note = {" "}(mwenyeji)
left-note = {" "}(kompyuta)
away-note = {" "}(hayupo)
level-note = {" "}({ $level })
cards-count = karata { $count }
decision-window = {" "}(sekunde { $seconds } za kuamua)
lobby-description = Tunasubiri wachezaji: { $seated } kati ya viti { $fewest }–{ $most }.
    Bonyeza **Jiunge** kuketi; mwenyeji anabonyeza **Anza**.
lobby-closes = Mtu asipoianzisha, meza hii inafungwa { $when }.
consent-description = **{ $rules }** inahitaji kila mchezaji akubali kabla ya kugawa.
    Tunasubiri: { $waiting }{ $countdown }
    {"**"}Hapana** moja, au muda ukiisha, na mchezo unaanza bila { $rules }.
join-button = Jiunge
leave-button = Ondoka
start-button = Anza
cancel-button = Ghairi
my-hand-button = Karata zangu
refuse-button = Hapana
these-rules = sheria hizi
agree-button = Nakubali { $rules }
add-a-computer-placeholder = Ongeza kompyuta…
level-easy = rahisi
level-normal = wastani
level-hard = ngumu
level-words-easy = hukosea mara kwa mara
level-words-normal = hucheza kwa kanuni za kawaida
level-words-hard = hufikiri mbele kabla ya kila mchezo
computer-label = Kompyuta { $level }

## Screens: a hand message

hand-title = Karata zako — meza ya { $game } { $table }
no-cards = hakuna karata
playable-hint = { $raised ->
        [yes] *Karata nzito (zilizoinuliwa kwenye picha) zinaweza kuanza mchezo sasa.*
       *[no] *Karata nzito zinaweza kuanza mchezo sasa.*
    }
table-field = Meza
game-is-over = Mchezo umekwisha.
not-your-turn-yet = Si zamu yako bado: karata hizi zinafuata meza wengine wanapocheza.
since-field = Tangu ulipotazama mara ya mwisho
watch-button = Tazama
watch-refresh-button = Onyesha upya
seat-count = { $turn ->
        [yes] ▶ { $name } { $count }
       *[no] { $name } { $count }
    }
your-turn = **Zamu yako.**{ $countdown }
others-turn-you-may-act = Tunamsubiri { $name } — unaweza kucheza sasa pia.
others-turn-you-may-act-table = Tunaisubiri meza — unaweza kucheza sasa pia.
play-menu-placeholder = Chagua mchezo
ask-menu-placeholder = …na unaomba nini?
other-moves-placeholder = Michezo mingine
demand-a-joker-label = Omba Joker…
demand-a-suit-label = Omba karata ya { $suit }…
challenge-label = Mshtaki { $name }
more-plays-button = Michezo zaidi ▶
refresh-button = Onyesha upya

## Slash-command options

not-a-choice = { $option } hiyo si moja ya chaguo: chagua moja kutoka kwenye orodha ya Discord.
out-of-range = { $option } lazima iwe kati ya { $low } na { $high }.
wrong-length = { $option } lazima iwe na herufi { $low } hadi { $high }.

## Answers and confirmations

done = Imefanyika.
round-won = Umeshinda raundi!
game-won = Umeshinda mchezo!
table-closed = Meza imefungwa.
images-on = Ujumbe wa karata zako utaonyesha picha ya karata zako.
images-off = Ujumbe wa karata zako utaonyesha karata zako kwa maneno tu.
four-colours-on = Picha za karata zako zitaonyesha pakiti ya rangi nne: ♠ nyeusi, ♥ nyekundu, ♦ bluu, ♣ kijani. Picha ya meza wanayoona wote inabaki na rangi mbili.
four-colours-off = Picha za karata zako zitaonyesha rangi mbili za kawaida: ♠ ♣ nyeusi, ♥ ♦ nyekundu.
left-closed = Umeondoka, na meza imefungwa: hakuna mwingine aliyekuwa ameketi.
left-lobby-host = Umeondoka kwenye meza; { $new_host } ndiye mwenyeji sasa.
left-lobby-host-next = Umeondoka kwenye meza; mchezaji anayefuata ndiye mwenyeji sasa.
left-lobby = Umeondoka kwenye meza.
left-over = Umeondoka, na mchezo umekwisha: hakuna binadamu aliyebaki kwenye meza.
left-playing = Umeondoka kwenye meza; kompyuta inaendelea kucheza na karata zako.
standings-unreadable = Msimamo haukuweza kusomwa sasa hivi; hakuna kilichobadilika, jaribu tena baada ya muda mfupi.
setting-not-saved = Mpangilio wako haukuweza kuhifadhiwa; hakuna kilichobadilika, jaribu tena.

## Every game: moves and events

move-draw = Chukua
move-pass = Pita
move-call = Sema
move-sit-out = Pumzika
move-hide = Ficha { $cards }
move-play-ask = { $cards } → omba { $ask }
ask-special-card = karata maalum
event-played = { $who } amecheza { $cards }.
event-played-ask = { $who } amecheza { $cards }, akiomba { $ask }.
event-drew = { $who } amechukua { $count ->
        [one] karata { $count }
       *[other] karata { $count }
    }{ $reason ->
        [bomb] {" "}(bomu)
        [stack] {" "}(mlundikano)
        [question] {" "}(swali lisilojibiwa)
        [penalty] {" "}(adhabu)
        [cardless] {" "}kurudi kwenye raundi
        [demand] {" "}(ombi)
       *[draw] {""}
    }.
event-forgiven = { $who } amesamehewa { $count }: hakuna karata zaidi za kuchukua.
event-reshuffled = Rundo la kutupa limechanganywa kuwa rundo jipya la kuchukua (karata { $count }).
event-skipped = { $who } amerukwa.
event-reversed = { $clockwise ->
        [yes] Mwelekeo umegeuzwa: sasa ni kisaa.
       *[no] Mwelekeo umegeuzwa: sasa ni kinyume cha saa.
    }
event-called = { $who } amesema **{ $call }**
event-timed-out = Muda wa { $who } umeisha.
event-round-started = Raundi { $round } — { $first } anaanza.
event-round-blocked = Hakuna kilichobaki cha kuchukua na hakuna aliyeweka karata kwa mzunguko mzima wa zamu za meza: raundi inaishia kwa pointi.
event-round-over = Raundi { $round } imekwisha: ushindi ni wa { $winners }.
event-match-over = Mchezo umekwisha: ushindi ni wa { $winners }.
event-computer-took-seat = Muda wa { $who } uliisha mara tatu mfululizo: kompyuta inamchezea hadi arudi.
event-seat-taken-back = { $who } amerudi na anacheza karata zake mwenyewe tena.
event-host-passed = Mwenyeji ameondoka: { $who } ndiye mwenyeji sasa.
event-seat-left = { $who } ameondoka; kompyuta inaendelea kucheza na karata zake.
event-table-ended = Meza imefungwa ({ $reason }).
event-consent-given = Wachezaji wote wamekubali: **{ $rules }** imewashwa.
event-consent-refused = { $who } amesema hapana, kwa hiyo **{ $rules }** imezimwa: mchezo unaanza bila hiyo.
event-consent-timed-out = Si wachezaji wote waliokubali kwa wakati, kwa hiyo **{ $rules }** imezimwa: mchezo unaanza bila hiyo.
rules-and = { $first } na { $second }

## Kadi

kadi-title = Kadi
kadi-call = Niko Kadi!
kadi-switch-punishment_accumulates = Adhabu inaongezeka
kadi-switch-bombs_answer_bombs = Bomu linajibu bomu
kadi-switch-forgotten_call_costs_a_card = Kusahau Niko Kadi kunagharimu karata
kadi-switch-ace_finish = Kumaliza kwa Ace
kadi-switch-no_jokers = Bila Joker
kadi-switch-deal_5 = Gawa 5
kadi-deal = gawa { $deal }
kadi-rounds = raundi { $rounds }
kadi-top-card = Karata ya juu: **{ $top }**
kadi-play-on = {" "}(cheza juu ya { $base })
kadi-asked-for = Imeombwa: **{ $ask }** (au Ace)
kadi-pending-bomb = 💣 Bomu linasubiri: chukua karata **{ $bomb }**
kadi-pending-jump = ⏭ Ruka inasubiri: **{ $skips }** { $skips ->
        [one] ruka
       *[other] ruka
    }
kadi-direction = Mwelekeo: { $clockwise ->
        [yes] kisaa
       *[no] kinyume cha saa
    } · rundo la kuchukua { $draw } · rundo la kutupa { $discard }
kadi-call-window = 📣 { $name } anaweza kusema **Niko Kadi!** hadi mchezaji anayefuata acheze.
kadi-match-tally = Raundi { $round } kati ya { $rounds } · ushindi: { $tally }
kadi-note-called = 📣 Niko Kadi
kadi-note-cardless = (bila karata)
kadi-move-pick-up = Chukua { $count }
kadi-move-draw-back-in = Chukua urudi
kadi-move-take-skip = Kubali kurukwa
kadi-event-went-cardless = { $who } amemaliza karata bila kusema Niko Kadi na yuko **bila karata**: atachukua kurudi zamu yake ijayo.
kadi-event-call-cancelled = Kuchukua kumefuta Niko Kadi ya { $who }.
kadi-event-play-again = { $who } anacheza tena.
kadi-event-bomb-blocked = { $who } amezuia bomu kwa Ace.
kadi-event-request-cancelled = { $who } ameondoa ombi kwa Ace.
kadi-event-request-cancelled-suit = { $who } ameondoa ombi kwa Ace ({ $suit } bado imeombwa).
kadi-event-jump-dropped = Ruka inaishia kwa { $who }, aliyeweka J ndani yake.
kadi-counter-any-bomb = bomu lolote (2, 3 au Joker)

## Karata and Kadi Moja

karata-title = Karata
karata-call = Kadi Moja!
karata-special-words = karata maalum (2, 7, 8, J au Joker)
karata-rule-cheat_mode = Hali ya udanganyifu
karata-rule-call_rule = Lazima useme ili ushinde
karata-rule-elimination = Kuondolewa
karata-top-line = **{ $preset }** · karata ya juu: **{ $top }**
karata-stack-line = 🃏 Mlundikano wa kuchukua juu ya { $turn }: karata **{ $stack }** — jibu kwa { $same_kind ->
        [yes] 2 juu ya 2, Joker juu ya Joker
       *[no] 2 au Joker
    }, au chukua.
karata-plug-line = ⏭ { $turn } anarukwa na anaweza **kuchomeka 7** (sekunde { $seconds }) au kukubali kurukwa.
karata-pending-skips = ⏭ Ruka zinazosubiri: **{ $skips }**
karata-demand-special = 🎯 Ombi la J kwa { $turn }: karata maalum (2, 7, 8, J au Joker) (au J).
karata-demand-suit = 🎯 Ombi la J kwa { $turn }: **{ $suit }** (au J).
karata-keep-line = { $turn } amechukua karata inayofaa: aicheze sasa au abaki nayo.
karata-direction = Mwelekeo: { $clockwise ->
        [yes] kisaa
       *[no] kinyume cha saa
    } · rundo la kuchukua { $draw }
karata-empty-draws = 🚧 Hakuna kilichobaki cha kuchukua: wachezaji { $empty } kati ya { $players } mfululizo hawakuchukua kitu. Wote wakifanya hivyo, raundi inaishia kwa pointi.
karata-one-card-line = 📣 { $name } amebaki na karata moja: **Kadi Moja!** kabla ya mchezo unaofuata, au chukua 2.
karata-elimination-line = 🏆 Kuondolewa, raundi { $round } ({ $knock_out ->
        [yes] mwenye pointi nyingi zaidi kila raundi anaondolewa
       *[no] anayepita pointi { $ceiling } anaondolewa
    }) · pointi: { $scores }
karata-out-line = Wameondolewa: { $names }
karata-cheat-line = 🕵 Hali ya udanganyifu: yeyote anaweza kuwa anaficha karata moja. **Mshtaki** mchezaji unayemshuku.
karata-note-out = — ameondolewa kwenye mechi
karata-note-called = 📣 Kadi Moja
karata-note-points = (pointi { $points })
karata-preset-kadi-moja = seti ya Kadi Moja
karata-preset-karata = seti ya Karata
karata-in-force-must-call = lazima useme ili ushinde
karata-in-force-knock-out = kuondolewa (mtoano)
karata-in-force-ceiling = kuondolewa (kikomo cha pointi { $ceiling })
karata-in-force-cheat = hali ya udanganyifu
karata-button-plug = Chomeka 7
karata-button-challenge = Shtaki
karata-prompt-challenge = Unamshtaki nani kwa kuficha karata? Ukikosea, unachukua (2 katika Karata, 5 katika Kadi Moja). Ni wewe tu unayeona hili.
karata-prompt-plug = Unachomeka 7 zipi? Ni wewe tu unayeona hili.
karata-move-pick-up = Chukua { $count }
karata-move-draw-one = Chukua moja (zamu yako inaisha)
karata-move-draw-until = Chukua hadi uweze kujibu
karata-move-take-skip = Kubali kurukwa
karata-move-keep = Baki nayo
karata-move-plug = Chomeka { $cards }
karata-move-play-now = Icheze sasa ({ $cards })
karata-move-carrying = { $jack } ikibeba { $cards }
karata-move-ask-special = { $cards } → omba karata maalum
karata-event-played-special = { $who } alicheza { $cards }, akiomba karata maalum (2, 7, 8, J au Joker).
karata-event-kept = { $who } amebaki na karata aliyochukua.
karata-event-skip-dropped = Ruka inaishia kwa { $who }, aliyeweka 7 ndani yake: { $who } anacheza.
karata-event-special-uncalled = { $who } ameweka karata yake ya mwisho, karata maalum, bila kusema Kadi Moja: haishindi, nguvu yake inafanya kazi, na anachukua adhabu sasa badala ya moja zamu ijayo.
karata-event-uncalled = { $who } ameweka karata yake ya mwisho bila kusema Kadi Moja: haishindi.
karata-event-special-last = { $who } ameweka karata yake ya mwisho, lakini karata maalum haishindi: raundi inaendelea na atachukua moja zamu yake ijayo.
karata-event-challenge-right = 🕵 { $challenger } amemshtaki { $target } — **sawa**: { $target } alikuwa anaficha karata!
karata-event-challenge-wrong = 🕵 { $challenger } amemshtaki { $target } — **si sawa**: { $target } hakuwa anaficha kitu.
karata-event-eliminated = ❌ { $who } ameondolewa kwenye mechi akiwa na pointi { $points }.
karata-event-drew-cardless = { $who } amechukua karata 1 (alimaliza kwa karata maalum).
karata-event-round-blocked = 🚧 Hakuna kilichobaki cha kuchukua na hakuna aliyeweka karata kwa mzunguko mzima wa zamu za meza: raundi imekwama na inaishia kwa pointi. Wenye pointi chache zaidi mkononi wanashinda.
karata-event-round-started = Raundi { $round } imegawiwa — { $first } anaanza.
karata-event-round-started-on = Raundi { $round } imegawiwa — { $first } anaanza juu ya { $top }.
karata-event-round-over = Raundi { $round } imekwisha: ushindi ni wa { $winners }.
karata-event-caught-cheating = { $loser } amekamatwa akidanganya na ni wa mwisho.
karata-event-last-standing = 🏆 Mechi imekwisha: **{ $winners }** ndiye mchezaji wa mwisho kubaki na anashinda mechi.
karata-event-game-over = Mchezo umekwisha: ushindi ni wa **{ $winners }**. { $order }.
karata-standing = wa { $rank } { $name } (pointi { $points })

## Donkey

donkey-title = Punda
donkey-lead-out = aliyetoka
donkey-lead-sitting-out = anayepumzika raundi hii
donkey-lead-timed-out = ambaye muda wake uliisha
donkey-ordinal = wa { $rank }
donkey-game-over-after = Mchezo umekwisha baada ya raundi { $rounds }.
donkey-suit-not-set = bado haijawekwa (anayeanza anaiweka)
donkey-round-line = Raundi { $round } · aina ya raundi: { $suit } · { $leader } anaanza
donkey-on-the-table = Mezani: { $cards }
donkey-on-the-table-nothing = Mezani: hakuna kitu bado.
donkey-out-line = 🏁 Wametoka: { $names }
donkey-sitting-out-line = 💤 Wanapumzika raundi hii: { $names }
donkey-sit-out-next-line = ⏭ Kupumzika raundi ijayo (muda uliisha): { $names }
donkey-discard-line = Rundo la kutupa: karata { $count }
donkey-note-donkey = 🫏 Punda
donkey-note-out = 🏁 ametoka (wa { $rank })
donkey-note-sitting-out = 💤 anapumzika raundi hii
donkey-note-sit-out-next = ⏭ atapumzika raundi ijayo
donkey-in-force-anticlockwise = kinyume cha saa
donkey-in-force-no-house-rules = bila sheria za ziada
donkey-event-struck = ⚡ { $who } amekata kwa { $card }: { $collector } anakusanya { $count ->
        [one] karata { $count }
       *[other] karata { $count }
    } na ataanza inayofuata.
donkey-event-nobody-played = Hakuna aliyecheza karata raundi hii.
donkey-event-round-won = { $who } ameshinda raundi kwa { $card } (karata { $discarded } kwenye rundo la kutupa).
donkey-event-lead-passed = Kuanza kunapita kutoka kwa { $from }, { $reason }, kwenda kwa { $to }.
donkey-event-went-out = 🏁 { $who } ametoka — nafasi ya { $rank }.
donkey-event-sits-out = 💤 { $who } anapumzika raundi { $round } (muda wake uliisha), akibaki na karata zake.
donkey-event-sit-out-forgiven = Wote waliobaki wangepumzika raundi hii, kwa hiyo hakuna anayepumzika.
donkey-event-timed-out = ⏱ Muda wa { $who } umeisha: hachezi karata raundi hii, na atapumzika inayofuata.
donkey-event-no-donkey = Mchezo umekwisha: wachezaji wa mwisho wametoka pamoja — sare, na hakuna Punda.
donkey-event-the-donkey = Mchezo umekwisha: 🫏 **{ $loser }** ndiye Punda!

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

## More words of the pictures and the table

table-button-prompt = Chagua moja (ni wewe tu unayeona hili):

## Looking back (bot/ui/text/history.py)

history-title = { $game } — raundi za karibuni
history-no-rounds = Hakuna raundi ya { $game } iliyokwisha kwenye seva hii bado: anzisha moja kwa /{ $command } new.
history-won-by = ushindi ni wa { $winners }
history-won-by-nobody = hakuna aliyeshinda
history-the-donkey = Punda: { $donkey }
history-line = { $when } katika { $where }, raundi { $round }: { $players }; { $outcome }.
history-footer = Pitia moja hatua kwa hatua kwa /{ $command } replay (au menyu hapa chini). Ni wewe tu unayeona orodha hii.
replay-menu-placeholder = Rudia raundi…
round-choice = { $date } · raundi { $round } · { $players }
replay-title = { $game } — marudio ya meza { $table }, raundi { $round }
step-counter = Hatua { $step } kati ya { $last }
replay-dealt = Karata zimegawiwa.
replay-timed-out = (saa iliisha)
replay-nothing-said = Mchezo ulichezwa.
replay-your-hand-field = Karata zako wakati huo
replay-no-cards-left = hakuna karata
replay-hand-after-round = Raundi imekwisha: karata za raundi inayofuata hazionyeshwi hapa.
replay-not-seated-note = Hukucheza katika raundi hii: unaona meza tu.
share-button = Shiriki kama GIF
share-too-big = Raundi hii ni ndefu mno kushirikiwa kama picha moja.
shared = { $member } anashiriki marudio ya meza ya { $game } { $table }, raundi { $round }.
share-alt = Picha inayosonga ya meza ya { $game }, hatua { $steps } kutoka kugawa hadi mwisho wa raundi.
