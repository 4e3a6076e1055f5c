### Kiswahili: the games' own events and table lines, the card pictures' words and alt
### text. A draft keyed by the English modules' names (bot/ui/text/kadi.py, karata.py,
### donkey.py, pictures.py), to be fitted to the English catalogue's ids. (The screens,
### the shared events, the answers and looking back are in screens.ftl, game.ftl,
### answers.ftl and history.ftl, keyed as the English catalogue.)

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
