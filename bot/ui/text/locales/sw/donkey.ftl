# Kiswahili: everything Donkey (Punda) says (bot/ui/text/donkey.py), the ids of en/donkey.ftl.
# Its refusals ("refusal-" and the code) are in sw/refusals.ftl. Words as in docs/i18n.md, "Glossary".

donkey-title = Punda
donkey-lead-out = aliyetoka
donkey-lead-sitting-out = anayepumzika raundi hii
donkey-lead-timed-out = ambaye muda wake uliisha
# A place in order ("wa 1"): one form for every number, whatever its $form.
donkey-ordinal = { $form ->
       *[other] wa { $rank }
    }

## The table.
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
donkey-note-out = 🏁 ametoka ({ $place })
donkey-note-sitting-out = 💤 anapumzika raundi hii
donkey-note-sit-out-next = ⏭ atapumzika raundi ijayo
donkey-in-force-anticlockwise = kinyume cha saa
donkey-in-force-no-house-rules = bila sheria za ziada

## Events.
donkey-event-struck = ⚡ { $who } amekata kwa { $card }: { $collector } anakusanya karata { $count } na ataanza inayofuata.
donkey-event-nobody-played = Hakuna aliyecheza karata raundi hii.
donkey-event-round-won = { $who } ameshinda raundi kwa { $card } (karata { $discarded } kwenye rundo la kutupa).
donkey-event-lead-passed = Kuanza kunapita kutoka kwa { $from }, { $reason }, kwenda kwa { $to }.
donkey-event-went-out = 🏁 { $who } ametoka — { $place }.
donkey-event-sits-out = 💤 { $who } anapumzika raundi { $round } (muda wake uliisha), akibaki na karata zake.
donkey-event-sit-out-forgiven = Wote waliobaki wangepumzika raundi hii, kwa hiyo hakuna anayepumzika.
donkey-event-timed-out = ⏱ Muda wa { $who } umeisha: hachezi karata raundi hii, na atapumzika inayofuata.
donkey-event-no-donkey = Mchezo umekwisha: wachezaji wa mwisho wametoka pamoja — sare, na hakuna Punda.
donkey-event-the-donkey = Mchezo umekwisha: 🫏 **{ $loser }** ndiye Punda!
