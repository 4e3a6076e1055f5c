### Kiswahili: the one sentence a member reads when a move or a table action is refused.
### Message ids are the refusal codes (bot/ui/text/illegal.py and the modules it merges);
### variables are the refusal's details. Words as in docs/i18n.md, "Glossary".

## Shared: the move notation and who may move

empty-move = Mchezo huo ni mtupu: jaribu `play QS`, `draw` au `pass`.
not-a-move = `{ $word }` si mchezo: michezo ni { $moves }.
challenge-needs-seat = Kushtaki kunataja namba ya kiti, kama `challenge 2`.
takes-nothing = `{ $kind }` haifuatwi na kitu.
no-cards = Hujataja karata: zitaje kama QS 10H JKR
not-a-card = `{ $token }` si karata: andika namba na aina, kama QS au 10♥
card-bad-suit = `{ $token }` si karata: aina ni S, H, D, C (au ♠ ♥ ♦ ♣)
card-bad-rank = `{ $token }` si karata: namba ni A, 2–10, J, Q, K
not-a-suit = `{ $token }` si aina: aina ni S, H, D, C (au ♠ ♥ ♦ ♣)
not-an-ask = `{ $token }` si kitu cha kuomba: taja aina (H), karata (KC) au `special`
match-over = Mechi imekwisha.
no-such-seat = Hakuna { $seat } kwenye meza hii.
out-of-match = Umetoka kwenye mechi hii: unatazama hadi iishe.
names-no-seat = `{ $kind }` haitaji kiti chochote.
not-your-turn = Si zamu yako: ni zamu ya { $turn }.
play-needs-cards = Taja karata za kucheza, kama `play 9H`.
card-not-held = Huna { $card }.
card-named-twice = Umetaja { $card } mara mbili.
fallback-refusal = Mchezo huo hauruhusiwi sasa hivi.

## Kadi

not-a-kadi-move = `{ $kind }` si mchezo wa Kadi: cheza karata, chukua, kubali kurukwa au sema Niko Kadi.
cardless-must-draw = Huna karata: chukua ili urudi kwenye raundi.
skipped-cannot-draw = Unarukwa: cheza J kupitisha ruka, au `pass` kukubali kurukwa.
no-skip-to-take = Hakuna ruka ya kukubali: cheza karata au chukua.
already-called = Umeshasema Niko Kadi.
call-needs-winning-hand = Unaweza kusema Niko Kadi tu karata zako zikiweza kushuka kwa mchezo mmoja: karata za kushinda.
call-window-closed = Unaweza kusema Niko Kadi tu kuanzia mwisho wa zamu yako hadi mchezaji anayefuata acheze.
not-a-card-value = Hiyo si karata.
ranks-differ = { $first } na { $card } si namba moja: karata zinazochezwa pamoja lazima ziwe namba moja (au maswali na majibu yake).
ask-without-ace = Ace tu ndiyo inaomba kitu: ondoa `ask`.
skipped-jacks-only = Unarukwa: J tu ndiyo inaweza kupitisha ruka.
question-on-bomb = Huwezi kuuliza swali ukiwa na bomu la kushughulikia.
bomb-not-countered = { $card } haiwezi kujibu bomu la chukua { $bomb }: jibu kwa { $counter }, zuia kwa Ace, au chukua.
not-the-demanded-card = { $card } si karata iliyoombwa: cheza { $demand } au Ace, au chukua.
joker-on-suit-request = Joker haiwezi kukaa juu ya ombi la aina: cheza { $suit } au Ace, au chukua.
not-the-asked-suit = { $card } si { $suit }: { $suit } imeombwa (au cheza Ace, au chukua).
not-the-joker-colour = { $card } haiwezi kukaa juu ya { $joker }: cheza karata { $colour ->
        [red] nyekundu (♥ ♦)
       *[black] nyeusi (♠ ♣)
    }, Joker au Ace, au chukua.
no-match = { $card } hailingani na { $base }: cheza { $suit } au { $rank }, au Ace, au chukua.
no-match-on-ace = { $card } hailingani na { $base }: cheza { $suit } au Ace, au chukua.
aces-only = { $first } na { $card } si namba moja: Ace tu ndizo zinashuka pamoja na Ace.
ask-on-bomb = Ace juu ya bomu inalizuia na haiombi chochote: ondoa `ask`.
ace-needs-ask = Ace inaomba aina: ongeza moja, kama `play AH ask S`.
demand-needs-spades-or-two = A♠ tu, au Ace mbili au zaidi pamoja, ndizo zinaweza kuomba karata.
ask-needs-spades = { $on_demand ->
        [true] Bila A♠, Ace inaondoa namba kwenye karata iliyoombwa: ondoa `ask`.
       *[false] Bila A♠, Ace inafuta ombi la aina: ondoa `ask`.
    }
ace-demanded = Ace haiwezi kuombwa: omba karata nyingine yoyote.
no-jokers = Hakuna Joker katika mchezo huu.
demand-under-aces = { $card } inabaki chini ya Ace, hata karata zikichanganywa, kwa hiyo hakuna ambaye angeweza kuicheza: omba karata nyingine.
not-a-kadi-ask = Omba aina (S, H, D au C) au, kwa A♠, karata kama KC.
question-after-answer = Maswali kwanza, kisha majibu: { $card } iko baada ya jibu.
not-an-answer = { $card } haiwezi kujibu swali: majibu ni 4, 5, 6, 7, 9 au 10.
answers-differ = Majibu yote lazima yawe namba moja: { $first } na { $card } ni tofauti.
wrong-answer-suit = { $answer } haiwezi kujibu { $question }: jibu la kwanza lazima liwe { $suit }.
chain-jacks-first = Katika mnyororo wa J, J zinaanza, kisha karata za kushinda.
jack-with-others = { $first } na { $card } si namba moja: J inashuka na karata nyingine tu kama mnyororo wa J unaomaliza karata zako.
chain-needs-call = Mnyororo wa J ni kumaliza: lazima uwe umesema Niko Kadi katika zamu ya awali.
chain-while-cardless = Hakuna anayeweza kushinda wakati { $seat } yuko bila karata: mnyororo wa J lazima usubiri.
chain-jack-count = Mnyororo wa J unahitaji J moja kamili kwa kila mpinzani: { $opponents } hapa.
chain-needs-winning-set = Baada ya J zinakuja karata za kushinda: namba moja ya 4, 5, 6, 7, 9 au 10, peke yake au nyuma ya maswali zinazoyajibu.
chain-suit = { $card } lazima iwe ya aina ya J iliyo kabla yake ({ $jack }).
chain-questions-first = Maswali kwanza, kisha majibu.

## Karata and Kadi Moja

not-a-karata-move = `{ $kind }` si mchezo wa Karata: cheza, chukua, `pass` au sema Kadi Moja.
drew-play-or-keep = Umechukua sasa hivi: cheza karata hiyo au `pass` ubaki nayo.
being-skipped = Unarukwa: chomeka 7 au `pass` ukubali kurukwa.
cannot-pass-stack = Huwezi kupitisha mlundikano wa chukua { $stack }: ujibu au chukua.
nothing-to-pass = Hakuna cha kupitisha: cheza karata au chukua.
kadi-moja-already-called = Umeshasema Kadi Moja.
call-needs-one-card = Unaweza kusema Kadi Moja tu ukiwa umebaki na karata moja.
hide-cheat-mode-off = Kuficha karata ni kwa hali ya udanganyifu, ambayo imezimwa kwenye meza hii.
hide-one-card = Ficha karata moja tu, kama `hide 5H`.
hide-too-late = Karata inaweza kufichwa tu kabla ya kucheza au kuchukua kwa mara ya kwanza katika raundi.
hide-only-one = Unaweza kuficha karata moja tu kwa raundi.
challenge-cheat-mode-off = Kushtaki ni kwa hali ya udanganyifu, ambayo imezimwa kwenye meza hii.
challenge-one-seat = Kushtaki kunataja kiti kimoja, kama `challenge 2`.
challenge-self = Huwezi kujishtaki mwenyewe.
target-not-playing = Huwezi kumshtaki { $target }: hachezi katika raundi hii.
challenged-already = Umeshamshtaki { $target }: subiri mchezo wake unaofuata.
play-the-drawn-card = Umechukua { $drawn }: cheza karata hiyo hiyo tu, au `pass`.
plug-only-sevens = 7 tu ndizo zinachomekwa kwenye ruka: cheza 7 zako au `pass` ukubali kurukwa.
only-a-jack-asks = J tu ndiyo inaomba kitu.
ranks-not-shared = Karata zinazowekwa pamoja lazima ziwe namba moja: { $first } na { $card } si namba moja.
jack-needs-ask = J inataja anachopaswa kucheza mchezaji anayefuata: ongeza `ask S` (aina) au `ask special`.
bridge-off = Karata zinazowekwa pamoja lazima ziwe namba moja: daraja la J limezimwa.
bridge-ranks-differ = J inabeba karata za namba moja: { $first } na { $card } ni tofauti.
bridge-asks = J inayobeba karata haiombi chochote.
stack-same-kind = Katika Kadi Moja { $mine } haiwezi kujibu { $need }: { $need } tu ndiyo inaweza.
stack-pending = Kuna mlundikano wa chukua { $stack } juu yako: ujibu kwa 2 au Joker, au chukua.
demand-special = { $card } haitimizi ombi la J: cheza 2, 7, 8, J au Joker.
demand-suit = { $card } haitimizi ombi la J: cheza { $suit } au J.
joker-colour = { $card } haikai juu ya { $top }: cheza karata { $colour ->
        [red] nyekundu
       *[black] nyeusi
    }, J au Joker.
top-not-matched = { $card } hailingani na { $top }: cheza { $suit }, { $rank }, J au Joker.
top-not-matched-jack = { $card } hailingani na { $top }: cheza { $suit }, J au Joker.

## Donkey

not-a-donkey-move = Hakuna `{ $kind }` katika Punda: cheza karata moja, kama `play 9♣`.
play-names-only-a-card = Mchezo wa Punda unataja karata yake tu, kama `play 9♣`.
one-card-at-a-time = Cheza karata moja moja.
must-lead-ace = Lazima uanze kwa { $ace }: kwa wachezaji 2 hadi { $max_seats } raundi ya kwanza inaanza nayo.
must-follow = Lazima ufuate { $suit }: una { $suit }.

## The table runtime

finished = Meza hiyo imekwisha: anzisha mpya kwa /kadi new, /karata new au /donkey new.
stale = Hiyo imepitwa na wakati: meza imesonga mbele. Fungua Karata zangu tena.
not-asking-consent = Hiyo imepitwa na wakati: hakuna anayeombwa kukubali sasa.
save-failed = Meza haikuweza kuhifadhiwa; hakuna kilichobadilika, jaribu tena.
not-served-here = Seva hii inahudumiwa na sehemu nyingine ya boti; tafadhali jaribu tena baada ya muda mfupi.
already-here = Chaneli hii tayari ina meza: imalize (au mwombe mwenyeji aimalize) kwanza.
already-here-link = Chaneli hii tayari ina meza: imalize (au mwombe mwenyeji aimalize) kwanza. Iko hapa: { $link }
unknown-level = Kiwango cha kompyuta ni kimoja kati ya { $levels }.
unknown-rules = Sheria za ziada hizo hazijulikani hapa: zichague kutoka kwenye chaguo za amri.
too-many-players = Hao ni wachezaji wengi mno: meza hii ina viti visivyozidi { $seats }.
too-late-to-join = Meza hii imeshaanza: subiri inayofuata.
about-to-start = Meza hii inakaribia kuanza (wachezaji wanakubaliana sheria zake).
already-seated = Tayari uko kwenye meza hii.
table-full = Meza imejaa (viti { $seats }).
computers-before-start = Kompyuta zinaweza kujiunga tu kabla ya kuanza.
players-add-computers = Wachezaji walio kwenye meza tu ndio wanaweza kuongeza kompyuta.
not-at-table = Hauko kwenye meza hii.
already-started = Meza hii imeshaanza.
not-host = Mwenyeji tu ndiye anayeweza kuanzisha meza.
awaiting-consent = Meza inasubiri kila mchezaji akubali sheria zake.
too-few-players = Wanahitajika wachezaji { $needed } angalau: mwalike rafiki au ongeza kompyuta.
cannot-deal = Sheria za meza hii haziwezi kugawa mechi kwa wachezaji { $seats }: badilisha wachezaji au sheria.
consent-players-only = Wachezaji walio kwenye meza hii tu ndio wanaoulizwa.
already-agreed = Umeshakubali.
not-host-or-moderator = Mwenyeji tu, au mwanachama mwenye Manage Server, ndiye anayeweza kumaliza meza hii.
not-started = Mchezo haujaanza bado.
not-playing = Huchezi kwenye meza hii.
clock-only = Saa ya zamu tu ndiyo inaweza kumaliza muda wa zamu.

## Answers about a table

not-in-a-server = Meza zinakaa kwenye chaneli ya seva: tumia amri hii huko.
no-table-here = Hakuna meza ya { $title } katika chaneli hii: anzisha moja kwa /{ $game } new.
hand-before-the-deal = Mchezo haujaanza bado: karata zako zinakuja mwenyeji akibonyeza Anza.
nothing-to-do-here = Hilo si lako kufanya sasa hivi.
watch-instead = Huchezi kwenye meza hii: unaweza kutazama ujumbe wa meza.
unknown-choice = Chaguo hilo halijulikani: fungua Karata zangu tena.
member-not-seated = Mwanachama huyo hachezi kwenye meza hii.
seated-watch = Unacheza kwenye meza hii: Karata zangu inakuonyesha meza, pamoja na karata zako.
call-is-kadi-moja-rule = Kadi Moja inataka kusema kila mara (kusahau kunagharimu kuchukua 2): must_call_to_win ni kwa Karata.
ceiling-needs-elimination = Kikomo cha pointi ni kwa Kadi Moja yenye kuondolewa imewashwa.

## Looking back: history and replay

no-such-round = Hiyo si moja ya raundi zilizokwisha za mchezo huu kwenye seva hii: chagua moja kutoka kwenye orodha ya amri.
round-cannot-replay = Raundi hiyo ilihifadhiwa kabla ya toleo hili la boti na haiwezi kuchezwa upya: michezo yake haifikishi tena kwenye meza iliyoishia nayo.
replay-not-yours = Marudio haya ni ya mwanachama mwingine: tumia amri ya replay kufungua yako.
no-rounds-to-replay = Hakuna raundi ya { $title } iliyokwisha kwenye seva hii bado.
share-wait = Umeshiriki marudio sasa hivi: unaweza kushiriki mengine baada ya sekunde { $seconds }.
share-no-pictures = Meza hii ilichezwa bila picha, kwa hiyo hakuna picha inayosonga ya kushiriki.
