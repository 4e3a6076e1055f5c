"""Words for players, made from the engines' data and nothing else (no Discord).

``illegal.sentence(err)`` is the one place an ``IllegalMove`` becomes the sentence a
player reads. Shared codes are worded in ``illegal.py``; each game's own codes in
``kadi.py``, ``karata.py`` and ``donkey.py`` beside it, merged into one registry.
"""
