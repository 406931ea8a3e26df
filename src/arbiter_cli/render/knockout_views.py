"""The views of a knockout event (issue 18): the bracket as plain data (what ``bracket --format
json`` prints and what an HTML page draws), the bracket as a table and a page, a round's games,
and the standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbiter_cli.core.knockout import KnockoutRound, KnockoutTournament, round_name
from arbiter_cli.core.model import Status, Tournament
from arbiter_cli.core.points import format_points, parse_points, points_to_number
from arbiter_cli.lifecycle.knockout import champion, decision
from arbiter_cli.lifecycle.knockout_standings import knockout_standings
from arbiter_cli.render.output import Column, View, text_cell
from arbiter_cli.render.printing import Sheet, page_header, sheet

__all__ = ["bracket_data", "empty_slot", "bracket_view", "knockout_pairings_view", "knockout_standings_view", "bracket_sheets",
           "knockout_standings_sheets"]


def _player(tournament: KnockoutTournament, number: int | None) -> dict[str, Any] | None:
    if number is None:
        return None
    p = tournament.by_number[number]
    return {"start_number": number, "name": p.name, "rating": p.rating or None, "title": p.title,
            "federation": p.federation, "withdrawn": p.is_withdrawn}


def _label(player: dict[str, Any] | None, empty: str, rating: bool = True) -> str:
    if player is None:
        return empty
    return f"{player['start_number']} {player['name']}" + (f" ({player['rating']})" if player["rating"] and rating
                                                           else "")


def bracket_data(tournament: KnockoutTournament) -> dict[str, Any]:
    """The bracket as plain data: the slots, then each round's matches with their players, games,
    score (the points each scored in the match, JSON numbers as every other points value), the
    winner and how the match was decided."""
    rounds: list[dict[str, Any]] = []
    total = tournament.total_rounds
    for rnd in tournament.rounds:
        matches = []
        for match in rnd.matches:
            state = decision(tournament, match)
            matches.append({
                "match": match.number,
                "first": _player(tournament, match.first), "second": _player(tournament, match.second),
                "games": [{"board": f"{match.number}.{g.game}", "game": g.game, "stage": g.stage, "white": g.white,
                           "black": g.black, "result": g.result.value if g.result else None} for g in match.games],
                "forfeit": match.forfeit.value if match.forfeit else None,
                "score": [points_to_number(state.score[0]), points_to_number(state.score[1])],
                "decided": state.decided, "winner": state.winner, "how": state.how or None,
                "waiting": list(match.waiting),
            })
        rounds.append({"round": rnd.number, "name": round_name(rnd.number, total), "matches": matches})
    return {"event": tournament.settings.name, "seeding": tournament.knockout.seeding,
            "seed": tournament.settings.seed, "slots": list(tournament.bracket), "rounds_total": total,
            "rounds": rounds, "champion": _player(tournament, champion(tournament))}


def empty_slot(match: dict[str, Any], side: int, empty: str) -> str:
    """What an empty slot (``side`` 0: the upper one) of a match of :func:`bracket_data` shows: the
    match it waits for, or ``empty`` (nobody: a bye)."""
    feeder = 2 * match["match"] - 1 + side
    return f"winner of match {feeder}" if feeder in match.get("waiting", ()) else empty


def _how(match: dict[str, Any]) -> str:
    if not match["decided"]:
        return "playing" if match["games"] else "waiting" if match["waiting"] else ""
    how = str(match["how"])
    return {"games": "", "nobody": ""}.get(how, how)


def bracket_view(tournament: KnockoutTournament) -> View:
    """The bracket as a table: one row per match, round by round (JSON: :func:`bracket_data`'s rows)."""
    data = bracket_data(tournament)
    records: list[dict[str, Any]] = []
    for rnd in data["rounds"]:
        for match in rnd["matches"]:
            winner = match["winner"]
            score = [format_points(parse_points(value)) for value in match["score"]]
            records.append({"round": rnd["round"], "round_name": rnd["name"], "match": match["match"],
                            "first": _label(match["first"], empty_slot(match, 0, "-")),
                            "second": _label(match["second"], empty_slot(match, 1, "bye")),
                            "_first_short": _label(match["first"], empty_slot(match, 0, "-"), False),
                            "_second_short": _label(match["second"], empty_slot(match, 1, "bye"), False),
                            # a match forfeit (a withdrawal before it) shows its code, +/- or -/+
                            "score": "" if match["first"] is None or match["second"] is None
                            else match["forfeit"] or f"{score[0]}-{score[1]}",
                            "_score_ascii": "" if match["first"] is None or match["second"] is None
                            else match["forfeit"] or "-".join(format_points(parse_points(v), ascii=True)
                                                              for v in match["score"]),
                            "through": "" if winner is None else str(winner), "how": _how(match),
                            **_csv_sides(match)})
    columns = [Column("round", "Rd", text_cell("round"), "right"),
               Column("match", "M", text_cell("match"), "right"),
               Column("first", "Player", text_cell("first"), narrower=(text_cell("_first_short"),), wrap=True),
               Column("first_name", "", text_cell("first_name")),
               Column("first_rating", "", text_cell("first_rating")),
               Column("second", "Opponent", text_cell("second"), narrower=(text_cell("_second_short"),), wrap=True),
               Column("second_name", "", text_cell("second_name")),
               Column("second_rating", "", text_cell("second_rating")),
               Column("score", "Score", text_cell("score"), "center"),
               Column("through", "Through", text_cell("through"), "right"),
               Column("how", "How", text_cell("how"))]
    title = f"{tournament.settings.name}: bracket" + (f" (winner: {_label(data['champion'], '')})"
                                                       if data["champion"] else "")
    return View(title, records, columns, _csv_cell, optional=frozenset({"how"}), droppable=("how",),
                hidden=frozenset({"first_name", "first_rating", "second_name", "second_rating"}))


def _csv_sides(match: dict[str, Any]) -> dict[str, Any]:
    """A match's two sides as a script reads them, each in its own field as in ``pairings``: the start
    number (``first``, ``second``; empty for an empty slot), the name (or, for an empty slot, what
    it waits for: ``winner of match 3``, ``bye``, ``-``) and the rating (empty when unrated)."""
    sides: dict[str, Any] = {}
    for side, key, empty in ((0, "first", "-"), (1, "second", "bye")):
        player = match[key]
        sides[f"_{key}_number"] = "" if player is None else player["start_number"]
        sides[f"{key}_name"] = empty_slot(match, side, empty) if player is None else player["name"]
        sides[f"{key}_rating"] = "" if player is None or not player["rating"] else player["rating"]
    return sides


def _csv_cell(record: dict[str, Any], key: str) -> Any:
    """CSV cells: a side's start number alone (its name and rating have their own fields), and the
    score in decimals (2.5-1.5), for scripts."""
    if key in ("first", "second"):
        return record[f"_{key}_number"]
    return record["_score_ascii"] if key == "score" else record.get(key) if record.get(key) is not None else ""


def knockout_pairings_view(tournament: KnockoutTournament, rnd: KnockoutRound) -> View:
    """A round's games, one board (``MATCH.GAME``) each, and its walkovers. The records are those of
    any event's pairings (``board``, ``white`` and ``black`` start numbers, ``result``, ``null``
    until entered, ``white_name``, ``black_name``) with the game's ``stage``; a match without a game
    (a bye, a match forfeit) is one line ``MATCH`` whose ``stage`` says how it was decided, and so is
    a match forfeited after some of its games (a withdrawal in the middle), after them."""
    records: list[dict[str, Any]] = []

    def name(number: int | None) -> str | None:
        return tournament.by_number[number].name if number is not None else None

    for match in rnd.matches:
        for g in match.games:
            records.append({"board": f"{match.number}.{g.game}", "stage": g.stage, "white": g.white,
                            "black": g.black, "result": g.result.value if g.result else None,
                            "white_name": name(g.white), "black_name": name(g.black)})
        if not match.games or match.forfeit:
            state = decision(tournament, match)
            records.append({"board": f"{match.number}", "stage": state.how, "white": match.first,
                            "black": match.second, "result": match.forfeit.value if match.forfeit else None,
                            "white_name": name(match.first), "black_name": name(match.second),
                            "_waiting": match.waiting, "_match": match.number})

    def label(side: str, empty: str) -> Any:
        index = 0 if side == "white" else 1
        return lambda r: _label(_player(tournament, r[side]),
                                empty_slot({"match": r.get("_match", 0), "waiting": r.get("_waiting", ())}, index, empty))

    def result_text(r: dict[str, Any]) -> str:
        return "" if r["result"] is None else str(r["result"]).replace("1/2-1/2", "½-½")

    columns = [Column("board", "Board", text_cell("board"), "right"), Column("stage", "Stage", text_cell("stage")),
               Column("white", "White", label("white", "-"), wrap=True),
               Column("black", "Black", label("black", "bye"), wrap=True),
               Column("result", "Result", result_text, "center"),
               Column("white_name", "", text_cell("white_name")), Column("black_name", "", text_cell("black_name"))]
    name_of_round = round_name(rnd.number, tournament.total_rounds)
    title = f"{tournament.settings.name}: round {rnd.number}" + (
        f" ({name_of_round})" if name_of_round != f"round {rnd.number}" else "")
    return View(title, records, columns, hidden=frozenset({"white_name", "black_name"}))


def knockout_standings_view(tournament: KnockoutTournament) -> View:
    """The players by the round reached, then rating; a place shared by a round's losers shows as ``5-8``."""
    records: list[dict[str, Any]] = []
    for row in knockout_standings(tournament):
        p = row.player
        records.append({"rank": row.rank, "rank_to": row.rank_to, "start_number": p.start_number, "name": p.name,
                        "rating": p.rating or None, "reached": row.reached, "reached_name": row.reached_name,
                        "state": row.state,
                        "_place": str(row.rank) if row.rank == row.rank_to else f"{row.rank}-{row.rank_to}"})
    columns = [Column("rank", "Place", lambda r: r["_place"], "right"),
               Column("start_number", "No", text_cell("start_number"), "right"),
               Column("name", "Name", text_cell("name"), wrap=True),
               Column("rating", "Rtg", lambda r: str(r["rating"] or ""), "right"),
               Column("reached_name", "Reached", text_cell("reached_name")),
               Column("state", "Now", text_cell("state")),
               # for scripts (CSV, JSON): the shared place's last rank, and the round reached as a number
               Column("rank_to", "", text_cell("rank_to")), Column("reached", "", text_cell("reached"))]
    what = "final standings" if tournament.settings.status is Status.FINALISED else "standings"
    return View(f"{tournament.settings.name}: {what}", records, columns, hidden=frozenset({"rank_to", "reached"}))


def _header(tournament: KnockoutTournament, what: str, today: str) -> list[str]:
    return page_header(Tournament(tournament.settings), what, today)


def bracket_sheets(tournament: KnockoutTournament, today: str) -> list[Sheet]:
    """The bracket for the wall: one sheet per round."""
    view = bracket_view(tournament)
    sheets = []
    for rnd in tournament.rounds:
        part = View(view.title, [r for r in view.records if r["round"] == rnd.number], view.columns,
                    hidden=view.hidden)
        name = round_name(rnd.number, tournament.total_rounds)
        what = f"Bracket, round {rnd.number}" + (f" ({name})" if name != f"round {rnd.number}" else "")
        sheets.append(sheet(part, _header(tournament, what, today),
                            shrink=("first", "second")))
    return sheets or [sheet(view, _header(tournament, "Bracket (not drawn yet)", today))]


def knockout_standings_sheets(tournament: KnockoutTournament, today: str, notes: Sequence[str] = ()) -> list[Sheet]:
    return [sheet(knockout_standings_view(tournament), _header(tournament, "Standings", today), notes=notes)]
