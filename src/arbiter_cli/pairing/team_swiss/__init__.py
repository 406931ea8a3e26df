"""The Swiss Team Pairing System, FIDE C.04.6 as applied from 1 Feb 2026.

A different algorithm from the Dutch system: the PAB is assigned first; a bracket is the top
scoregroup plus a set of upfloaters taken in lexicographic order; the bracket's pairing is the
first identifier that best meets C8-C10; the colours are given afterwards, by rules none of which
is absolute.

* :mod:`.state` derives each team's scores, colours, floats and PAB eligibility (Art. 1);
* :mod:`.preferences` the colour preferences of Types A and B (1.7);
* :mod:`.criteria` C1-C10 (Art. 2); :mod:`.bye` the PAB (3.4); :mod:`.upfloaters` the sets of
  upfloaters in order (3.5); :mod:`.identifier` a bracket's pairing (3.6);
* :mod:`.engine` the process (3.3); :mod:`.colours` the colours (Art. 4); :mod:`.explain` why.
"""

from arbiter_cli.pairing.team_swiss.engine import Bracket, TeamPairing, pair_team_round
from arbiter_cli.pairing.team_swiss.preferences import ColourModel
from arbiter_cli.pairing.team_swiss.state import TeamEntrant, TeamSwissRequest

__all__ = ["Bracket", "TeamPairing", "pair_team_round", "ColourModel", "TeamEntrant", "TeamSwissRequest"]
