"""The printouts of a team event (issue 15), as tables, CSV and JSON and as pages for the wall
(``--print``, ``--html``): the pairings by match, the team standings with the legend of their
tie-breaks, the team crosstable, the team cards (each player round by round) and the
board-by-board statistics for board prizes.

Every sheet is made of a :class:`~arbiter_cli.render.output.View` as the individual pages are
(:func:`arbiter_cli.render.printing.sheet`), headed by
:func:`~arbiter_cli.render.printing.page_header`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from arbiter_cli.core.points import points_to_number
from arbiter_cli.core.team_tournament import MatchRound, TeamTournament
from arbiter_cli.core.tiebreak_codes import TEAM_CODES
from arbiter_cli.render.output import Column, View, number_column, number_texts, text_cell
from arbiter_cli.render.printing import PAGE_WIDTHS, Sheet, fitting_width, modifier_words, page_header, sheet
from arbiter_cli.render.team_views import pairing_place, pairing_records, pairing_result, side_colour, \
    team_standings_view, tiebreak_column
from arbiter_cli.render.views import table_heading, tiebreak_csv, tiebreak_json

if TYPE_CHECKING:  # the views take them; importing them here would load every tie-break at start-up
    from arbiter_cli.lifecycle.board_prizes import BoardPrizes
    from arbiter_cli.lifecycle.team_cards import TeamCard
    from arbiter_cli.lifecycle.team_crosstable import TeamCrosstable
    from arbiter_cli.lifecycle.team_standings import TeamStandings

__all__ = ["team_pairing_sheets", "team_standings_sheet", "tiebreak_legend", "modifier_words", "team_crosstable_view",
           "team_crosstable_sheet", "team_card_view", "team_card_sheets", "board_prizes_view", "board_prizes_sheet",
           "board_prizes_notes", "board_moves"]


def _pairing_page_view(tournament: TeamTournament, rnd: MatchRound) -> View:
    """The round for the wall, by match: a line per match (its teams and score), then its boards
    (colour, player, rating, result); the free team last."""
    by_tpn = tournament.by_number

    def side(key: str) -> Callable[[dict[str, Any]], str]:
        def show(r: dict[str, Any]) -> str:
            if r["board"] is None:
                return f"{r[key]} {r[key + '_name']}" if r[key] is not None else ""
            if r[key] is None:
                return "  (empty board)"
            return f"  {side_colour(r, key == 'first')} {by_tpn[r[key]].name}"
        return show

    primary = tournament.team.primary.lower()
    secondary = "gp" if primary == "mp" else "mp"

    def rating(key: str) -> Callable[[dict[str, Any]], str]:
        """A board's line: the player's rating; a team's line (match or bye): the team's points before
        the round, the primary score with the other one in brackets (none in round 1)."""
        def show(r: dict[str, Any]) -> str:
            if r["board"] is None:
                if r[f"{key}_{primary}"] is None:
                    return ""
                first, second = number_texts([r[f"{key}_{primary}"], r[f"{key}_{secondary}"]])
                return f"{first} ({second})"
            player = by_tpn.get(r[key]) if r[key] is not None else None
            return str(player.rating) if player is not None and player.rating else ""
        return show

    # a team's points share the players' rating column, as no line has both: the sheet keeps its
    # width, and the names their length (no Pts before anyone scored: round 1)
    heading = "Rtg" if rnd.number == 1 else "Rtg/Pts"
    columns = [Column("match", "Bd", pairing_place, "right"), Column("first", "Team / player", side("first")),
               Column("first_rating", heading, rating("first"), "right"),
               Column("result", "Result", pairing_result, "center"),
               Column("second", "Team / player", side("second")),
               Column("second_rating", heading, rating("second"), "right")]
    return View(f"round {rnd.number}", pairing_records(tournament, rnd), columns)


def team_pairing_sheets(tournament: TeamTournament, rnd: MatchRound, today: str) -> list[Sheet]:
    """The pairings of a round for the wall: one sheet, match by match, each match's score
    (``2½-1½``) on its line and its boards below it, first-named team first."""
    total = tournament.settings.rounds
    what = f"Round {rnd.number}{f' of {total}' if total else ''}: pairings"
    primary, secondary = ("match", "game") if tournament.team.primary == "MP" else ("game", "match")
    notes = [f"w b: the player's colour (the first-named team plays {tournament.team.pattern} from board 1); "
             "a match's line gives its score, first-named team first"
             + (f"; Rtg/Pts: a player's rating, and on a team's line its {primary} points before the round, "
                f"its {secondary} points in brackets" if rnd.number > 1 else "")]
    return [sheet(_pairing_page_view(tournament, rnd), page_header(tournament, what, today),
                  shrink=("first", "second"), notes=notes)]


#: What each tie-break code measures, in a few words, for the legend of a printed page (C.07 Arts. 6-13).
_NAMES = {
    "MP": "match points", "GP": "game points",
    "MPVGP": "the other score: GP when MP ranks, MP when GP ranks",
    "BC": "board count: the sum of board number × GP on that board (lower is better)",
    "TBR": "top board result: the GP on board 1, then board 2, ...",
    "BBE": "bottom board elimination: the GP without the last board, then the last two, ...",
    "ESB": "extended Sonneborn-Berger on the primary score",
    "EMMSB": "extended Sonneborn-Berger: each opponent's MP × the MP scored against it",
    "EMGSB": "extended Sonneborn-Berger: each opponent's MP × the GP scored against it",
    "EGMSB": "extended Sonneborn-Berger: each opponent's GP × the MP scored against it",
    "EGGSB": "extended Sonneborn-Berger: each opponent's GP × the GP scored against it",
    "EDE": "extended direct encounter: the matches among the tied teams, on MP then GP",
    "EDET": "extended direct encounter, then the top board result",
    "EDEB": "extended direct encounter, then the bottom board elimination",
    "EDEBT": "extended direct encounter, then the board count and the top board result",
    "EDEBB": "extended direct encounter, then the board count and the bottom board elimination",
    "SSSC": "score strength combination: the secondary score + the primary score's Buchholz ÷ K",
    "DE": "direct encounter", "WIN": "rounds won", "WON": "matches won over the board",
    "BPG": "matches with Black on board 1", "BWG": "matches won with Black on board 1",
    "REP": "rounds the team chose to play", "PS": "progressive score", "STD": "standard points",
    "TPN": "team number (lower is better)", "BH": "Buchholz", "FB": "Fore Buchholz",
    "AOB": "average of the opponents' Buchholz", "SB": "Sonneborn-Berger", "KS": "Koya",
}
#: The rating tie-breaks of C.07 Art. 10: a team has no rating of its own to read.
_RATING = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})


def tiebreak_legend(codes: Sequence[str], primary: str) -> list[str]:
    """A line per code: what it measures, on which score, with which cut (C.07 Art. 14)."""
    from arbiter_cli.tiebreaks.team.codes import parse_team_code

    scores = {"MP": "match points", "GP": "game points"}
    lines = []
    for code in codes:
        team = parse_team_code(code)
        spec = team.spec
        if team.base in _RATING:
            lines.append(f"{code}: a rating tie-break (C.07 Art. 10): no value for teams")
            continue
        words = [_NAMES.get(team.base, team.base)]
        if team.base not in TEAM_CODES:
            words[0] += f" on {scores[team.score or primary]}"
        words += modifier_words(spec)
        if team.k is not None:
            words.append(f"K = {team.k}")
        lines.append(f"{code}: {', '.join(words)}")
    return lines



def team_standings_sheet(tournament: TeamTournament, table: TeamStandings, after_round: int, today: str) -> Sheet:
    """The team standings for the wall, with the legend of their tie-breaks."""
    heading = table_heading(tournament, "team standings", after_round)
    header = page_header(tournament, f"{heading} (tie-breaks: C.07 {table.rules.value} rules)", today)
    notes = [f"{code}: not a team tie-break; left out" for code in table.unavailable]
    notes += tiebreak_legend(table.tiebreaks, tournament.team.primary)
    view = team_standings_view(heading, table)
    return sheet(view, header, notes=notes)


def _cell(index: int, stacked: bool = False) -> Callable[[dict[str, Any]], str]:
    def show(record: dict[str, Any]) -> str:
        text = str(record["_cells"][index])
        return text.replace(" ", "\n") if stacked else text
    return show


def team_crosstable_view(tournament: TeamTournament, table: TeamCrosstable) -> View:
    """The crosstable: a row per team with its cells, MP, GP, rank and tie-breaks. JSON gives each
    team's ``matches`` (round, opponent, outcome, colour, MP, GP); CSV a column per cell."""
    records: list[dict[str, Any]] = []
    for row in table.rows:
        records.append({
            "team_number": row.team.number, "name": row.team.name,
            "match_points": points_to_number(row.match_points), "game_points": points_to_number(row.game_points),
            "rank": row.rank,
            "tiebreaks": {code: tiebreak_json(value) for code, value in row.tiebreaks.items()},
            "matches": [{"round": e.round, "opponent": e.opponent, "outcome": e.outcome.value, "colour": e.colour,
                         "match_points": points_to_number(e.match_points), "game_points": points_to_number(e.game_points)}
                        for e in row.entries],
            "_cells": row.cells, "_rank_label": row.rank_label,
        })
    columns = [Column("team_number", "No", text_cell("team_number"), "right"),
               Column("name", "Team", text_cell("name"), wrap=True)]
    # In a narrow window a double round robin's two results stand one above the other.
    for index, heading in enumerate(table.headings):
        columns.append(Column(heading, heading, _cell(index), "center" if table.square else "right",
                              narrower=(_cell(index, stacked=True),) if table.square else ()))
    columns += [number_column("match_points", "MP"), number_column("game_points", "GP"),
                Column("rank", "Rank", lambda r: r["_rank_label"], "right")]
    shown = tuple(code for code in table.tiebreaks if code not in ("MP", "GP"))
    columns += [tiebreak_column(code) for code in shown]

    title = f"{tournament.settings.name}: {table_heading(tournament, 'team crosstable', table.after_round).lower()}"
    return View(title, records, columns, tiebreak_csv(table.tiebreaks, table.headings),
                droppable=tuple(reversed(shown)))


def team_crosstable_sheet(tournament: TeamTournament, table: TeamCrosstable, today: str) -> Sheet:
    """The crosstable for the wall, on the narrowest page that holds it, with its legend."""
    double = tournament.settings.system.value == "double-round-robin"
    if table.square:
        legend = ["2½: the game points the row's team scored against the column's team"
                  + (", both matches in round order (2½ 1½)" if double else "")
                  + "; + - a match won or lost by forfeit; ? boards still to enter"]
    else:
        legend = ["5w2½: against team 5, White on board 1, 2½ game points; + - a match won or lost by forfeit; "
                  "? boards still to enter", "PAB pairing-allocated bye; FPB HPB ZPB full-, half-, zero-point bye"]
    legend += [f"{code}: not a team tie-break; left out" for code in table.unavailable]
    legend += tiebreak_legend(table.tiebreaks, tournament.team.primary)
    header = page_header(tournament, table_heading(tournament, "team crosstable", table.after_round), today)
    page = sheet(team_crosstable_view(tournament, table), header, notes=legend)
    page.width = fitting_width(page, *PAGE_WIDTHS)
    return page


def _card_title(tournament: TeamTournament, cards: Sequence[TeamCard]) -> str:
    if len(cards) == 1:
        card = cards[0]
        return f"Team card of {card.team.number} {card.team.name} after round {card.rounds}"
    return f"Team cards after round {tournament.last_round}"


def team_card_view(tournament: TeamTournament, cards: Sequence[TeamCard], *, nested: bool = False) -> View:
    """The cards of some teams. The table and CSV have a line per player and round played (a
    player who has not played has one line), the player's own columns on their first line in the
    table and on every line in CSV; ``nested`` gives JSON a record per player with its ``rounds``.
    A team's rounds won or lost by a match forfeit follow its players, as a record of ``role``
    ``match`` (no player): a line per round, the opposing team, ``+`` or ``-``, the game points.
    In CSV a result is written as the points are (``0.5``, not ``½``)."""
    by_tpn = tournament.by_number
    players: list[dict[str, Any]] = []
    for card in cards:
        first_of_team = len(players)
        for entry in card.players:
            rounds = [{"round": seat.round, "board": seat.board, "colour": seat.colour, "opponent": seat.opponent,
                       "opponent_name": by_tpn[seat.opponent].name if seat.opponent is not None else None,
                       "opponent_rating": (by_tpn[seat.opponent].rating or None) if seat.opponent is not None
                       else None, "opponent_team": seat.opponent_team, "result": seat.outcome.symbol,
                       "points": points_to_number(seat.points), "counted": seat.counted} for seat in entry.seats]
            players.append({"team_number": card.team.number, "team": card.team.name, "place": entry.place,
                            "role": "reserve" if entry.reserve else "main",
                            "start_number": entry.player.start_number, "name": entry.player.name,
                            "rating": entry.player.rating or None, "points": points_to_number(entry.points),
                            "games": entry.games, "forfeit_wins": entry.forfeit_wins,
                            "forfeit_losses": entry.forfeit_losses, "rounds": rounds})
        if card.forfeits or card.byes:  # the rounds no player of the team sat at a board: a match forfeit, a bye
            opponents = tournament.by_team  # the team's own line, first: below its last player it read as theirs
            own_rounds: list[dict[str, Any]] = sorted([{"round": f.round, "board": None, "colour": None, "opponent": None,
                           "opponent_name": opponents[f.opponent_team].name, "opponent_rating": None,
                           "opponent_team": f.opponent_team, "result": f.outcome.value,
                           "points": points_to_number(f.game_points), "counted": f.counted} for f in card.forfeits]
                         + [{"round": b.round, "board": None, "colour": None, "opponent": None, "opponent_name": None,
                             "opponent_rating": None, "opponent_team": None, "result": b.outcome.value,
                             "points": points_to_number(b.game_points), "counted": b.counted} for b in card.byes],
                         key=lambda r: r["round"])
            players.insert(first_of_team, {"team_number": card.team.number, "team": card.team.name, "place": None,
                                           "role": "match", "start_number": None, "name": None, "rating": None,
                                           "points": None, "games": None, "forfeit_wins": None,
                                           "forfeit_losses": None, "rounds": own_rounds})
    heading = _card_title(tournament, cards)
    title = f"{tournament.settings.name}: {heading[:1].lower()}{heading[1:]}"
    if nested:
        return View(title, players, [])
    keys = ("round", "board", "colour", "opponent_team", "opponent", "opponent_name", "opponent_rating", "result",
            "counted")
    records: list[dict[str, Any]] = []
    for player in players:
        own = {k: v for k, v in player.items() if k not in ("rounds", "points")}
        own["total_points"] = player["points"]
        for index, seat in enumerate(player["rounds"] or [dict.fromkeys(keys)]):
            records.append({**own, **{k: seat[k] for k in keys}, "points": seat.get("points"), "_first": index == 0})

    def first(key: str) -> Callable[[dict[str, Any]], str]:
        return lambda r: "" if not r["_first"] or r[key] is None else str(r[key])

    def opponent(r: dict[str, Any]) -> str:
        if r["round"] is None:
            return ""
        if r["role"] == "match":
            return "bye" if r["opponent_name"] is None else str(r["opponent_name"])
        if r["opponent"] is None:
            return "(empty board)"
        return f"{r['opponent_name']}" + (f" {r['opponent_rating']}" if r["opponent_rating"] else "")

    columns = [Column("team_number", "", text_cell("team_number")), Column("team", "", text_cell("team")),
               Column("place", "#", first("place"), "right"), Column("role", "", text_cell("role")),
               Column("start_number", "No", first("start_number"), "right"),
               Column("name", "Player", lambda r: "(the team)" if r["role"] == "match" and r["_first"]
                      else first("name")(r), wrap=True), Column("rating", "Rtg", first("rating"), "right"),
               number_column("total_points", "Pts", lambda r: r["total_points"] if r["_first"] else None),
               Column("games", "Games", first("games"), "right"),
               Column("forfeit_wins", "+", lambda r: str(r["forfeit_wins"] or "") if r["_first"] else "", "right"),
               Column("forfeit_losses", "-", lambda r: str(r["forfeit_losses"] or "") if r["_first"] else "", "right"),
               Column("round", "Rd", text_cell("round"), "right"), Column("board", "Bd", text_cell("board"), "right"),
               Column("colour", "C", text_cell("colour"), "center"),
               Column("opponent_team", "vs", text_cell("opponent_team"), "right"),
               Column("opponent", "Opponent", opponent, wrap=True), Column("opponent_name", "", text_cell("opponent_name")),
               Column("opponent_rating", "", text_cell("opponent_rating")),
               Column("result", "Res", lambda r: "" if r["result"] is None else r["result"] if r["counted"]
                      else f"({r['result']})", "center"),
               Column("points", "", text_cell("points")), Column("counted", "", text_cell("counted"))]
    hidden = frozenset({"team_number", "team", "role", "opponent_name", "opponent_rating", "points", "counted"})

    def csv_value(record: dict[str, Any], key: str) -> Any:
        return "0.5" if key == "result" and record[key] == "½" else record.get(key)

    return View(title, records, columns, csv_value, hidden=hidden,
                optional=frozenset({"forfeit_wins", "forfeit_losses"}))


#: What a card's columns mean, below it on the page.
CARD_LEGEND = ("Games, Pts: games played over the board and their points (1 ½ 0), as the board statistics count "
               "them; + -: forfeits won and lost, counted apart; Rd Bd: round and board; C: the player's colour; vs: "
               "the opposing team's number; Res: 1 ½ 0 a game, + - a forfeit, ? no result yet, (1) a game of a "
               "match the half rule counts for nobody; (the team): a match won (+) or lost (-) by forfeit, a bye (PAB...)")


def team_card_sheets(tournament: TeamTournament, cards: Sequence[TeamCard], today: str) -> list[Sheet]:
    """A page per team: its card, with the legend."""
    return [sheet(team_card_view(tournament, [card]), page_header(tournament, _card_title(tournament, [card]), today),
                  shrink=("name", "opponent"), notes=[CARD_LEGEND]) for card in cards]


def _percentage(value: Fraction | None) -> float | None:
    """A share as a percentage with one decimal (``0.75`` -> ``75.0``), for people and scripts."""
    return None if value is None else round(float(value * 100), 1)


def board_prizes_view(tournament: TeamTournament, prizes: BoardPrizes) -> View:
    """Board by board: each player on their board, games, points and percentage over the board,
    performance, whether they qualify, and their forfeits (columns left out when there are none)."""
    by_tpn, by_team = tournament.by_number, tournament.by_team
    records = [{"board": row.board, "start_number": row.player, "name": by_tpn[row.player].name,
                "team_number": row.team, "team": by_team[row.team].name,
                "_team_label": by_team[row.team].short or by_team[row.team].name,
                "rating": by_tpn[row.player].rating or None, "games": row.games, "points": points_to_number(row.points),
                "percentage": _percentage(row.percentage), "performance": row.performance,
                "qualifies": row.qualifies, "forfeit_wins": row.forfeit_wins, "forfeit_losses": row.forfeit_losses,
                "other_boards": " ".join(f"{board}:{games}" for board, games in row.other_boards)}
               for row in prizes.rows]  # other_boards: "3:1" board:games, the games played on other boards
    columns = [Column("board", "Bd", text_cell("board"), "right"),
               Column("start_number", "No", text_cell("start_number"), "right"),
               Column("name", "Player", text_cell("name"), wrap=True),
               Column("team_number", "", text_cell("team_number")), Column("team", "Team", text_cell("_team_label"), wrap=True),
               Column("rating", "Rtg", text_cell("rating"), "right"),
               Column("games", "Games", text_cell("games"), "right"), number_column("points", "Pts"),
               Column("percentage", "%", lambda r: "" if r["percentage"] is None else f"{r['percentage']:.1f}",
                      "right"),
               Column("performance", "Perf", text_cell("performance"), "right"),
               Column("qualifies", "Prize", lambda r: "yes" if r["qualifies"] else "no", "center"),
               Column("forfeit_wins", "+", lambda r: str(r["forfeit_wins"] or ""), "right"),
               Column("forfeit_losses", "-", lambda r: str(r["forfeit_losses"] or ""), "right"),
               Column("other_boards", "", text_cell("other_boards"))]

    title = (f"{tournament.settings.name}: board prizes after round {prizes.rounds} "
             f"(at least {prizes.minimum} game{'s' if prizes.minimum != 1 else ''} to qualify)")
    return View(title, records, columns, hidden=frozenset({"team_number", "other_boards"}),
                optional=frozenset({"forfeit_wins", "forfeit_losses"}),
                droppable=("forfeit_losses", "forfeit_wins", "rating"))


def board_moves(tournament: TeamTournament, prizes: BoardPrizes) -> list[str]:
    """A note for each player who played on another board than the one they are counted on (all
    their games count there): which boards, how many games."""
    by_tpn, by_team = tournament.by_number, tournament.by_team
    notes = []
    for row in prizes.rows:
        if not row.other_boards:
            continue
        team = by_team[row.team].short or by_team[row.team].name
        elsewhere = ", ".join(f"{games} on board {board}" for board, games in row.other_boards)
        notes.append(f"{by_tpn[row.player].name} ({team}) is counted on board {row.board} with all "
                     f"{row.games} game{'s' if row.games != 1 else ''}, {row.games - sum(g for _, g in row.other_boards)} "
                     f"played there and {elsewhere}")
    return notes


def board_prizes_notes(prizes: BoardPrizes) -> list[str]:
    """Who qualifies and what the columns count."""
    share = f"{prizes.share.numerator}/{prizes.share.denominator}" if prizes.share.denominator > 1 else "all"
    return [f"a board prize needs at least {prizes.minimum} game{'s' if prizes.minimum != 1 else ''} over the "
            f"board: {share} of the {prizes.rounds} round{'s' if prizes.rounds != 1 else ''} ({prizes.source})",
            "a player counts on the board played most (a tie: the higher board), with every game; Games, Pts and "
            "% are games over the board (1 ½ 0); + - forfeits, counted apart; Perf: FIDE's performance rating "
            "(B.02 8.1.1) over rated opponents"]


def board_prizes_sheet(tournament: TeamTournament, prizes: BoardPrizes, today: str) -> Sheet:
    """The board statistics for the wall."""
    header = page_header(tournament, f"Board prizes after round {prizes.rounds}", today)
    return sheet(board_prizes_view(tournament, prizes), header, shrink=("name", "team"),
                 notes=board_prizes_notes(prizes) + board_moves(tournament, prizes))
