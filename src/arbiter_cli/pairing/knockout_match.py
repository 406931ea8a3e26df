"""Who goes through a knockout match, and which games it still needs (issue 18).

The federation's play-off rules: the one with more points goes through; on a tie, the tie-break
stages follow in order (:mod:`arbiter_cli.core.knockout_settings`), each compared on its own
games; an Armageddon draw counts as a win for Black; ``lower-rating`` sends the lower-rated
player through ("on a tie, the lower-rated player goes through"; on equal ratings the lower seed,
the higher start number, whose rating the seeding ranked lower; an unrated player's rating is 0,
the lowest: :data:`~arbiter_cli.core.knockout_settings.LOWER_RATING_RULE`). A player without an opponent
goes through; a match forfeit (a withdrawal before the match) sends the opponent through, a
double one nobody. A match whose deciding stage holds a game won by forfeit says so: ``forfeit``
(its own games: a whole match forfeited with ``result ROUND MATCH +/-`` is every one of them), or
``rapid forfeit`` for a tie-break stage. A match that waits for the winner of a match before it is
not decided.

Games are numbered through the match: the main games first, then each stage's, so a game's
number fixes its stage.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_cli.core.knockout import KnockoutGame, KnockoutMatch
from arbiter_cli.core.knockout_settings import KnockoutSettings, Stage
from arbiter_cli.core.model import Scoring
from arbiter_cli.core.results import GameResult
from arbiter_cli.pairing.knockout import armageddon_white, first_game_white, game_white

__all__ = ["Decision", "decide", "stage_of", "settle", "Colours"]


@dataclass(frozen=True)
class Decision:
    """A match as it stands: ``decided`` with its ``winner`` (None: nobody goes through), ``how``
    it was decided, the points of (first, second) over all its games (as played: an Armageddon draw
    is half a point each, though it sends Black through), and the stage whose games
    it needs next (None when decided, or waiting for results)."""

    decided: bool
    winner: int | None
    how: str
    score: tuple[Fraction, Fraction]
    needs: int | None = None  # the index of the stage whose games are to be added
    last_game: int | None = None  # the last game that counts, when games decided it


@dataclass(frozen=True)
class Colours:
    """What the colours of a match's games are drawn from."""

    seed: int
    round: int
    by_lot: bool


#: The results of a game not played: a stage decided with one of them was decided by forfeit.
_FORFEITS = frozenset({GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT})


def stage_of(settings: KnockoutSettings, game: int) -> tuple[int, Stage]:
    """The stage (index, stage) of a match's game ``game``; ValueError past the last stage."""
    first = 1
    for index, stage in enumerate(settings.stages):
        if first <= game < first + stage.games:
            return index, stage
        first += stage.games
    raise ValueError(f"game {game} is past the match's last stage")


def _first_game(settings: KnockoutSettings, index: int) -> int:
    return 1 + sum(s.games for s in settings.stages[:index])


def _points(game: KnockoutGame, scoring: Scoring, stage: Stage) -> tuple[Fraction, Fraction]:
    """(White, Black) points; Armageddon: a draw counts as a win for Black."""
    assert game.result is not None
    if stage.kind == "armageddon" and game.result is GameResult.DRAW:
        return scoring.loss, scoring.win
    return scoring.game_points(game.result)


def decide(match: KnockoutMatch, settings: KnockoutSettings, scoring: Scoring, ratings: Mapping[int, int]) -> Decision:
    """The state of ``match`` under the rules above (``ratings``: each player's rating)."""
    zero = (Fraction(0), Fraction(0))
    if match.waiting:  # a slot waits for the winner of a match before it: nothing is decided yet
        return Decision(False, None, "waiting", zero)
    if match.first is None or match.second is None:
        alone = match.first if match.first is not None else match.second
        if alone is not None and match.forfeit is not None:  # alone, but withdrawn: nobody goes through
            return Decision(True, None, "forfeit", zero)
        return Decision(True, alone, "bye" if alone is not None else "nobody", zero)
    first, second = match.first, match.second
    total = [Fraction(0), Fraction(0)]
    for game in match.games:  # the points the games gave: an Armageddon draw is a draw here (½-½)
        if game.result is not None:
            white, black = scoring.game_points(game.result)
            total[0 if game.white == first else 1] += white
            total[0 if game.black == first else 1] += black
    score = (total[0], total[1])
    if match.forfeit is not None:
        winner = {GameResult.WHITE_FORFEIT_WIN: first, GameResult.BLACK_FORFEIT_WIN: second}.get(match.forfeit)
        return Decision(True, winner, "forfeit", score)
    for index, stage in enumerate(settings.stages):
        if stage.kind == "lower-rating":
            a, b = ratings.get(first, 0), ratings.get(second, 0)
            return Decision(True, first if (a, -first) < (b, -second) else second, "lower rating", score)
        start = _first_game(settings, index)
        games = [match.game(n) for n in range(start, start + stage.games)]
        if all(g is None for g in games):
            return Decision(False, None, "", score, needs=index)
        if any(g is None or g.result is None for g in games):
            return Decision(False, None, "", score)
        points = {first: Fraction(0), second: Fraction(0)}
        for g in games:
            assert g is not None
            white, black = _points(g, scoring, stage)
            points[g.white] += white
            points[g.black] += black
        if points[first] != points[second]:
            how: str = "games" if index == 0 else stage.kind
            if any(g is not None and g.result in _FORFEITS for g in games):  # not decided over the board alone
                how = "forfeit" if index == 0 else f"{stage.kind} forfeit"
            return Decision(True, first if points[first] > points[second] else second, how, score,
                            last_game=start + stage.games - 1)
    return Decision(False, None, "tied after every stage: the arbiter decides", score)


def _stage_games(match: KnockoutMatch, settings: KnockoutSettings, index: int, colours: Colours) -> list[KnockoutGame]:
    assert match.first is not None and match.second is not None
    first, second = match.first, match.second
    stage = settings.stages[index]
    start = _first_game(settings, index)
    if stage.kind == "armageddon":
        white = armageddon_white(first, second, seed=colours.seed, round_number=colours.round, match=match.number)
        return [KnockoutGame(start, stage.kind, white, second if white == first else first)]
    opener = match.game(1)
    white_one = opener.white if opener is not None else first_game_white(
        first, second, by_lot=colours.by_lot, seed=colours.seed, round_number=colours.round, match=match.number)
    other = second if white_one == first else first
    out = []
    for number in range(start, start + stage.games):
        white = game_white(white_one, other, number)
        out.append(KnockoutGame(number, stage.kind, white, second if white == first else first))
    return out


def settle(match: KnockoutMatch, settings: KnockoutSettings, scoring: Scoring, ratings: Mapping[int, int],
           colours: Colours) -> tuple[KnockoutMatch, tuple[KnockoutGame, ...]]:
    """The match with the games its state calls for: the next stage's games added while it is tied,
    the games of stages it no longer reaches taken away (returned second, so that a caller can
    refuse to drop a game with a result)."""
    current = match
    while True:
        decision = decide(current, settings, scoring, ratings)
        if decision.needs is None:
            break
        current = replace(current, games=(*current.games, *_stage_games(current, settings, decision.needs, colours)))
    if not decision.decided:
        if any(g.result is None for g in current.games if g.game <= settings.games_per_match):
            # its own games still to play (a correction opened them again): no tie-break game is called for yet
            keep = tuple(g for g in current.games if g.game <= settings.games_per_match or g.result is not None)
            return replace(current, games=keep), tuple(g for g in current.games if g not in keep)
        return current, ()
    if decision.last_game is not None:
        keep = tuple(g for g in current.games if g.game <= decision.last_game)
    elif decision.how == "forfeit":
        keep = tuple(g for g in current.games if g.result is not None)
    else:
        keep = current.games
    return replace(current, games=keep), tuple(g for g in current.games if g not in keep)
