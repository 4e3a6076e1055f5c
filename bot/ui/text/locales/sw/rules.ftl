# Kiswahili: the rules pages' own words (en/rules.ftl). The pages are rules/sw/<game>.md.
rules-overview = Muhtasari
rules-menu-placeholder = Chagua sehemu ya sheria
rules-previous = ◀ Nyuma
rules-next = Mbele ▶
rules-choose-below = *Chagua sehemu ya sheria kwenye menyu hapa chini, au pitia kurasa kwa ▶.*
rules-no-page = Bado hakuna ukurasa wa sheria za { $title }.
rules-part = { $heading } ({ $number }/{ $parts })
