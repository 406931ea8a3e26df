"""Player state for the Dutch system: preferences, floats, PAB eligibility, colour rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_cli.pairing.dutch.colours import allocate_colours
from arbiter_cli.core.outcome import Outcome, RoundEntry
from arbiter_cli.pairing.dutch.state import (
    Entrant, PairingRequest, PlayerState, Strength, derive_states,
)
from arbiter_cli.trf import parse_trf
from arbiter_cli.trf.swiss import request_from_trf

from conftest import shared_file


def state(colours: str, tpn: int = 1, score: Fraction = Fraction(0)) -> PlayerState:
    return PlayerState(tpn, score, tuple(colours), (), frozenset(), True, 0)


@pytest.mark.parametrize("colours,expected", [
    ("", (None, Strength.NONE)),
    ("wb", ("w", Strength.MILD)),
    ("bw", ("b", Strength.MILD)),
    ("w", ("b", Strength.STRONG)),
    ("wbb", ("w", Strength.ABSOLUTE)),
    ("bwb", ("w", Strength.STRONG)),
    ("ww", ("b", Strength.ABSOLUTE)),
    ("bwbb", ("w", Strength.ABSOLUTE)),   # the same colour twice in a row
    ("wwbbb", ("w", Strength.ABSOLUTE)),  # CD = -1 with the last two Black
    ("wbwwb", ("b", Strength.STRONG)),
    ("wwbwbw", ("b", Strength.ABSOLUTE)),  # CD = +2
])
def test_colour_preference_follows_article_1_7(colours: str, expected) -> None:
    assert state(colours).preference == expected


def test_first_round_colours_follow_5_2_5() -> None:
    """fide-rules.md §1.6: N = 8, initial colour White gives 1-5, 6-2, 3-7, 8-4."""
    pairs = [allocate_colours(state("", k), state("", k + 4), "w")[:2] for k in range(1, 5)]
    assert pairs == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert allocate_colours(state("", 1), state("", 5), "w")[2] == "5.2.5"


def test_colour_rules_in_order() -> None:
    assert allocate_colours(state("w", 1), state("b", 2), "w")[:2] == (2, 1)  # 5.2.1
    assert allocate_colours(state("wb", 1), state("bb", 2), "w") == (2, 1, "5.2.2")
    # the same strong preference (White): alternate from the last round their colours differed
    assert allocate_colours(state("bwb", 1), state("bbw", 2), "w") == (1, 2, "5.2.3")
    assert allocate_colours(state("wb", 1), state("wb", 2), "w") == (1, 2, "5.2.4")


_GAMES = {Fraction(1): Outcome.WIN, Fraction(1, 2): Outcome.DRAW, Fraction(0): Outcome.LOSS}


def RoundRecord(kind: str, points: Fraction, opponent: int | None = None, colour: str | None = None) -> RoundEntry:
    """An earlier round from a short spec ("game" takes its outcome from the points)."""
    outcome = _GAMES[points] if kind == "game" else Outcome[kind.upper()]
    return RoundEntry(0, outcome, points, opponent, colour)  # type: ignore[arg-type]


def test_floats_and_pab_eligibility_follow_the_2026_wording() -> None:
    one, half, zero = Fraction(1), Fraction(1, 2), Fraction(0)
    entrants = (
        Entrant(1, (RoundRecord("game", one, 2, "w"), RoundRecord("pab", one))),
        Entrant(2, (RoundRecord("game", zero, 1, "b"), RoundRecord("hpb", half))),
        Entrant(3, (RoundRecord("zpb", zero), RoundRecord("game", one, 4, "b"))),
        Entrant(4, (RoundRecord("forfeit_win", one, 5), RoundRecord("game", zero, 3, "w"))),
        Entrant(5, (RoundRecord("forfeit_loss", zero, 4), RoundRecord("zpb", zero))),
    )
    states = derive_states(PairingRequest(entrants, 3, 5, "w"))
    assert states[1].floats == (None, "down") and not states[1].pab_eligible
    assert states[2].floats == (None, "down") and states[2].pab_eligible  # HPB floats, allows a PAB
    assert states[3].floats == (None, "up")  # 0 against 1 point
    assert states[4].floats == ("down", "down") and not states[4].pab_eligible
    assert states[5].floats == (None, None) and states[5].unplayed == 2
    assert states[1].opponents == {2} and states[4].opponents == {3}
    assert states[2].score == Fraction(1, 2)


def test_a_corpus_case_becomes_a_request() -> None:
    path = shared_file("corpus/dutch-2026/cases/n0006_R05_s0289393017_r05.trf")
    request = request_from_trf(parse_trf(path.read_text()))
    assert request.round_number == 5 and request.total_rounds == 5
    assert [e.tpn for e in request.entrants if not e.present] == [3]
    states = derive_states(request)
    assert states[1].score == Fraction(7, 2) and not states[4].pab_eligible


def test_generated_tournaments_are_reproducible_and_pass_our_checker(tmp_path) -> None:
    import subprocess
    import sys

    from arbiter_cli.trf.generate import generate_tournament

    text = generate_tournament(16, 5, seed=7, bye_rate=0.1, forfeit_rate=0.1)
    assert text == generate_tournament(16, 5, seed=7, bye_rate=0.1, forfeit_rate=0.1)
    path = tmp_path / "g.trf"
    path.write_text(text)
    checked = subprocess.run([sys.executable, "-m", "arbiter_cli", "trf", "check", str(path)],
                             capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("identical") == 5
