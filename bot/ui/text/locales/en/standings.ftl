# /leaderboard and /stats (bot/ui/text/standings.py). $ordinal, $mu, $sigma, $average: formatted already.
standings-unrated = unrated
standings-rating = rating **{ $ordinal }** (μ { $mu } ± { $sigma })
standings-figures = { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} in { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
} · average rank { $average }
standings-donkey = Donkey { $losses }×
standings-points = { $points } points
standings-not-rated = Not rated yet: ratings come from rounds with at least { $humans } humans.
standings-stats-rating = Rating **{ $ordinal }** = μ − 3σ with μ { $mu } ± σ { $sigma } · { $rounds ->
    [one] { $rounds } rated round
   *[other] { $rounds } rated rounds
}
# $form: the place's CLDR ordinal category (one, two, few, other); $count: how many times.
standings-place = { $form ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
} ×{ $count }
standings-finished = Finished: { $places }
standings-board-empty-all = Nobody has played { $rounds } rounds yet.
standings-board-empty = Nobody has played { $rounds } rounds with at least { $humans } humans yet (try include_computer_rounds).
standings-board-rule = OpenSkill rating, μ − 3σ, from rounds with at least { $humans } humans; listed after { $rounds } rounds.
standings-board-computers-only-with = Rounds with computer players count only with include_computer_rounds.
standings-board-computers-too = Counting rounds with computer players too.
standings-stats-title = { $name }'s standing
standings-stats-empty = No rounds played on this server yet.
standings-chart-footer = The chart: rating (μ − 3σ) after each of the last rated rounds.
# Drawn in the /stats chart (its font has plain Latin letters only).
standings-chart-rounds = { $rounds ->
    [one] last rated round
   *[other] last { $rounds } rated rounds
}
standings-chart-axis = rating (mu - 3 sigma)
