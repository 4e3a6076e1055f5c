# A third language, only a handful of messages: the example of docs/i18n.md, "Adding a
# language". The tests load it with i18n.add_root; the bot never ships it.
answer-done = C'est fait.
answer-round-won = Vous avez gagné la manche !
answer-table-closed = La table est fermée.
answer-left = { $how ->
    [closed] Vous êtes parti, et la table est fermée : personne d'autre n'y était assis.
    [host] Vous avez quitté la table ; { $new_host ->
        [none] le joueur suivant
       *[other] { $new_host }
    } est l'hôte désormais.
    [lobby] Vous avez quitté la table.
    [over] Vous êtes parti, et la partie est finie : il ne restait aucun humain à la table.
   *[playing] Vous avez quitté la table ; un ordinateur joue vos cartes à votre place.
}
refusal-not-your-turn = Ce n'est pas votre tour : c'est celui de { $turn }.
refusal-table-full = La table est complète ({ $seats } places).
