"""The views of a team event: its standings (C.07 Arts. 11-13).

A table for people (rank, number, team, MP, GP and the tie-break columns), and
for scripts the row shape of :func:`arbiter_cli.lifecycle.team_standings.team_row_json`:
``team_number``, ``name``, ``match_points``, ``game_points``, ``rank``, ``tiebreaks``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from arbiter_cli.core.points import format_points
from arbiter_cli.core.team import TeamOutcome
from arbiter_cli.core.team_roster import format_team_rating, team_rating
from arbiter_cli.core.team_tournament import MatchRound, TeamTournament, board_colour, round_match_entries
from arbiter_cli.lifecycle.team_standings import TeamStandings, team_row_json
from arbiter_cli.render.output import Column, View, number_column, text_cell
from arbiter_cli.render.views import csv_plain, tiebreak_csv

__all__ = ["team_standings_view", "teams_view", "roster_view", "team_pairings_view", "pairing_records",
           "pairing_place", "pairing_result", "side_colour", "tiebreak_column", "scores_before"]


def tiebreak_column(code: str) -> Column:
    """A team tie-break's column: its values in one style."""
    return number_column(code, code, lambda record: record["tiebreaks"].get(code))


def team_standings_view(title: str, table: TeamStandings) -> View:
    """Team standings: one row per team, ranked (a shared place shows as ``3-4``)."""
    records: list[dict[str, Any]] = []
    for row in table.rows:
        record = team_row_json(row)
        record["_rank_label"] = str(row.rank) if row.rank == row.rank_to else f"{row.rank}-{row.rank_to}"
        records.append(record)
    columns = [
        Column("rank", "Rank", lambda r: r["_rank_label"], "right"),
        Column("team_number", "No", text_cell("team_number"), "right"),
        Column("name", "Team", text_cell("name"), wrap=True),
        number_column("match_points", "MP"),
        number_column("game_points", "GP"),
    ]
    # MP and GP as tie-breaks are the columns already shown (JSON keeps every code in "tiebreaks")
    shown = tuple(code for code in table.tiebreaks if code not in ("MP", "GP"))
    columns += [tiebreak_column(code) for code in shown]

    return View(title, records, columns, tiebreak_csv(table.tiebreaks), droppable=tuple(reversed(shown)))


def _result_text(code: str | None) -> str:
    return "" if code is None else ("½-½" if code == "1/2-1/2" else code)


def teams_view(tournament: TeamTournament) -> View:
    """The teams: number, name, short code, team rating, players on the roster, status."""
    records: list[dict[str, Any]] = []
    late = any(entry.entered_round is not None for entry in tournament.teams)
    for entry in tournament.teams:
        rating = team_rating(tournament.roster(entry.number))
        records.append({"number": entry.number, "name": entry.name, "short": entry.short or None,
                        "rating": int(shown) if (shown := format_team_rating(rating)) else None, "players": len(tournament.members(entry.number)),
                        "status": entry.status, "withdrawn_after": entry.withdrawn_after,
                        **({"entered_round": entry.entered_round} if late else {})})
    columns = [Column("number", "No", text_cell("number"), "right"), Column("name", "Team", text_cell("name"), wrap=True),
               Column("short", "Short", text_cell("short")), Column("rating", "Rating", text_cell("rating"), "right"),
               Column("players", "Players", text_cell("players"), "right"),
               Column("status", "Status", lambda r: r["status"] if r["withdrawn_after"] is None
                      else f"withdrawn after round {r['withdrawn_after']}"),
               Column("withdrawn_after", "", text_cell("withdrawn_after"))]
    if late:  # as the players' list: the column only when some team entered late
        columns.append(Column("entered_round", "Entered", text_cell("entered_round"), "right"))
    return View(f"{tournament.settings.name}: teams", records, columns, hidden=frozenset({"withdrawn_after"}))


def roster_view(tournament: TeamTournament, team: int) -> View:
    """A team's list: place (main players first, then reserves), start number, name, FIDE id,
    federation and rating, and the national rating when a player of the event has one or the
    rosters follow it."""
    entry = tournament.by_team[team]
    boards = tournament.team.boards
    national = tournament.team.roster_rating == "national" or any(p.national_rating is not None
                                                                  for p in tournament.players)
    records = [{"place": place, "role": "main" if place <= boards else "reserve", "start_number": p.start_number,
                "name": p.name, "title": p.title, "fide_id": p.fide_id, "federation": p.federation,
                "rating": p.rating or None, **({"national_rating": p.national_rating} if national else {})}
               for place, p in enumerate(tournament.members(team), start=1)]
    columns = [Column("place", "#", text_cell("place"), "right"), Column("role", "", text_cell("role")),
               Column("start_number", "No", text_cell("start_number"), "right"),
               Column("name", "Name", text_cell("name"), wrap=True), Column("title", "Title", text_cell("title")),
               Column("fide_id", "FIDE ID", text_cell("fide_id"), "right"),
               Column("federation", "Fed", text_cell("federation")),
               Column("rating", "Rating", text_cell("rating"), "right")]
    if national:
        columns.append(Column("national_rating", "National", text_cell("national_rating"), "right"))
    return View(f"{tournament.settings.name}: team {entry.number} {entry.name}", records, columns,
                optional=frozenset({"title", "fide_id", "federation"}))


def scores_before(tournament: TeamTournament, round_number: int) -> dict[int, tuple[Fraction, Fraction]]:
    """Each team's match points and game points before round ``round_number``, as the standings
    after the round before count them (a team the half rule takes out of them has none); none before
    round 1, where no team has scored."""
    from arbiter_cli.lifecycle.team_finish import counted_team_event

    if round_number <= 1:
        return {}
    event = counted_team_event(tournament, round_number - 1)
    return {team.number: (event.total(team.number, "MP"), event.total(team.number, "GP")) for team in event.teams}


def pairing_records(tournament: TeamTournament, rnd: MatchRound,
                    before: Mapping[int, tuple[Fraction, Fraction]] | None = None) -> list[dict[str, Any]]:
    """A round's lines, first-named team first: a line per match (``board`` None, its ``score``), a line
    per board (``colour``: the first team's player's), and a line per team bye (``match`` None). A
    match's line and a bye's give each team's match and game points before the round
    (``first_mp``, ``first_gp``, ``second_mp``, ``second_gp``; ``before``: them, else
    :func:`scores_before`), as an individual pairing sheet gives each player's points."""
    pattern = tournament.team.pattern
    by_tpn = tournament.by_number
    if before is None:
        before = scores_before(tournament, rnd.number)

    def scores(first: int, second: int | None) -> dict[str, Fraction | None]:
        one, two = before.get(first), before.get(second) if second is not None else None
        return {"first_mp": one[0] if one else None, "first_gp": one[1] if one else None,
                "second_mp": two[0] if two else None, "second_gp": two[1] if two else None}

    nothing: dict[str, Fraction | None] = {"first_mp": None, "first_gp": None, "second_mp": None, "second_gp": None}
    records: list[dict[str, Any]] = []
    for match, (entry, other) in zip(rnd.matches, round_match_entries(tournament, rnd)):
        one, two = tournament.by_team[match.first], tournament.by_team[match.second]
        pending = entry.outcome is TeamOutcome.PENDING
        shown = not pending or entry.game_points or other.game_points
        score = f"{format_points(entry.game_points)}-{format_points(other.game_points)}" if shown else ""
        ascii_score = "-".join(format_points(p, ascii=True) for p in (entry.game_points, other.game_points))
        records.append({"match": match.number, "board": None, "first": match.first, "second": match.second,
                        "first_name": one.name, "second_name": two.name,
                        "result": match.forfeit.value if match.forfeit else None, "score": score,
                        "_score_ascii": ascii_score if shown else "", "finished": not pending, "colour": None, **scores(match.first, match.second)})
        for game in match.counted_boards:  # a match forfeit: boards kept under it count for nothing
            first, second = by_tpn.get(game.first or 0), by_tpn.get(game.second or 0)
            records.append({"match": match.number, "board": game.board, "first": game.first, "second": game.second,
                            "first_name": first.name if first else None, "second_name": second.name if second else None,
                            "result": game.result.value if game.result else None, "score": None,
                            "finished": None, "colour": board_colour(pattern, game.board), **nothing})
    for bye in rnd.byes:
        team = tournament.by_team[bye.team]
        records.append({"match": None, "board": None, "first": bye.team, "second": None, "first_name": team.name,
                        "second_name": None, "result": bye.kind.value, "score": None, "finished": None,
                        "colour": None, **scores(bye.team, None)})
    return records


def pairing_place(r: dict[str, Any]) -> str:
    """A pairing line's place: the match (``2``) or the board (``2.3``); nothing for a bye."""
    if r["match"] is None:
        return ""
    return str(r["match"]) if r["board"] is None else f"{r['match']}.{r['board']}"


def pairing_result(r: dict[str, Any]) -> str:
    """A pairing line's result: the match score (or its forfeit), the board's result, or the bye."""
    if r["board"] is None and r["match"] is not None:
        forfeit = _result_text(r["result"])
        if forfeit:
            return f"{forfeit} (forfeit)"
        return str(r["score"]) + (" (so far)" if r["score"] and not r["finished"] else "")
    if r["match"] is None:
        return {"BYE": "free", "PAB": "bye"}.get(r["result"], r["result"] or "")
    return _result_text(r["result"])


def side_colour(r: dict[str, Any], first: bool) -> str:
    """The colour of a board line's first (or second) team's player."""
    return str(r["colour"]) if first else ("b" if r["colour"] == "w" else "w")


def team_pairings_view(tournament: TeamTournament, rnd: MatchRound) -> View:
    """A round's matches, each with its score (``2½-1½``) and its board lines, first-named team
    first; a board's colours follow the colour pattern (``w``/``b`` of the first team's player)."""
    by_tpn = tournament.by_number
    records = pairing_records(tournament, rnd)

    def side(key: str, colour_of_first: bool) -> Callable[[dict[str, Any]], str]:
        def show(r: dict[str, Any]) -> str:
            if r["board"] is None:
                if r["match"] is None and key == "second":
                    return ""
                return f"{r[key]} {r[key + '_name']}" if r[key] is not None else ""
            if r[key] is None:
                return "(empty board)"
            player = by_tpn[r[key]]
            rating = f" {player.rating}" if player.rating else ""
            return f"  {side_colour(r, colour_of_first)} {player.name}{rating}"
        return show

    columns = [Column("match", "", pairing_place, "right"), Column("first", "", side("first", True), wrap=True),
               Column("result", "Result", pairing_result, "center"),
               Column("second", "", side("second", False), wrap=True),
               Column("board", "", text_cell("board")), Column("first_name", "", text_cell("first_name")),
               Column("second_name", "", text_cell("second_name")), Column("score", "", text_cell("score")),
               Column("finished", "", text_cell("finished")), Column("colour", "", text_cell("colour")),
               *(number_column(key, "") for key in ("first_mp", "first_gp", "second_mp", "second_gp"))]

    def csv_value(record: dict[str, Any], key: str) -> Any:
        if key == "score" and record["score"]:  # for scripts: 2.5-1.5, as a knockout's bracket
            return record["_score_ascii"]
        return csv_plain(record.get(key))

    return View(f"{tournament.settings.name}: round {rnd.number}", records, columns, csv_value,
                hidden=frozenset({"board", "first_name", "second_name", "score", "finished", "colour", "first_mp", "first_gp",
                                  "second_mp", "second_gp"}))
