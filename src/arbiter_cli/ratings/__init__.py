"""Club ratings by the FIDE rating regulations (B.02), applied to a club's own events.

* :mod:`.elo`: the tables and formulas (expected score from table 8.1.2, the
  400-point rule, K, the rounding of 8.3.4, the performance rating of 8.1.1);
* :mod:`.ledger`: rating one tournament, and replaying every finalised club
  tournament in order from the initial ratings.

Pure functions over plain values: no files, no terminal.
"""
