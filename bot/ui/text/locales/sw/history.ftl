# Kuangalia nyuma (bot/ui/text/history.py): /<game> history na /<game> replay.

history-title = { $game } — raundi za karibuni
history-no-rounds = Hakuna raundi ya { $game } iliyokwisha kwenye seva hii bado: anzisha moja kwa /{ $command } new.
history-line = { $when } katika { $where }, raundi { $round }: { $players }; { $outcome }.
history-won-by = ushindi ni wa { $winners }
history-won-by-nobody = hakuna aliyeshinda
history-the-donkey = Punda: { $donkey }
history-footer = Pitia moja hatua kwa hatua kwa /{ $command } replay (au menyu hapa chini). Ni wewe tu unayeona orodha hii.
history-replay-menu-placeholder = Rudia raundi…
history-round-choice = { $date } · raundi { $round } · { $players }
history-replay-title = { $game } — marudio ya meza { $table }, raundi { $round }
history-step-counter = Hatua { $step } kati ya { $last }
history-dealt = Karata zimegawiwa.
history-timed-out = (saa iliisha)
history-nothing-said = Mchezo ulichezwa.
history-your-hand-field = Karata zako wakati huo
history-no-cards-left = hakuna karata
history-hand-after-round = Raundi imekwisha: karata za raundi inayofuata hazionyeshwi hapa.
history-not-seated-note = Hukucheza katika raundi hii: unaona meza tu.
history-share-button = Shiriki kama GIF
history-share-too-big = Raundi hii ni ndefu mno kushirikiwa kama picha moja.
history-shared = { $member } anashiriki marudio ya meza ya { $game } { $table }, raundi { $round }.
history-share-alt = Picha inayosonga ya meza ya { $game }, hatua { $steps } kutoka kugawa hadi mwisho wa raundi.
