"""Forbidden pairs (issue 17): players who must not be paired with each other, such as family
members, or two players of one club in the first rounds of a club championship.

They are absolute for the pairing, as in bbpPairings (TRF 260): a round is paired without them
meeting, or not at all, and the error names the pairs that block it. Set by hand (``avoid.csv``,
:func:`add_avoidance`), or by rule for the first K rounds (the settings
``avoid_same_club_rounds`` and ``avoid_same_federation_rounds``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Avoidance, Tournament
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.guards import find_player, not_finalised

__all__ = ["add_avoidance", "remove_avoidance", "parse_rounds", "describe", "forbidding"]


def parse_rounds(text: str | None, last: int | None) -> tuple[int | None, int | None]:
    """``--rounds A-B`` (or ``A`` alone, or ``A-`` to the end): the first and last round."""
    if text is None:
        return None, None
    first, dash, end = text.strip().partition("-")
    try:
        low = int(first) if first else None
        high = int(end) if end else (None if dash else low)
    except ValueError:
        raise BadArgument(f"{text!r} is not a round range such as 1-3", field="rounds") from None
    for value in (low, high):
        if value is not None and not 1 <= value <= (last or 99):
            raise BadArgument(f"round {value} is not a round of the event (1 to {last or 99})", field="rounds")
    if low is not None and high is not None and low > high:
        raise BadArgument(f"{text!r}: the first round is after the last", field="rounds")
    return low, high


def describe(avoidance: Avoidance, tournament: Tournament) -> str:
    names = ", ".join(f"{p} {tournament.by_number[p].name}" for p in avoidance.players if p in tournament.by_number)
    rounds = ("every round" if avoidance.first is None and avoidance.last is None else
              f"rounds {avoidance.first or 1}-{avoidance.last or tournament.settings.rounds or ''}".rstrip("-"))
    return f"{names} ({rounds})"


def add_avoidance(tournament: Tournament, players: Sequence[int], first: int | None = None,
                  last: int | None = None) -> tuple[Tournament, Avoidance, list[Change]]:
    """No two of ``players`` are paired with each other in rounds ``first`` to ``last``."""
    not_finalised(tournament)
    if tournament.settings.system.is_round_robin:
        raise Refused("a round robin's pairings come from the Berger tables: forbidden pairs are for a Swiss")
    numbers = list(dict.fromkeys(players))
    if len(numbers) < 2:
        raise BadArgument("name at least two different players", field="PLAYER")
    for number in numbers:
        find_player(tournament, number)
    following = tournament.last_round + 1
    if last is not None and last < following:
        raise Refused(f"rounds up to {last} are paired already; a forbidden pair counts from round {following}")
    avoidance = Avoidance(tuple(numbers), first, last)
    current = tournament.rounds[-1] if tournament.rounds else None
    if current is not None and (first or 1) <= current.number <= (last or current.number):
        meeting = next((g for g in current.games if set(g.players) <= set(numbers)), None)
        if meeting is not None:
            raise Refused(f"{meeting.white} and {meeting.black} meet in round {current.number} (board "
                          f"{meeting.board}), which is paired: unpair it first ('arbiter unpair'), or forbid the "
                          f"pair from round {following} (--rounds {following}-)")
    same = next((a for a in tournament.avoid if set(a.players) == set(numbers) and (a.first, a.last) == (first, last)),
                None)
    if same is not None:
        raise Refused(f"already forbidden: {describe(same, tournament)}")
    after = replace(tournament, avoid=(*tournament.avoid, avoidance))
    return after, avoidance, [Change("forbidden pair", "", describe(avoidance, tournament))]


def remove_avoidance(tournament: Tournament, index: int) -> tuple[Tournament, Avoidance, list[Change]]:
    """Remove the forbidden pair on line ``index`` of ``avoid list`` (1 first)."""
    not_finalised(tournament)
    if not 1 <= index <= len(tournament.avoid):
        raise BadArgument(f"there is no forbidden pair {index} ('arbiter avoid list' numbers them, 1 to "
                          f"{len(tournament.avoid)})", field="N")
    gone = tournament.avoid[index - 1]
    after = replace(tournament, avoid=tuple(a for i, a in enumerate(tournament.avoid, start=1) if i != index))
    return after, gone, [Change("forbidden pair", describe(gone, tournament), "")]


def forbidding(tournament: Tournament, round_number: int, pair: tuple[int, int]) -> list[str]:
    """Where the rule that ``pair`` may not meet in the round comes from: an ``avoid list`` entry
    (by its number), or a setting (one club, one federation, in the first K rounds)."""
    one, two = pair
    found = [f"avoid {index}" for index, avoidance in enumerate(tournament.avoid, start=1)
             if avoidance.applies_in(round_number) and {one, two} <= set(avoidance.players)]
    settings = tournament.settings
    first, second = tournament.by_number.get(one), tournament.by_number.get(two)
    for rounds, key, setting in ((settings.avoid_same_club_rounds, "club", "avoid_same_club_rounds"),
                                 (settings.avoid_same_federation_rounds, "federation", "avoid_same_federation_rounds")):
        if round_number <= rounds and first is not None and second is not None:
            value, other = getattr(first, key), getattr(second, key)
            if value and other and value.casefold() == other.casefold():
                found.append(f"{setting}: {key} {value}")
    return found
