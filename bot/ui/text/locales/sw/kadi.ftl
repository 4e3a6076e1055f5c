# Kiswahili: everything Kadi says (bot/ui/text/kadi.py), the ids of en/kadi.ftl.
# Its refusals ("refusal-" and the code) are in sw/refusals.ftl. Words as in docs/i18n.md, "Glossary".

kadi-title = Kadi
kadi-call = Niko Kadi!

## House rules (the /kadi new switches).
kadi-switch-punishment_accumulates = Adhabu inaongezeka
kadi-switch-bombs_answer_bombs = Bomu linajibu bomu
kadi-switch-forgotten_call_costs_a_card = Kusahau Niko Kadi kunagharimu karata
kadi-switch-ace_finish = Kumaliza kwa Ace
kadi-switch-no_jokers = Bila Joker
kadi-switch-deal_5 = Gawa 5
kadi-deal = gawa { $deal }
kadi-rounds = raundi { $rounds }

## The table.
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

## Moves.
kadi-move-pick-up = Chukua { $count }
kadi-move-draw-back-in = Chukua urudi
kadi-move-take-skip = Kubali kurukwa

## Events.
kadi-event-went-cardless = { $who } amemaliza karata bila kusema Niko Kadi na yuko **bila karata**: atachukua kurudi zamu yake ijayo.
kadi-event-call-cancelled = Kuchukua kumefuta Niko Kadi ya { $who }.
kadi-event-play-again = { $who } anacheza tena.
kadi-event-bomb-blocked = { $who } amezuia bomu kwa Ace.
kadi-event-request-cancelled = Ace za { $who } zimeondoa ombi.
kadi-event-request-cancelled-suit = Ace za { $who } zimeondoa ombi ({ $suit } bado imeombwa).
kadi-event-jump-dropped = Ruka inaishia kwa { $who }, aliyeweka J ndani yake.

## Words of the refusals (sw/refusals.ftl).
# $rank is a rank's number (2–10) or letter (J, Q, K, A); JKR a Joker.
kadi-a-rank = { $rank ->
        [A] Ace
       *[other] { $rank }
    }
kadi-counter-any-bomb = bomu lolote (2, 3 au Joker)
kadi-counter-bomb = { $rank ->
        [JKR] Joker
       *[other] { $rank }
    }
