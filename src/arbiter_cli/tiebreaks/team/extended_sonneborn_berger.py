"""Extended Sonneborn-Berger: ESB, EMMSB, EMGSB, EGMSB, EGGSB (C.07 Art. 13.2).

``EXYSB`` is the sum over the rounds of the opponent's final X score times the
Y score the team made against that opponent (X, Y: M for match points, G for
game points): EMGSB is the opponents' MP times the GP scored against them.
``ESB`` is the primary score times the primary score. ``/Cn`` and ``/Mn`` cut as
for SB (Art. 14, with the exception of 16.5), ``/P`` counts forfeits as games.

The opponent's score is its adjusted X score (Art. 16.3), read from the
individual event on X (:mod:`.event`), and the team's own unplayed rounds are
games against the dummy of Art. 16.4, exactly as SB does for a player: the
dummy has the team's own final X score (2024 rules), capped from 1 Mar 2026 at
the scheduled opponent's adjusted score for a forfeit (16.4.1) and at a draw's
X points times the rounds otherwise (16.4.2, "for teams, this applies to both
MP and GP").

**A PAB in ESB: counted, against the dummy.** A pairing-allocated bye is an
unplayed round of category 16.2.1. Art. 16 governs the BH and SB families "and
ESB" (fide-rules.md §6.5), and 16.4 makes every unplayed round of the
participant's own a game against a dummy opponent whose result is the points
actually awarded: for SB "a PAB contributes score × 1" (§6.5). So the PAB
round of a team adds dummy's X score × the Y points the PAB gave (a drawn
match by default, C.04.6 1.4: 1 MP, half the boards in GP). Nothing in Art. 13.2
or Art. 16 exempts the PAB round from 16.4: leaving it out (as the tiebreak-core
package does) would give the team nothing in ESB for a round in which it
scored, and treat ESB unlike SB. FIDE's engine, gacrux, counts it the same way. Pinned by
``test_esb_counts_a_pab_against_the_dummy_art_16_4``.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.team import PrimaryScore
from arbiter_cli.tiebreaks.team.codes import TeamSpec
from arbiter_cli.tiebreaks.team.event import TeamView
from arbiter_cli.tiebreaks.unplayed import Contribution, contributions
from arbiter_cli.tiebreaks.whole import as_fractions, whole_contributions, whole_cut

__all__ = ["esb_scores", "extended_contributions", "extended_sonneborn_berger"]

_LETTER: dict[str, PrimaryScore] = {"M": "MP", "G": "GP"}


def esb_scores(view: TeamView, base: str) -> tuple[PrimaryScore, PrimaryScore]:
    """(the opponents' score, the score against them) of an ESB code.

    >>> from arbiter_cli.core.team import TeamEvent, TeamScoring
    >>> view = TeamView(TeamEvent((), {}, 0, TeamScoring(boards=4, primary="GP")))
    >>> esb_scores(view, "EMGSB"), esb_scores(view, "ESB")
    (('MP', 'GP'), ('GP', 'GP'))
    """
    if base == "ESB":
        return view.primary, view.primary
    return _LETTER[base[1]], _LETTER[base[2]]


def extended_contributions(view: TeamView, number: int, base: str, forfeits_played: bool = False
                           ) -> list[Contribution]:
    """What each round adds to a team's ESB: the (adjusted or dummy) opponent's X score and the
    product with the team's Y score in that round."""
    opponents, own = esb_scores(view, base)
    by_round = {entry.round: entry for entry in view.entries(number)}
    own_event = view.on(own)
    result = []
    for c in contributions(view.on(opponents), number, product=False, forfeits_played=forfeits_played):
        points = by_round[c.round].score(own) if c.round in by_round else own_event.slot(number, c.round).points
        result.append(Contribution(c.round, c.score, c.score * points, c.vur))
    return result


def extended_sonneborn_berger(view: TeamView, spec: TeamSpec) -> dict[int, Fraction]:
    """ESB and its four variants (Art. 13.2), with the cuts of Art. 14 and 16.5.

    The values of :func:`extended_contributions`, added up in whole numbers: the opponents' scores
    in the unit of their event, the team's in its own's (issue 29)."""
    opponents, own = esb_scores(view, base=spec.base)
    scores_event, own_event = view.on(opponents), view.on(own)
    own_units = own_event.round_units
    low, high = spec.spec.cut_low, spec.spec.cut_high
    sums: dict[int, int] = {}
    for number, whole in whole_contributions(scores_event, False, spec.spec.forfeits_played).items():
        mine = own_units[number]
        products = [score * mine[index] for score, index in zip(whole.scores, whole.rounds)]
        sums[number] = whole_cut(whole.scores, products, whole.vurs, low, high, view.rules)
    return as_fractions(sums, scores_event.unit * own_event.unit)
