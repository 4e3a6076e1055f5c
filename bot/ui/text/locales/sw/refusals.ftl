### Kiswahili: the one sentence a member reads when a move or a table action is refused.
### Message ids are "refusal-" and the refusal code (bot/ui/text/illegal.py and the modules it merges);
### variables are the refusal's details. Words as in docs/i18n.md, "Glossary".

## Shared: the move notation and who may move

refusal-empty-move = Mchezo huo ni mtupu: jaribu `play QS`, `draw` au `pass`.
refusal-not-a-move = `{ $word }` si mchezo: michezo ni { $moves }.
refusal-challenge-needs-seat = Kushtaki kunataja namba ya kiti, kama `challenge 2`.
refusal-takes-nothing = `{ $kind }` haifuatwi na kitu.
refusal-no-cards = Hujataja karata: zitaje kama QS 10H JKR
refusal-not-a-card = `{ $token }` si karata: andika namba na aina, kama QS au 10♥
refusal-card-bad-suit = `{ $token }` si karata: aina ni S, H, D, C (au ♠ ♥ ♦ ♣)
refusal-card-bad-rank = `{ $token }` si karata: namba ni A, 2–10, J, Q, K
refusal-not-a-suit = `{ $token }` si aina: aina ni S, H, D, C (au ♠ ♥ ♦ ♣)
refusal-not-an-ask = `{ $token }` si kitu cha kuomba: taja aina (H), karata (KC) au `special`
suits-text = S, H, D, C (au ♠ ♥ ♦ ♣)
refusal-match-over = Mechi imekwisha.
refusal-no-such-seat = Hakuna { $seat } kwenye meza hii.
refusal-out-of-match = Umetoka kwenye mechi hii: unatazama hadi iishe.
refusal-names-no-seat = `{ $kind }` haitaji kiti chochote.
refusal-not-your-turn = Si zamu yako: ni zamu ya { $turn }.
refusal-play-needs-cards = Taja karata za kucheza, kama `play 9H`.
refusal-card-not-held = Huna { $card }.
refusal-card-named-twice = Umetaja { $card } mara mbili.
refusal-fallback = Mchezo huo hauruhusiwi sasa hivi.
# A seat named by its number when its player's name is not at hand (English: "seat 2").
seat-number = kiti { $seat }

## Kadi

refusal-not-a-kadi-move = `{ $kind }` si mchezo wa Kadi: cheza karata, chukua, kubali kurukwa au sema Niko Kadi.
refusal-cardless-must-draw = Huna karata: chukua ili urudi kwenye raundi.
refusal-skipped-cannot-draw = Unarukwa: cheza J kupitisha ruka, au `pass` kukubali kurukwa.
refusal-no-skip-to-take = Hakuna ruka ya kukubali: cheza karata au chukua.
refusal-already-called = Umeshasema Niko Kadi.
refusal-call-needs-winning-hand = Unaweza kusema Niko Kadi tu karata zako zikiweza kushuka kwa mchezo mmoja: karata za kushinda.
refusal-call-window-closed = Unaweza kusema Niko Kadi tu kuanzia mwisho wa zamu yako hadi mchezaji anayefuata acheze.
refusal-not-a-card-value = Hiyo si karata.
refusal-ranks-differ = { $first } na { $card } si namba moja: karata zinazochezwa pamoja lazima ziwe namba moja (au maswali na majibu yake).
refusal-ask-without-ace = Ace tu ndiyo inaomba kitu: ondoa `ask`.
refusal-skipped-jacks-only = Unarukwa: J tu ndiyo inaweza kupitisha ruka.
refusal-question-on-bomb = Huwezi kuuliza swali ukiwa na bomu la kushughulikia.
refusal-bomb-not-countered = { $card } haiwezi kujibu bomu la chukua { $bomb }: jibu kwa { $counter }, zuia kwa Ace, au chukua.
refusal-not-the-demanded-card = { $card } si karata iliyoombwa: cheza { $demand } au Ace, au chukua.
refusal-joker-on-suit-request = Joker haiwezi kukaa juu ya ombi la aina: cheza { $suit } au Ace, au chukua.
refusal-not-the-asked-suit = { $card } si { $suit }: { $suit } imeombwa (au cheza Ace, au chukua).
refusal-not-the-joker-colour = { $card } haiwezi kukaa juu ya { $joker }: cheza karata { $colour ->
        [red] nyekundu (♥ ♦)
       *[black] nyeusi (♠ ♣)
    }, Joker au Ace, au chukua.
refusal-no-match = { $card } hailingani na { $base }: cheza { $suit } au { kadi-a-rank }, au Ace, au chukua.
refusal-no-match-on-ace = { $card } hailingani na { $base }: cheza { $suit } au Ace, au chukua.
refusal-aces-only = { $first } na { $card } si namba moja: Ace tu ndizo zinashuka pamoja na Ace.
refusal-ask-on-bomb = Ace juu ya bomu inalizuia na haiombi chochote: ondoa `ask`.
refusal-ace-needs-ask = Ace inaomba aina: ongeza moja, kama `play AH ask S`.
refusal-demand-needs-spades-or-two = A♠ tu, au Ace mbili au zaidi pamoja, ndizo zinaweza kuomba karata.
refusal-ask-needs-spades = { $on_demand ->
        [yes] Bila A♠, Ace inaondoa namba kwenye karata iliyoombwa: ondoa `ask`.
       *[no] Bila A♠, Ace inafuta ombi la aina: ondoa `ask`.
    }
refusal-ace-demanded = Ace haiwezi kuombwa: omba karata nyingine yoyote.
refusal-no-jokers = Hakuna Joker katika mchezo huu.
refusal-demand-under-aces = { $card } inabaki chini ya Ace, hata karata zikichanganywa, kwa hiyo hakuna ambaye angeweza kuicheza: omba karata nyingine.
refusal-not-a-kadi-ask = Omba aina (S, H, D au C) au, kwa A♠, karata kama KC.
refusal-question-after-answer = Maswali kwanza, kisha majibu: { $card } iko baada ya jibu.
refusal-not-an-answer = { $card } haiwezi kujibu swali: majibu ni 4, 5, 6, 7, 9 au 10.
refusal-answers-differ = Majibu yote lazima yawe namba moja: { $first } na { $card } ni tofauti.
refusal-wrong-answer-suit = { $answer } haiwezi kujibu { $question }: jibu la kwanza lazima liwe { $suit }.
refusal-chain-jacks-first = Katika mnyororo wa J, J zinaanza, kisha karata za kushinda.
refusal-jack-with-others = { $first } na { $card } si namba moja: J inashuka na karata nyingine tu kama mnyororo wa J unaomaliza karata zako.
refusal-chain-needs-call = Mnyororo wa J ni kumaliza: lazima uwe umesema Niko Kadi katika zamu ya awali.
refusal-chain-while-cardless = Hakuna anayeweza kushinda wakati { $seat } yuko bila karata: mnyororo wa J lazima usubiri.
refusal-chain-jack-count = Mnyororo wa J unahitaji J moja kamili kwa kila mpinzani: { $opponents } hapa.
refusal-chain-needs-winning-set = Baada ya J zinakuja karata za kushinda: namba moja ya 4, 5, 6, 7, 9 au 10, peke yake au nyuma ya maswali zinazoyajibu.
refusal-chain-suit = { $card } lazima iwe ya aina ya J iliyo kabla yake ({ $jack }).
refusal-chain-questions-first = Maswali kwanza, kisha majibu.

## Karata and Kadi Moja

refusal-not-a-karata-move = `{ $kind }` si mchezo wa Karata: cheza, chukua, `pass` au sema Kadi Moja.
refusal-drew-play-or-keep = Umechukua sasa hivi: cheza karata hiyo au `pass` ubaki nayo.
refusal-being-skipped = Unarukwa: chomeka 7 au `pass` ukubali kurukwa.
refusal-cannot-pass-stack = Huwezi kupitisha mlundikano wa chukua { $stack }: ujibu au chukua.
refusal-nothing-to-pass = Hakuna cha kupitisha: cheza karata au chukua.
refusal-kadi-moja-already-called = Umeshasema Kadi Moja.
refusal-call-needs-one-card = Unaweza kusema Kadi Moja tu ukiwa umebaki na karata moja.
refusal-hide-cheat-mode-off = Kuficha karata ni kwa hali ya udanganyifu, ambayo imezimwa kwenye meza hii.
refusal-hide-one-card = Ficha karata moja tu, kama `hide 5H`.
refusal-hide-too-late = Karata inaweza kufichwa tu kabla ya kucheza au kuchukua kwa mara ya kwanza katika raundi.
refusal-hide-only-one = Unaweza kuficha karata moja tu kwa raundi.
refusal-challenge-cheat-mode-off = Kushtaki ni kwa hali ya udanganyifu, ambayo imezimwa kwenye meza hii.
refusal-challenge-one-seat = Kushtaki kunataja kiti kimoja, kama `challenge 2`.
refusal-challenge-self = Huwezi kujishtaki mwenyewe.
refusal-target-not-playing = Huwezi kumshtaki { $target }: hachezi katika raundi hii.
refusal-challenged-already = Umeshamshtaki { $target }: subiri mchezo wake unaofuata.
refusal-play-the-drawn-card = Umechukua { $drawn }: cheza karata hiyo hiyo tu, au `pass`.
refusal-plug-only-sevens = 7 tu ndizo zinachomekwa kwenye ruka: cheza 7 zako au `pass` ukubali kurukwa.
refusal-only-a-jack-asks = J tu ndiyo inaomba kitu.
refusal-ranks-not-shared = Karata zinazowekwa pamoja lazima ziwe namba moja: { $first } na { $card } si namba moja.
refusal-jack-needs-ask = J inataja anachopaswa kucheza mchezaji anayefuata: ongeza `ask S` (aina) au `ask special`.
refusal-bridge-off = Karata zinazowekwa pamoja lazima ziwe namba moja: daraja la J limezimwa.
refusal-bridge-ranks-differ = J inabeba karata za namba moja: { $first } na { $card } ni tofauti.
refusal-bridge-asks = J inayobeba karata haiombi chochote.
refusal-stack-same-kind = Katika Kadi Moja { $mine } haiwezi kujibu { $need }: { $need } tu ndiyo inaweza.
refusal-stack-pending = Kuna mlundikano wa chukua { $stack } juu yako: ujibu kwa 2 au Joker, au chukua.
refusal-demand-special = { $card } haitimizi ombi la J: cheza 2, 7, 8, J au Joker.
refusal-demand-suit = { $card } haitimizi ombi la J: cheza { $suit } au J.
refusal-joker-colour = { $card } haikai juu ya { $top }: cheza karata { $colour ->
        [red] nyekundu
       *[black] nyeusi
    }, J au Joker.
refusal-top-not-matched = { $card } hailingani na { $top }: cheza { $suit }, { karata-a-rank }, J au Joker.
refusal-top-not-matched-jack = { $card } hailingani na { $top }: cheza { $suit }, J au Joker.

## Donkey

refusal-not-a-donkey-move = Hakuna `{ $kind }` katika Punda: cheza karata moja, kama `play 9♣`.
refusal-play-names-only-a-card = Mchezo wa Punda unataja karata yake tu, kama `play 9♣`.
refusal-one-card-at-a-time = Cheza karata moja moja.
refusal-must-lead-ace = Lazima uanze kwa { $ace }: kwa wachezaji 2 hadi { $max_seats } raundi ya kwanza inaanza nayo.
refusal-must-follow = Lazima ufuate { $suit }: una { $suit }.

## The table runtime

new-table-commands = /kadi new, /karata new au /donkey new
refusal-finished = Meza hiyo imekwisha: anzisha mpya kwa /kadi new, /karata new au /donkey new.
refusal-stale = Hiyo imepitwa na wakati: meza imesonga mbele. Fungua Karata zangu tena.
refusal-not-asking-consent = Hiyo imepitwa na wakati: hakuna anayeombwa kukubali sasa.
refusal-save-failed = Meza haikuweza kuhifadhiwa; hakuna kilichobadilika, jaribu tena.
refusal-not-served-here = Seva hii inahudumiwa na sehemu nyingine ya boti; tafadhali jaribu tena baada ya muda mfupi.
refusal-already-here = Chaneli hii tayari ina meza: imalize (au mwombe mwenyeji aimalize) kwanza.
refusal-already-here-link = Chaneli hii tayari ina meza: imalize (au mwombe mwenyeji aimalize) kwanza. Iko hapa: { $link }
refusal-unknown-level = Kiwango cha kompyuta ni kimoja kati ya { $levels }.
refusal-unknown-rules = Sheria za ziada hizo hazijulikani hapa: zichague kutoka kwenye chaguo za amri.
refusal-too-many-players = Hao ni wachezaji wengi mno: meza hii ina viti visivyozidi { $seats }.
refusal-too-late-to-join = Meza hii imeshaanza: subiri inayofuata.
refusal-about-to-start = Meza hii inakaribia kuanza (wachezaji wanakubaliana sheria zake).
refusal-already-seated = Tayari uko kwenye meza hii.
refusal-table-full = Meza imejaa (viti { $seats }).
refusal-computers-before-start = Kompyuta zinaweza kujiunga tu kabla ya kuanza.
refusal-players-add-computers = Wachezaji walio kwenye meza tu ndio wanaweza kuongeza kompyuta.
refusal-not-at-table = Hauko kwenye meza hii.
refusal-already-started = Meza hii imeshaanza.
refusal-not-host = Mwenyeji tu ndiye anayeweza kuanzisha meza.
refusal-awaiting-consent = Meza inasubiri kila mchezaji akubali sheria zake.
refusal-too-few-players = Wanahitajika wachezaji { $needed } angalau: mwalike rafiki au ongeza kompyuta.
refusal-cannot-deal = Sheria za meza hii haziwezi kugawa mechi kwa wachezaji { $seats }: badilisha wachezaji au sheria.
refusal-consent-players-only = Wachezaji walio kwenye meza hii tu ndio wanaoulizwa.
refusal-already-agreed = Umeshakubali.
refusal-not-host-or-moderator = Mwenyeji tu, au mwanachama mwenye Manage Server, ndiye anayeweza kumaliza meza hii.
refusal-not-started = Mchezo haujaanza bado.
refusal-not-playing = Huchezi kwenye meza hii.
refusal-clock-only = Saa ya zamu tu ndiyo inaweza kumaliza muda wa zamu.

## Answers about a table

refusal-not-in-a-server = Meza zinakaa kwenye chaneli ya seva: tumia amri hii huko.
refusal-no-table-here = Hakuna meza ya { $title } katika chaneli hii: anzisha moja kwa /{ $game } new.
refusal-hand-before-the-deal = Mchezo haujaanza bado: karata zako zinakuja mwenyeji akibonyeza Anza.
refusal-nothing-to-do-here = Hilo si lako kufanya sasa hivi.
refusal-watch-instead = Huchezi kwenye meza hii: unaweza kutazama ujumbe wa meza.
refusal-unknown-choice = Chaguo hilo halijulikani: fungua Karata zangu tena.
refusal-member-not-seated = Mwanachama huyo hachezi kwenye meza hii.
refusal-seated-watch = Unacheza kwenye meza hii: Karata zangu inakuonyesha meza, pamoja na karata zako.
refusal-call-is-kadi-moja-rule = Kadi Moja inataka kusema kila mara (kusahau kunagharimu kuchukua 2): must_call_to_win ni kwa Karata.
refusal-ceiling-needs-elimination = Kikomo cha pointi ni kwa Kadi Moja yenye kuondolewa imewashwa.

## Looking back: history and replay

refusal-no-such-round = Hiyo si moja ya raundi zilizokwisha za mchezo huu kwenye seva hii: chagua moja kutoka kwenye orodha ya amri.
refusal-round-cannot-replay = Raundi hiyo ilihifadhiwa kabla ya toleo hili la boti na haiwezi kuchezwa upya: michezo yake haifikishi tena kwenye meza iliyoishia nayo.
refusal-replay-not-yours = Marudio haya ni ya mwanachama mwingine: tumia amri ya replay kufungua yako.
refusal-no-rounds-to-replay = Hakuna raundi ya { $title } iliyokwisha kwenye seva hii bado.
refusal-share-wait = Umeshiriki marudio sasa hivi: unaweza kushiriki mengine baada ya sekunde { $seconds }.
refusal-share-no-pictures = Meza hii ilichezwa bila picha, kwa hiyo hakuna picha inayosonga ya kushiriki.
