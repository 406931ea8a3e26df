"""Tie-breaks (FIDE C.07, individual events).

Each tie-break lives in a small module found by its FIDE code:

=========================================  ======================================
code                                       module
=========================================  ======================================
``DE``                                     :mod:`.direct_encounter` (Art. 6)
``WIN`` ``WON`` ``BPG`` ``BWG`` ``REP``    :mod:`.games` (Art. 7.1-7.4, 7.6)
``PS``                                     :mod:`.progressive_score` (Art. 7.5)
``STD``                                    :mod:`.standard_points` (Art. 7.7)
``TPN``                                    :mod:`.pairing_number` (Art. 7.8)
``BH`` ``FB`` ``AOB``                      :mod:`.buchholz` (Art. 8)
``SB``                                     :mod:`.sonneborn_berger` (Art. 9.1)
``KS``                                     :mod:`.koya` (Art. 9.2)
``ARO`` ``TPR`` ``PTP`` ``APRO`` ``APPO``  :mod:`.ratings` (Art. 10), tables in
``RTNG``                                   :mod:`.rating_tables` (B.02 8.1)
=========================================  ======================================

The team tie-breaks (Arts. 11-13) are in :mod:`.team`, one module per article,
reading a team event as an individual event of teams. The unplayed-round rules
(Art. 15-16) are in :mod:`.unplayed`, the ranking of
Art. 4.2 in :mod:`.ranking`, the event every tie-break reads in :mod:`.event`.
The codes, their modifiers, the rule editions and the default lists are the
core's vocabulary (:mod:`arbiter_cli.core.tiebreak_codes`); this package reads
only the :class:`.event.Event` built for it and imports nothing above the core.
"""
