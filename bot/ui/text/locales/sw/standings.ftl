# /leaderboard na /stats (bot/ui/text/standings.py).
standings-unrated = bila kiwango
standings-rating = kiwango **{ $ordinal }** (μ { $mu } ± { $sigma })
standings-figures = ushindi { $wins } katika { $rounds ->
    [one] raundi { $rounds }
   *[other] raundi { $rounds }
} · nafasi ya wastani { $average }
standings-donkey = Punda mara { $losses }
standings-points = pointi { $points }
standings-not-rated = Bado hana kiwango: viwango vinatoka kwenye raundi zenye binadamu { $humans } au zaidi.
standings-stats-rating = Kiwango **{ $ordinal }** = μ − 3σ, μ { $mu } ± σ { $sigma } · { $rounds ->
    [one] raundi { $rounds } iliyopimwa
   *[other] raundi { $rounds } zilizopimwa
}
standings-place = { $form ->
   *[other] wa { $place }
} ×{ $count }
standings-finished = Nafasi alizomaliza: { $places }
standings-board-empty-all = Hakuna aliyecheza raundi { $rounds } bado.
standings-board-empty = Hakuna aliyecheza raundi { $rounds } zenye binadamu { $humans } au zaidi bado (jaribu include_computer_rounds).
standings-board-rule = Kiwango cha OpenSkill, μ − 3σ, kutoka kwenye raundi zenye binadamu { $humans } au zaidi; anaorodheshwa baada ya raundi { $rounds }.
standings-board-computers-only-with = Raundi zenye wachezaji wa kompyuta zinahesabiwa tu kwa include_computer_rounds.
standings-board-computers-too = Raundi zenye wachezaji wa kompyuta zinahesabiwa pia.
standings-stats-title = Msimamo wa { $name }
standings-stats-empty = Hakuna raundi iliyochezwa kwenye seva hii bado.
standings-chart-footer = Chati: kiwango (μ − 3σ) baada ya kila raundi iliyopimwa ya mwisho.
# Drawn in the /stats chart (its font has plain Latin letters only).
standings-chart-rounds = { $rounds ->
    [one] raundi ya mwisho iliyopimwa
   *[other] raundi { $rounds } za mwisho zilizopimwa
}
standings-chart-axis = kiwango (mu - 3 sigma)
