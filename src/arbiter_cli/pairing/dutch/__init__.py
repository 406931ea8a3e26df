"""The FIDE Dutch system, C.04.3 as applied from 1 Feb 2026 (criteria C1-C21).

* :mod:`.state` derives each player's score, colour preference, floats and PAB
  eligibility (Art. 1; C.04.2 3.4);
* :mod:`.engine` pairs the round (Art. 2-4) as a weighted matching;
* :mod:`.colours` allocates colours (Art. 5.2).
"""

from arbiter_cli.pairing.dutch.engine import DutchResult, NoValidPairing, pair_round
from arbiter_cli.pairing.dutch.state import Entrant, PairingRequest

__all__ = ["DutchResult", "NoValidPairing", "pair_round", "Entrant", "PairingRequest"]
