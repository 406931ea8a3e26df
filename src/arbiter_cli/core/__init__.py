"""The pure core: the typed model of a tournament and its vocabulary.

:mod:`.model` (settings, scoring, players, games, byes, rounds, the tournament),
:mod:`.results` (the codes of a board), :mod:`.outcome` (what a round was for a
player: the one vocabulary everything above reads), :mod:`.points` (exact
points), :mod:`.tpn` (start numbers), :mod:`.tiebreak_codes` (the C.07 codes),
:mod:`.csv_input` (a CSV file a person made), :mod:`.errors` (the domain
errors). Nothing here touches a file or a terminal.
"""
