# Kiswahili: everything Karata and Kadi Moja say (bot/ui/text/karata.py), the ids of en/karata.ftl.
# Its refusals ("refusal-" and the code) are in sw/refusals.ftl. Words as in docs/i18n.md, "Glossary".

karata-title = Karata
karata-choice-name = Karata / Kadi Moja
karata-call = Kadi Moja!
karata-special-words = karata maalum (2, 7, 8, J au Joker)
karata-rule-cheat_mode = Hali ya udanganyifu
karata-rule-call_rule = Lazima useme ili ushinde
karata-rule-elimination = Kuondolewa
# A place in order ("wa 1"): one form for every number, whatever its $form.
karata-ordinal = { $form ->
       *[other] wa { $rank }
    }

## The table.
karata-top-line = **{ $kadi_moja ->
        [yes] Kadi Moja
       *[no] Karata
    }** · karata ya juu: **{ $top }**
karata-stack-line = 🃏 Mlundikano wa kuchukua juu ya { $turn }: karata **{ $stack }** — jibu kwa { $same_kind ->
        [yes] 2 juu ya 2, Joker juu ya Joker
       *[no] 2 au Joker
    }, au chukua.
karata-plug-line = ⏭ { $turn } anarukwa na anaweza **kuchomeka 7** (sekunde { $seconds }) au kukubali kurukwa.
karata-pending-skips = ⏭ Ruka zinazosubiri: **{ $skips }**
karata-demand-special = 🎯 Ombi la J kwa { $turn }: { karata-special-words } (au J).
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

## The rules in force (a table's footer).
karata-preset-kadi-moja = seti ya Kadi Moja
karata-preset-karata = seti ya Karata
karata-in-force-must-call = lazima useme ili ushinde
karata-in-force-knock-out = kuondolewa (mtoano)
karata-in-force-ceiling = kuondolewa (kikomo cha pointi { $ceiling })
karata-in-force-cheat = hali ya udanganyifu

## The table's buttons.
karata-button-plug = Chomeka 7
karata-button-challenge = Shtaki
karata-prompt-challenge = Unamshtaki nani kwa kuficha karata? Ukikosea, unachukua (2 katika Karata, 5 katika Kadi Moja). Ni wewe tu unayeona hili.
karata-prompt-plug = Unachomeka 7 zipi? Ni wewe tu unayeona hili.

## Moves.
karata-move-pick-up = Chukua { $count }
karata-move-draw-one = Chukua moja, zamu inaisha
karata-move-draw-until = Chukua hadi uweze kujibu
karata-move-draw = Chukua
karata-move-take-skip = Kubali kurukwa
karata-move-keep = Baki nayo
karata-move-pass = Pita
karata-move-plug = Chomeka { $cards }
karata-move-play-now = Icheze sasa ({ $cards })
karata-move-play-now-ask = Icheze sasa ({ $cards }) → omba { $ask }
karata-move-carrying = { $jack } ikibeba { $cards }
karata-move-ask-special = { $cards } → omba karata maalum

## Events.
karata-event-played-special = { $who } amecheza { $cards }, akiomba { karata-special-words }.
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
karata-event-round-over-cheat = Raundi { $round } imekwisha: ushindi ni wa { $winners }. { $loser } amekamatwa akidanganya na ni wa mwisho.
karata-event-last-standing = 🏆 Mechi imekwisha: **{ $winners }** ndiye mchezaji wa mwisho kubaki na anashinda mechi.
karata-event-game-over = Mchezo umekwisha: ushindi ni wa **{ $winners }**. { $order }.
karata-standing = { $place } { $name } (pointi { $points })

## Words of the refusals (sw/refusals.ftl).
# $rank is a rank's number (2–10) or letter (J, Q, K, A); JKR a Joker.
karata-a-rank = { $rank ->
        [A] Ace
        [JKR] Joker
       *[other] { $rank }
    }
