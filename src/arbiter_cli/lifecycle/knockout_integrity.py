"""Is a knockout event sound (issue 18)? Checked when its folder is read and before it is written.

* the bracket holds every player once, in a power of two of slots, and no two empty slots meet;
* round 1's matches are the bracket's slots 1-2, 3-4, ...; each later round's match ``m`` the
  winners of the matches ``2m-1`` and ``2m`` before it; a slot whose match before it has no winner
  (a correction reopened it after the round was paired) is empty, and its match waits for it, with
  no game and no forfeit;
* a match's games are numbered 1, 2, ... through its stages, each between its two players, with
  the stage their number gives, and only as many as the match's state calls for.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.lifecycle.knockout import decision
from arbiter_cli.pairing.knockout import fed_by, feeds, first_round_pairs, next_round_pairs
from arbiter_cli.pairing.knockout_match import stage_of

__all__ = ["KnockoutProblem", "knockout_problems"]


@dataclass(frozen=True)
class KnockoutProblem:
    """A problem: in the bracket (round 0) or a round's match (and game), and what is wrong."""

    round: int
    match: int | None
    message: str
    game: int | None = None


def knockout_problems(tournament: KnockoutTournament) -> list[KnockoutProblem]:
    out: list[KnockoutProblem] = []
    bracket = tournament.bracket
    if not bracket:
        if tournament.rounds:
            out.append(KnockoutProblem(0, None, "the rounds are paired but the bracket is empty"))
        return out
    numbers = sorted(p.start_number for p in tournament.players)
    if len(bracket) < 2 or len(bracket) & (len(bracket) - 1):
        out.append(KnockoutProblem(0, None, f"{len(bracket)} slots: a bracket has a power of two slots"))
    if sorted(s for s in bracket if s is not None) != numbers:
        out.append(KnockoutProblem(0, None, "the bracket must hold every player once"))
    if len(bracket) % 2 == 0 and any(a is None and b is None for a, b in first_round_pairs(bracket)):
        out.append(KnockoutProblem(0, None, "two empty slots meet in round 1"))
    if out:
        return out
    expected = first_round_pairs(bracket)
    for rnd in tournament.rounds:
        if rnd.number > tournament.total_rounds:
            out.append(KnockoutProblem(rnd.number, None, f"the bracket has {tournament.total_rounds} rounds"))
            break
        if [(m.first, m.second) for m in rnd.matches] != expected:
            found = next((m.number for m, pair in zip(rnd.matches, expected) if (m.first, m.second) != pair), None)
            out.append(KnockoutProblem(rnd.number, found, f"round {rnd.number} must have the {len(expected)} matches "
                                       + ("of the bracket" if rnd.number == 1 else "of the winners before it")))
            break
        for match in rnd.matches:
            for position, game in enumerate(match.games, 1):
                if game.game != position:
                    out.append(KnockoutProblem(rnd.number, match.number, f"expected game {position}", position))
                    break
                if sorted(game.players) != sorted(match.players) or len(match.players) != 2:
                    out.append(KnockoutProblem(rnd.number, match.number,
                                               "a game is played between the match's two players", game.game))
                    break
                try:
                    _, stage = stage_of(tournament.knockout, game.game)
                except ValueError as error:
                    out.append(KnockoutProblem(rnd.number, match.number, str(error), game.game))
                    break
                if game.stage != stage.kind:  # the games as played, or the settings edited since
                    settings = tournament.knockout
                    setting = (f"games_per_match = {settings.games_per_match}" if game.game <= settings.games_per_match
                               or game.stage == "main" else
                               "tiebreak_stages = [" + ", ".join(f'"{s}"' for s in settings.tiebreak_stages) + "]")
                    out.append(KnockoutProblem(rnd.number, match.number,
                                               f"game {game.game} is a {game.stage} game here, but tournament.toml "
                                               f"makes it a {stage.kind} game ({setting}); the knockout's games "
                                               "cannot change once round 1 is paired", game.game))
                    break
        if out or rnd.number == tournament.last_round:  # the winners of unsound matches mean nothing
            break
        states = [decision(tournament, m) for m in rnd.matches]
        later = tournament.rounds[rnd.number]
        for match, state in zip(rnd.matches, states):
            fed, side = feeds(match.number)
            if state.decided or fed > len(later.matches):
                continue
            waits = later.matches[fed - 1]
            if (waits.first, waits.second)[side] is not None:
                out.append(KnockoutProblem(rnd.number, match.number, f"round {rnd.number + 1} is paired before this "
                                           "match has a winner"))
            elif waits.games or waits.forfeit is not None or match.number not in waits.waiting:
                out.append(KnockoutProblem(rnd.number + 1, fed, f"this match waits for the winner of round "
                                           f"{rnd.number} match {match.number}, so it can have no game yet"))
        for waits in later.matches:
            for feeder in waits.waiting:
                if feeder not in fed_by(waits.number) or feeder > len(states) or states[feeder - 1].decided:
                    out.append(KnockoutProblem(rnd.number + 1, waits.number, f"this match waits for round "
                                               f"{rnd.number} match {feeder}, which is not a match before it "
                                               "without a winner"))
        if out:
            break
        expected = next_round_pairs([s.winner if s.decided else None for s in states])
    return out
