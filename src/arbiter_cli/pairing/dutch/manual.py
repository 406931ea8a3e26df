"""A pairing made or changed by hand, checked against the Dutch criteria (C.04.1, C.04.3).

An arbiter may change a pairing (C.04.1: the change is the arbiter's responsibility). Before it is
saved it is checked with the same states and brackets the engine and ``--explain`` use:

* **absolute criteria** (C.04.3 Art. 2.1): C1 no second meeting; C2 no second PAB (nor a PAB for
  a player who already scored a win without playing); C3 no two players with the same absolute
  colour preference (except topscorers in the last round); a forbidden pair; and a player with an
  absolute colour preference given the other colour; a player whose game of the round before is still
  being played (C.04.2 3.1, the federation's rule) floated or given the PAB. These refuse the change
  unless it is forced.
* **quality criteria**, bracket by bracket of the engine's own pairing: the pairing score
  differences (C6-C8), colour preferences not granted (C12, C13) and repeated floats (C14-C17),
  each listed where the change does worse than the engine, with the engine's pairing of that
  bracket beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbiter_cli.core.points import format_points
from arbiter_cli.core.words import listed
from arbiter_cli.pairing.dutch.engine import DutchResult
from arbiter_cli.pairing.dutch.state import PairingRequest, PlayerState, Strength, derive_states

__all__ = ["ManualCheck", "check_manual_pairing"]


@dataclass(frozen=True)
class ManualCheck:
    """What a pairing by hand breaks: the absolute criteria (refused unless forced), the quality
    criteria where it does worse than the engine (listed), and structural errors (never allowed:
    a player twice, a present player left out, an absent player paired)."""

    errors: tuple[str, ...]
    absolute: tuple[str, ...]
    quality: tuple[str, ...]


def _label(pair: tuple[int, int]) -> str:
    return f"{pair[0]}-{pair[1]}"


def _float_of(states: dict[int, PlayerState], player: int, opponent: int) -> str | None:
    own, other = states[player].score, states[opponent].score
    return "down" if own > other else "up" if own < other else None


def _metrics(pairs: Sequence[tuple[int, int]], states: dict[int, PlayerState], rounds: int) -> dict[str, Fraction]:
    """The quality measures of a set of (White, Black) pairs."""
    values: dict[str, Fraction] = {"C6-C8 pairing score differences": Fraction(0),
                                   "C12 colour preferences not granted": Fraction(0),
                                   "C13 strong or absolute preferences not granted": Fraction(0)}
    for back, down, up in ((1, "C14", "C15"), (2, "C16", "C17")):
        if rounds >= back:
            values[f"{down} players floating down again"] = Fraction(0)
            values[f"{up} players floating up again"] = Fraction(0)
    for white, black in pairs:
        values["C6-C8 pairing score differences"] += abs(states[white].score - states[black].score)
        for player, colour, opponent in ((white, "w", black), (black, "b", white)):
            preference, strength = states[player].preference
            if preference is not None and preference != colour:
                values["C12 colour preferences not granted"] += 1
                if strength >= Strength.STRONG:
                    values["C13 strong or absolute preferences not granted"] += 1
            now = _float_of(states, player, opponent)
            for back, down, up in ((1, "C14", "C15"), (2, "C16", "C17")):
                if now is not None and rounds >= back and states[player].floats[rounds - back] == now:
                    values[f"{down if now == 'down' else up} players floating {now} again"] += 1
    return values


def check_manual_pairing(request: PairingRequest, pairs: Sequence[tuple[int, int]], bye: int | None,
                         engine: DutchResult | None) -> ManualCheck:
    """Check ``pairs`` (White, Black) and ``bye`` for the round of ``request``; ``engine`` is the
    engine's own pairing of the round (None when there is none), for the quality comparison."""
    states = derive_states(request)
    present = {e.tpn for e in request.entrants if e.present}
    rounds = request.round_number - 1
    last_round = rounds >= request.total_rounds - 1
    threshold = rounds * request.win / 2
    errors: list[str] = []
    seen: dict[int, str] = {}
    for pair in pairs:
        for player in pair:
            if player in seen:
                errors.append(f"player {player} is paired twice ({seen[player]} and {_label(pair)})")
            if player not in present:
                errors.append(f"player {player} is not in this round (absent, withdrawn, or unknown)")
            seen[player] = _label(pair)
        if pair[0] == pair[1]:
            errors.append(f"player {pair[0]} is paired with themself")
    if bye is not None:
        if bye in seen:
            errors.append(f"player {bye} has the PAB and a game ({seen[bye]})")
        if bye not in present:
            errors.append(f"player {bye} is not in this round")
        seen[bye] = "the PAB"
    missing = sorted(present - set(seen))
    if missing:
        errors.append(f"not paired: {listed(missing)}")
    if len(present) % 2 and bye is None and not missing:
        errors.append("an odd number of players needs a PAB")
    absolute: list[str] = []
    forbidden = {(min(a, b), max(a, b)) for a, b in request.forbidden}
    for white, black in pairs:
        if white not in states or black not in states:
            continue
        a, b = states[white], states[black]
        if black in a.opponents:
            absolute.append(f"C1: {white} and {black} have met before")
        held = [p for p in (white, black) if p in request.pab_ineligible]
        if (min(white, black), max(white, black)) in forbidden and held and a.score != b.score:
            absolute.append(f"float: {held[0]}'s game of the round before is still being played, so "
                            f"{held[0]} is paired within their score group only (C.04.2 3.1)")
        elif (min(white, black), max(white, black)) in forbidden:
            absolute.append(f"forbidden pair: {white} and {black} may not meet in this round")
        topscorer = last_round and (a.score > threshold or b.score > threshold)
        (pa, sa), (pb, sb) = a.preference, b.preference
        if sa == sb == Strength.ABSOLUTE and pa == pb and not topscorer:
            absolute.append(f"C3: {white} and {black} both have an absolute preference for "
                            f"{'White' if pa == 'w' else 'Black'}")
        elif not topscorer:
            for player, colour, (preference, strength) in ((white, "w", a.preference), (black, "b", b.preference)):
                if strength == Strength.ABSOLUTE and preference != colour:
                    absolute.append(f"colour: {player} must have {'White' if preference == 'w' else 'Black'} "
                                    "(an absolute preference, C.04.3 1.7.1)")
    if bye is not None and bye in request.pab_ineligible:
        absolute.append(f"PAB: {bye}'s game of the round before is still being played, so {bye} gets no PAB "
                        "(C.04.2 3.1)")
    elif bye is not None and bye in states and not states[bye].pab_eligible:
        absolute.append(f"C2: {bye} already had a PAB, or scored a win without playing")
    quality: list[str] = []
    if engine is not None and not errors and bye != engine.bye and bye in states and engine.bye in states:
        # C5 (the PAB to the lowest score possible) and C9 (fewest unplayed rounds): whom it goes to
        quality.append(f"PAB to {bye} ({format_points(states[bye].score)} points); the engine's to {engine.bye} "
                       f"({format_points(states[engine.bye].score)} points)")
    if engine is not None and not errors:
        placed = {p: (w, b) for w, b in pairs for p in (w, b)}
        for number, bracket in enumerate(engine.brackets, start=1):
            members = {p for pair in bracket.pairs for p in pair}
            ours = sorted({placed[p] for p in members if p in placed})
            theirs = [(w, b) for w, b in engine.pairs if w in members or b in members]
            if sorted(ours) == sorted(theirs):
                continue
            mine, best = _metrics(ours, states, rounds), _metrics(theirs, states, rounds)
            worse = [f"{name} {format_points(mine[name])} (engine {format_points(best[name])})"
                     for name in mine if mine[name] > best.get(name, Fraction(0))]
            if worse:
                quality.append(f"bracket {number} (score {format_points(bracket.score)}): " + "; ".join(worse)
                               + f"; by hand {', '.join(map(_label, ours))}, the engine's "
                               + ", ".join(map(_label, theirs)))
    return ManualCheck(tuple(errors), tuple(absolute), tuple(quality))
