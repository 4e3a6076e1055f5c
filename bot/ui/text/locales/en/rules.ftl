# The rules pages' own words (bot/ui/text/rules/__init__.py): the menu, the buttons, the
# overview's hint. The pages themselves are markdown: rules/<game>.md, rules/<lang>/<game>.md.
rules-overview = Overview
rules-menu-placeholder = Choose a part of the rules
rules-previous = ◀ Back
rules-next = Next ▶
rules-choose-below = *Choose a part of the rules from the menu below, or page through them with ▶.*
rules-no-page = No rules page for { $title } yet.
# A part of a section too long for one message: "Special cards (1/2)" ($number and $parts as text).
rules-part = { $heading } ({ $number }/{ $parts })
