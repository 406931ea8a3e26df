"""Results from PGN (issue 27): a round's games, headers only, matched to its boards.

Each side of a game is the event's player with its FIDE ID, else by its name (as written, then its
words in any order), and the game is the round's board where they meet with those colours. Every
game that cannot be entered is named, and the whole file refused.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Game, Player, Round, Settings, Tournament
from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.pgn import pgn_text, read_pgn
from arbiter_cli.lifecycle.results import ResultLine, enter_results, pgn_results

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW

PLAYERS = (Player(start_number=1, name="Carlsen, Magnus", fide_id=1503014),
           Player(start_number=2, name="Caruana, Fabiano", fide_id=2020009),
           Player(start_number=3, name="Nakamura, Hikaru", fide_id=2016192),
           Player(start_number=4, name="Nepomniachtchi, Ian"),
           Player(start_number=5, name="Šolc, Jan"),
           Player(start_number=6, name="Giri, Anish"),
           Player(start_number=7, name="Smith, John"),
           Player(start_number=8, name="Smith, John"))
#: Round 3: board 1 Carlsen-Caruana, 2 Nepomniachtchi-Nakamura, 3 Giri-Šolc, 4 Smith (7)-Smith (8).
ROUND = Round(3, (Game(1, 2, 1), Game(4, 3, 2), Game(6, 5, 3), Game(7, 8, 4)))
EVENT = Tournament(Settings(name="Open", system="swiss", rounds=5, seed=1), PLAYERS,
                   (Round(1, ()), Round(2, ()), ROUND))


def game(white: str, black: str, result: str, **headers: str) -> str:
    """A PGN game as a broadcast writes it: the headers given, a blank line, the moves."""
    tags = {"Event": "Open", "Round": "3", "White": white, "Black": black, "Result": result, **headers}
    return "".join(f'[{key} "{value}"]\n' for key, value in tags.items()) + f"\n1. e4 e5 2. Nf3 {result}\n\n"


def entered(text: str) -> tuple[list[tuple[int, GameResult | None, int | None]], tuple[str, ...]]:
    lines, notes = pgn_results(text.encode(), "r3.pgn", EVENT, ROUND)
    return [(line.board, line.result, line.line) for line in lines], notes


def refused(text: str) -> BadArgument:
    with pytest.raises(BadArgument) as error:
        pgn_results(text.encode(), "r3.pgn", EVENT, ROUND)
    return error.value


def test_a_broadcast_game_is_matched_by_its_white_and_black_fide_ids_first() -> None:
    """A DGT board's broadcast: names as the board operator typed them, FIDE IDs exact."""
    text = game("Magnus C.", "F. Caruana", "1/2-1/2", WhiteFideId="1503014", BlackFideId="2020009", Board="1")
    assert entered(text) == ([(1, D, 1)], ())


def test_a_game_with_names_only_is_matched_by_name_without_case_spacing_or_accents() -> None:
    text = game("NEPOMNIACHTCHI,  ian", "Nakamura, Hikaru", "0-1") + game("Giri, Anish", "Solc, Jan", "1-0")
    assert entered(text) == ([(2, B, 1), (3, W, 9)], ())


def test_a_name_in_firstname_surname_order_is_matched_by_its_words() -> None:
    assert entered(game("Anish Giri", "Jan Šolc", "1-0"))[0] == [(3, W, 1)]


def test_an_unknown_fide_id_falls_back_on_the_name_but_not_onto_a_player_with_another_id() -> None:
    assert entered(game("Giri, Anish", "Šolc, Jan", "1-0", WhiteFideId="24116068"))[0] == [(3, W, 1)]
    error = refused(game("Carlsen, Magnus", "Caruana, Fabiano", "1-0", WhiteFideId="999"))
    assert error.field == "White" and "no player of the event has FIDE ID 999 or the name 'Carlsen, Magnus'" \
        in error.message


def test_two_players_of_one_name_who_meet_each_other_are_one_board_white_as_it_has_them() -> None:
    assert entered(game("Smith, John", "Smith, John", "1-0"))[0] == [(4, W, 1)]


def test_two_boards_a_name_could_be_make_the_game_ambiguous_unless_its_board_header_says_which() -> None:
    """Two players named alike on two boards of the round: only a Board header (or the FIDE IDs) tells."""
    twins = (*PLAYERS[:6], Player(start_number=7, name="Smith, John"), Player(start_number=8, name="Doe, Jane"),
             Player(start_number=9, name="Smith, John"), Player(start_number=10, name="Roe, Rita"))
    rnd = Round(3, (Game(1, 2, 1), Game(4, 3, 2), Game(6, 5, 3), Game(7, 8, 4), Game(9, 10, 5)))
    event = Tournament(EVENT.settings, twins, (Round(1, ()), Round(2, ()), rnd))
    text = game("Smith, John", "Doe, Jane", "1-0") + game("Smith, John", "Roe, Rita", "0-1")
    lines, _ = pgn_results(text.encode(), "r3.pgn", event, rnd)
    assert [(line.board, line.result) for line in lines] == [(4, W), (5, B)]  # the opponent tells them apart
    same = tuple(p if p.start_number not in (8, 10) else Player(start_number=p.start_number, name="Doe, Jane")
                 for p in twins)
    event = Tournament(EVENT.settings, same, (Round(1, ()), Round(2, ()), rnd))
    with pytest.raises(BadArgument) as error:
        pgn_results(game("Smith, John", "Doe, Jane", "1-0").encode(), "r3.pgn", event, rnd)
    assert str(error.value) == ("r3.pgn, line 1, field 'White': game 1 (White 'Smith, John', Black 'Doe, Jane', "
                                "Round '3'): ambiguous: it could be board 4 or board 5 of round 3 (players of the "
                                "same name; give WhiteFideId and BlackFideId, or a Board header)")
    lines, _ = pgn_results(game("Smith, John", "Doe, Jane", "1-0", Board="5").encode(), "r3.pgn", event, rnd)
    assert [(line.board, line.result) for line in lines] == [(5, W)]


def test_a_game_not_finished_is_left_out_with_a_note() -> None:
    text = game("Carlsen, Magnus", "Caruana, Fabiano", "*") + game("Giri, Anish", "Šolc, Jan", "1/2-1/2")
    assert entered(text) == ([(3, D, 9)], ("note: game 1 (White 'Carlsen, Magnus', Black 'Caruana, Fabiano', "
                                            "Round '3'): not finished (Result '*'), left out: board 1 keeps what it "
                                            "has",))


def test_games_of_other_rounds_are_left_out_by_their_round_header() -> None:
    text = (game("Giri, Anish", "Carlsen, Magnus", "0-1", Round="2") + game("Giri, Anish", "Šolc, Jan", "1-0",
                                                                          Round="3.3")
            + game("Carlsen, Magnus", "Giri, Anish", "1-0", Round="4"))
    lines, notes = entered(text)
    assert lines == [(3, W, 9)]
    assert notes == ("note: 2 games of rounds 2, 4 in r3.pgn left out: this entry is round 3's",)


def test_a_file_without_a_game_of_the_round_is_refused() -> None:
    error = refused(game("Giri, Anish", "Carlsen, Magnus", "0-1", Round="2"))
    assert str(error) == "r3.pgn, field 'Round': no game of round 3 in the file (its games are of round 2)"
    assert str(refused("")) == "r3.pgn: no game in the file (a PGN game starts with its headers, such as [White \"...\"])"


def test_a_game_whose_colours_are_the_other_way_round_is_refused() -> None:
    error = refused(game("Caruana, Fabiano", "Carlsen, Magnus", "1-0"))
    assert error.field == "White" and error.line == 1
    assert error.message.endswith("the colours are the other way round: at board 1 of round 3 Caruana, Fabiano has "
                                  "Black")


def test_a_board_header_that_disagrees_is_refused() -> None:
    error = refused(game("Carlsen, Magnus", "Caruana, Fabiano", "1-0", Board="7"))
    assert error.field == "Board" and error.message.endswith("its players meet at board 1 of round 3, not board 7")


@pytest.mark.parametrize("result", ["+/-", "1:0", "", "?"])
def test_a_result_that_is_not_a_pgn_result_is_refused_naming_the_result_header(result: str) -> None:
    error = refused(game("Carlsen, Magnus", "Caruana, Fabiano", result))
    assert error.field == "Result" and "is not a PGN result (1-0, 0-1, 1/2-1/2, or * for a game not finished)" \
        in error.message


def test_every_game_that_cannot_be_entered_is_named_in_the_one_error_line() -> None:
    text = (game("Carlsen, Magnus", "Caruana, Fabiano", "1-0") + game("Nobody, Here", "Giri, Anish", "1-0")
            + game("Giri, Anish", "Šolc, Jan", "2-0"))
    error = refused(text)
    assert str(error) == ("r3.pgn, line 9, field 'White': game 2 (White 'Nobody, Here', Black 'Giri, Anish', "
                          "Round '3'): no player of the event has the name 'Nobody, Here' (also game 3, line 17, "
                          "Result)")


def test_two_games_of_one_board_are_refused() -> None:
    text = game("Carlsen, Magnus", "Caruana, Fabiano", "1-0") + game("Carlsen, Magnus", "Caruana, Fabiano", "0-1")
    error = refused(text)
    assert error.line == 9 and "board 1 of round 3 is already the board of game 1" in error.message


def test_a_text_that_is_no_pgn_has_no_game_and_a_game_without_players_is_named() -> None:
    assert str(refused("1 1-0\n2 0-1\n")) == ("r3.pgn: no game in the file (a PGN game starts with its headers, "
                                              "such as [White \"...\"])")
    error = refused('[Event "Open"]\n[Result "1-0"]\n\n1-0\n')
    assert str(error) == "r3.pgn, line 1, field 'White': game 1 (White '', Black '', Round ''): it has no White header"
    error = refused('[White "Giri, Anish"]\n[Black "Šolc, Jan"]\n\n1-0\n')
    assert error.field == "Result" and error.message.endswith("it has no Result header")


def test_pgn_games_enter_through_the_same_compare_and_set() -> None:
    """The same result again is no change; another one needs --correct (C.04.2 4.3)."""
    text = game("Carlsen, Magnus", "Caruana, Fabiano", "1-0", WhiteFideId="1503014", BlackFideId="2020009")
    lines, _ = pgn_results(text.encode(), "r3.pgn", EVENT, ROUND)
    after = enter_results(EVENT, 3, lines, source="r3.pgn").tournament
    assert after.rounds[2].game(1).result is W  # type: ignore[union-attr]
    assert enter_results(after, 3, lines, source="r3.pgn").changes == ()
    other, _ = pgn_results(text.replace("1-0", "0-1").encode(), "r3.pgn", EVENT, ROUND)
    with pytest.raises(Refused, match="board 1 has 1-0, not 0-1 \\(give --correct"):
        enter_results(after, 3, other, source="r3.pgn")
    assert enter_results(after, 3, other, correct=True).round.game(1).result is B  # type: ignore[union-attr]
    assert other == [ResultLine(1, B, 1)]


def test_a_pgn_file_is_utf8_or_else_latin1_as_the_pgn_standard_has_it() -> None:
    assert pgn_text("[White \"Šolc, Jan\"]\r\n".encode("utf-8-sig"), "f") == "[White \"Šolc, Jan\"]\n"
    assert pgn_text("[White \"Müller, Jörg\"]\n".encode("latin-1"), "f") == "[White \"Müller, Jörg\"]\n"
    with pytest.raises(BadArgument, match="not a PGN file"):
        pgn_text(b"\x00\x01", "f")


def test_only_the_headers_are_read_each_game_with_the_line_it_starts_on() -> None:
    text = "\ufeff" + game("A", "B", "1-0") + "{a comment}\n\n" + game("C", "D", "*")
    games = read_pgn(text, "f.pgn")
    assert [(g.number, g.line, g.header("White"), g.round) for g in games] == [(1, 1, "A", 3), (2, 11, "C", 3)]


@pytest.mark.parametrize("text, line", [
    (game("A", "B", "1-0") + "{a comment}\n" + game("C", "D", "*"), 12),  # python-chess reads them as a comment's
    ('[White "A"\n[Black "B"]\n\n1-0\n', 1),
    ('[White "A"]\n[Black "B"]\n\n1. e4 {a comment never closed 1-0\n\n[White "C"]\n[Black "D"]\n\n*\n', 6),
])
def test_a_game_whose_headers_python_chess_does_not_read_is_refused_at_its_line(text: str, line: int) -> None:
    """No game of the file is left out unsaid: a White header not read is named."""
    with pytest.raises(BadArgument) as error:
        read_pgn(text, "f.pgn")
    assert (error.value.line, error.value.field) == (line, "White")
    assert "a game's headers here are not read" in error.value.message


_PGN_BITS = st.sampled_from(['[White "Carlsen, Magnus"]', '[Black "Caruana, Fabiano"]', '[Result "1-0"]',
                             '[Result "*"]', '[Round "3"]', '[Round "2.1"]', '[Board "1"]', '[WhiteFideId "1503014"]',
                             '[White "', '"]', "{", "}", "(", ")", "1. e4 e5", "1-0", "*", ";", "%", "\n", "\n\n",
                             " ", "\x00", "[", "]", "\\"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_PGN_BITS, st.text(max_size=6)), max_size=30))
def test_any_text_given_as_pgn_is_entered_or_refused_with_the_file_named(bits: list[str]) -> None:
    """A bad input is a BadArgument naming the file (never another error), and what is entered is a
    board of the round."""
    try:
        lines, _ = pgn_results("".join(bits).encode(), "f.pgn", EVENT, ROUND)
    except BadArgument as error:
        assert error.source == "f.pgn" and "\n" not in str(error).strip("\n")
        return
    assert {line.board for line in lines} <= {1, 2, 3, 4}


def test_a_pgn_name_is_folded_as_the_rating_lists_fold_it() -> None:
    """Ø and Ł are not taken apart by NFKD, an apostrophe is left out: the PGN's plain spelling of
    a name is matched as ``lists find`` finds it (one folding, arbiter_cli.core.names)."""
    players = (Player(start_number=1, name="Øster, Åse"), Player(start_number=2, name="O'Brien, Łukasz"))
    rnd = Round(1, (Game(1, 2, 1),))
    event = Tournament(Settings(name="Open", system="swiss", rounds=5, seed=1), players, (rnd,))
    lines, _ = pgn_results(game("Oster, Ase", "OBrien, Lukasz", "1-0", Round="1").encode(), "r1.pgn", event, rnd)
    assert [(line.board, line.result) for line in lines] == [(1, W)]
