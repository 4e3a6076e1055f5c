# Misimu (bot/ui/text/seasons.py): /standings season na /leaderboard season:.
# "Manage Server" ni jina la Discord la ruhusa hiyo, na "all" ndilo neno analoandika mwanachama.

season-not-manager = Ni mwanachama mwenye Manage Server tu anayeweza kubadilisha misimu ya seva hii.
season-not-saved = Misimu haikuweza kubadilishwa sasa hivi; hakuna kilichobadilika, jaribu tena.
season-started = Msimu { $season } wa { $title } umeanza: viwango vyake vinaanza upya, na /leaderboard season:{ $previous } bado inaonyesha msimu uliopita.
season-monthly-on = Msimu mpya wa { $title } utaanza na raundi ya kwanza ya kila mwezi (UTC).
season-monthly-off = Misimu ya { $title } sasa inabadilika tu mwanachama mwenye Manage Server anapoanzisha msimu.
season-unknown = Hakuna msimu { $text } wa { $title } hapa: sema namba kutoka 1 hadi { $current }, au { $all } kwa nyakati zote.
season-board-all-time = Ubao wa viongozi wa { $title } · nyakati zote
season-board = Ubao wa viongozi wa { $title } · msimu { $season }
season-board-current = Ubao wa viongozi wa { $title } · msimu { $season } (wa sasa)
season-since = Tangu { $started }.
season-between = Kuanzia { $started } hadi { $ended }.
season-list-title = **Misimu ya { $title }**
season-list-since = Msimu { $season }{ $now ->
    [yes] {" "}(wa sasa)
   *[no] {""}
  }: tangu { $started }
season-list-between = Msimu { $season }: kuanzia { $started } hadi { $ended }
season-list-until = Msimu { $season }: kila raundi hadi { $ended }
season-list-always = Msimu { $season }{ $now ->
    [yes] {" "}(wa sasa)
   *[no] {""}
  }: kila raundi hadi sasa
season-list-monthly = Msimu mpya unaanza na raundi ya kwanza ya kila mwezi (UTC).
season-list-by-hand = Msimu mpya unaanza tu mwanachama mwenye Manage Server anapouanzisha.
