# Yanayoshirikiwa na kila mchezo mezani (bot/ui/text/game.py): maneno ya michezo,
# matukio ya pamoja, na kwa nini meza ilifungwa (bot/ui/text/table.py).

## Michezo

game-move-draw = Chukua
game-move-pass = Pita
game-move-call = Sema
game-move-sit-out = Pumzika
game-move-hide = Ficha { $cards }
game-move-play-ask = { $cards } → omba { $ask }
game-ask-special-card = karata maalum
game-table-button-prompt = Chagua moja (ni wewe tu unayeona hili):
game-and = { $first } na { $second }

## Matukio

game-event-played = { $who } amecheza { $cards }.
game-event-played-ask = { $who } amecheza { $cards }, akiomba { $ask }.
game-event-drew = { $who } amechukua karata { $count }{ $reason ->
        [bomb] {" "}(bomu)
        [stack] {" "}(mlundikano)
        [question] {" "}(swali lisilojibiwa)
        [penalty] {" "}(adhabu)
        [cardless] {" "}kurudi kwenye raundi
        [demand] {" "}(ombi)
       *[other] {""}
    }.
game-event-forgiven = { $who } amesamehewa { $count }: hakuna karata zaidi za kuchukua.
game-event-reshuffled = Rundo la kutupa limechanganywa kuwa rundo la kuchukua jipya (karata { $count }).
game-event-skipped = { $who } amerukwa.
game-event-reversed = { $clockwise ->
        [yes] Mwelekeo umegeuzwa: sasa ni kisaa.
       *[no] Mwelekeo umegeuzwa: sasa ni kinyume cha saa.
    }
game-event-called = { $who } amesema **{ $call }**
game-event-timed-out = Muda wa { $who } umeisha.
game-event-round-started = Raundi { $round } — { $first } anaanza.
game-event-round-blocked = Hakuna kilichobaki cha kuchukua na hakuna aliyeweka karata kwa mzunguko mzima wa zamu za meza: raundi inaishia kwa pointi.
game-event-round-over = Raundi { $round } imekwisha: ushindi ni wa { $winners }.
game-event-match-over = Mchezo umekwisha: ushindi ni wa { $winners }.
game-event-computer-took-seat = Muda wa { $who } uliisha mara tatu mfululizo: kompyuta inamchezea hadi arudi.
game-event-seat-taken-back = { $who } amerudi na anacheza karata zake mwenyewe tena.
game-event-host-passed = Mwenyeji ameondoka: { $who } ndiye mwenyeji sasa.
game-event-seat-left = { $who } ameondoka; kompyuta inaendelea kucheza na karata zake.
game-event-table-ended = Meza imefungwa ({ $reason }).
game-event-table-closed = Meza imefungwa.
game-event-consent-given = Wachezaji wote wamekubali: **{ $rules }** imewashwa.
game-event-consent-refused = { $who } amesema hapana, kwa hiyo **{ $rules }** imezimwa: mchezo unaanza bila hiyo.
game-event-consent-timed-out = Si wachezaji wote waliokubali kwa wakati, kwa hiyo **{ $rules }** imezimwa: mchezo unaanza bila hiyo.

## Kwa nini meza ilifungwa

game-ended-because-message-not-posted = ujumbe wake haukuweza kutumwa
game-ended-because-channel-deleted = chaneli yake ilifutwa
game-ended-because-host-left = mwenyeji aliondoka
game-ended-because-every-human-left = binadamu wote waliondoka
game-ended-because-nobody-started = hakuna aliyeianzisha kwa wakati
game-ended-because-ended-by-host = ilimalizwa na mwenyeji
game-ended-because-ended-by-moderator = ilimalizwa na msimamizi
