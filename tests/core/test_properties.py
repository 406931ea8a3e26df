"""Property tests (hypothesis): exact points, lossless files, conserved points."""

from __future__ import annotations

import datetime as dt
import random
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from arbiter_cli.store.tournament import TournamentFolder, players_to_csv, settings_to_toml
from arbiter_cli.core.model import TITLES, Game, Player, Round, Scoring, Settings, Tournament
from arbiter_cli.pairing.round_robin import pair_round
from arbiter_cli.core.points import format_points, parse_points, shown_points, total
from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.standings import compute_standings

points = st.builds(Fraction, st.integers(-200, 200), st.sampled_from([1, 2, 4, 5, 10, 3, 7]))


@given(points)
def test_points_read_back_exactly_from_every_written_form(value: Fraction) -> None:
    """A file's form is exact; the people's form is exact when the value has a finite decimal, else
    the value rounded half up to two decimals (issue 25 item 11: never ``323/7`` for people)."""
    assert parse_points(format_points(value, ascii=True)) == value
    assert parse_points(format_points(value)) == shown_points(value)
    assert abs(shown_points(value) - value) <= Fraction(1, 200)


@given(st.lists(points | st.integers(-50, 50), max_size=30))
def test_total_is_the_exact_sum_of_its_points(values: list[Fraction | int]) -> None:
    """The fast sum over one common denominator is the plain sum of fractions, value and type."""
    assert total(values) == sum(values, Fraction(0))
    assert type(total(values)) is Fraction
    assert total(iter(values)) == sum(values, Fraction(0))


names = st.text(st.characters(codec="utf-8", categories=("L", "Zs", "P")), min_size=1, max_size=30) \
    .filter(lambda s: s.strip() != "")

players = st.builds(
    Player,
    start_number=st.just(1),
    name=names.map(str.strip),
    title=st.none() | st.sampled_from(TITLES),
    rating=st.integers(0, 3000),
    fide_id=st.none() | st.integers(1, 10**9),
    federation=st.none() | st.sampled_from(["TUR", "GER", "IND", "USA"]),
    sex=st.none() | st.sampled_from(["m", "w"]),
    # no one is born before 1900 (a typo: trial51, bug 1)
    birth_date=st.none() | st.dates(min_value=dt.date(1900, 1, 1)).map(lambda d: d.isoformat()),
    club=st.none() | names.map(str.strip),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(players, min_size=1, max_size=12, unique_by=lambda p: p.fide_id or id(p)),
       st.sampled_from([(1, Fraction(1, 2), 0), (3, 1, 0), (2, 1, 0)]))
def test_a_folder_reads_back_what_was_written(tmp_path_factory, roster: list[Player], scoring) -> None:
    folder = tmp_path_factory.mktemp("prop")
    numbered = tuple(p.model_copy(update={"start_number": i}) for i, p in enumerate(roster, 1))
    win, draw, loss = scoring
    config = Settings(name="Prop", system="round-robin", seed=1, scoring=Scoring(win=win, draw=draw, loss=loss),
                      tiebreaks=("DE", "SB"))
    (folder / "tournament.toml").write_text(settings_to_toml(config), encoding="utf-8")
    (folder / "players.csv").write_text(players_to_csv(numbered), encoding="utf-8")
    (folder / "journal.csv").write_text("time,command,change,old,new\n", encoding="utf-8")
    loaded = TournamentFolder(folder).load()
    assert loaded.settings == config
    assert loaded.players == numbered


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 14), st.integers(0, 10**6),
       st.sampled_from([(1, Fraction(1, 2), 0), (3, 1, 0), (2, 1, 0)]))
def test_every_point_comes_from_a_game(n: int, seed: int, scoring) -> None:
    """With no forfeits, the points of the standings add up to the points handed out per game."""
    win, draw, loss = scoring
    config = Settings(name="P", system="round-robin", seed=seed, initial_colour="white",
                      scoring=Scoring(win=win, draw=draw, loss=loss))
    roster = tuple(Player(start_number=i, name=f"P{i}") for i in range(1, n + 1))
    tournament = Tournament(config, roster)
    rng = random.Random(seed)
    expected = Fraction(0)
    for number in range(1, (n + n % 2)):
        paired = pair_round(tournament, number)
        games = []
        for game in paired.games:
            result = rng.choice([GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW])
            expected += sum(config.scoring.game_points(result))
            games.append(Game(game.white, game.black, game.board, result))
        tournament = Tournament(config, roster, (*tournament.rounds, Round(number, tuple(games), paired.byes)))
    table = compute_standings(tournament)
    assert sum(row.points for row in table.rows) == expected
    assert all(row.record.played == n - 1 for row in table.rows)
    ranks = [row.rank for row in table.rows]
    assert ranks == sorted(ranks) and ranks[0] == 1


@given(st.lists(st.integers(1, 12), unique=True, max_size=10), st.integers(-1, 14))
def test_a_round_finds_the_game_of_a_board_however_its_boards_are_numbered(boards: list[int], board: int) -> None:
    """The short way (board n is the n-th game) finds what a walk through the games finds (issue 29)."""
    rnd = Round(1, tuple(Game(2 * i + 1, 2 * i + 2, number) for i, number in enumerate(boards)))
    assert rnd.game(board) == next((g for g in rnd.games if g.board == board), None)


class _Points(Fraction):
    """A fraction of another type (read through its properties, as any rational)."""


@given(st.fractions(max_denominator=1000))
def test_a_fractions_terms_are_its_numerator_and_denominator_in_lowest_terms(value: Fraction) -> None:
    """issue 29: :func:`fraction_terms` reads a fraction's fields rather than its properties: the same
    numbers, in lowest terms, the sign on the numerator; and a sum holding another type of fraction
    is the exact sum too."""
    from arbiter_cli.core.points import fraction_terms

    assert fraction_terms(value) == (value.numerator, value.denominator)
    assert fraction_terms(Fraction(value.numerator * 3, value.denominator * 3)) == (value.numerator,
                                                                                       value.denominator)
    other = _Points(value.numerator, value.denominator)
    assert total([value, other, 1]) == value * 2 + 1 and type(total([other])) is Fraction
