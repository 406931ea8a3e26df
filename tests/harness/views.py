"""What a folder holds, as the harness reads it from the files (:mod:`harness.files`), keyed by
the names of players and teams rather than by numbers: numbers change (a registration renumbers
until round 1, a late entry until round 4, the first pairing of a team event renumbers the teams),
what the arbiter asked for does not.

* a result's key: ``(round, white, black, "")`` for an individual game, ``(round, first team,
  second team, "BOARD")`` for a team event's board (``"match"``: the match line, which holds a
  match forfeit), ``(round, first, second, "GAME")`` for a knockout's game (``"match"``: the
  match line; first and second as the line names them);
* a requested bye's key: ``(round, name)`` with the code ``HPB``/``ZPB``.
"""

from __future__ import annotations

from pathlib import Path

from harness.files import Row, names, round_numbers, round_rows, rows, settings, team_names

__all__ = ["ResultKey", "results", "requests", "withdrawn", "status", "bye_rows", "board_of", "round_of_key"]

ResultKey = tuple[int, str, str, str]


def _number(text: str) -> int | None:
    return int(text) if text.strip() else None


def _kind(folder: Path) -> str:
    if (folder / "teams.csv").is_file():
        return "team"
    return "knockout" if settings(folder).get("system") == "knockout" else "individual"


def results(folder: Path) -> dict[ResultKey, str]:
    """Every result entered in the round files, by key."""
    kind = _kind(folder)
    out: dict[ResultKey, str] = {}
    if kind == "team":
        team = team_names(folder)
        for number in round_numbers(folder):
            first = second = ""
            for row in round_rows(folder, number):
                if not row["match"].strip():
                    continue
                if not row["board"].strip():
                    first, second = team[int(row["first"])], team[int(row["second"])]
                    board = "match"
                else:
                    board = row["board"].strip()
                if row["result"].strip():
                    out[(number, first, second, board)] = row["result"].strip()
        return out
    name = names(folder)
    for number in round_numbers(folder):
        for row in round_rows(folder, number):
            result = row["result"].strip()
            if kind == "knockout":
                if result:
                    one, two = _number(row["first"]), _number(row["second"])
                    where = row["game"].strip() or "match"
                    out[(number, name.get(one or 0, ""), name.get(two or 0, ""), where)] = result
            elif row["black"].strip() and result:
                out[(number, name[int(row["white"])], name[int(row["black"])], "")] = result
    return out


def round_of_key(key: ResultKey) -> int:
    return key[0]


def board_of(folder: Path, number: int, board: str) -> ResultKey | None:
    """The key of the board a command names (``5``; a team event's ``2.3`` or match ``2``; a
    knockout's ``2.1``) in round ``number`` as the folder holds it now; None if there is none."""
    kind = _kind(folder)
    round_rows_ = round_rows(folder, number)
    if kind == "team":
        team = team_names(folder)
        match, _, seat = board.partition(".")
        current: Row | None = None
        for row in round_rows_:
            if row["match"].strip() == match and not row["board"].strip():
                current = row
            elif current is not None and row["match"].strip() == match and row["board"].strip() == (seat or "-"):
                break
        if current is None:
            return None
        return (number, team[int(current["first"])], team[int(current["second"])], seat or "match")
    name = names(folder)
    if kind == "knockout":
        match, _, game = board.partition(".")
        for row in round_rows_:
            if row["match"].strip() == match and row["game"].strip() == game:
                first, second = _number(row["first"]), _number(row["second"])
                return (number, name.get(first or 0, ""), name.get(second or 0, ""), game or "match")
        return None
    for row in round_rows_:
        if row["board"].strip() == board and row["black"].strip():
            return (number, name[int(row["white"])], name[int(row["black"])], "")
    return None


def requests(folder: Path) -> dict[tuple[int, str], str]:
    """The requested byes for rounds not yet paired (``byes.csv``, a team Swiss's ``team_byes.csv``)."""
    if (folder / "teams.csv").is_file():
        team = team_names(folder)
        return {(int(r["round"]), team.get(int(r["team"]), f"team {r['team']}?")): r["kind"]
                for r in rows(folder / "team_byes.csv")}
    name = names(folder)
    return {(int(r["round"]), name.get(int(r["start_number"]), f"player {r['start_number']}?")): r["kind"]
            for r in rows(folder / "byes.csv")}


def withdrawn(folder: Path) -> dict[str, int]:
    """Who has withdrawn (players, or a team event's teams), with the last round they take part in."""
    source = folder / ("teams.csv" if (folder / "teams.csv").is_file() else "players.csv")
    return {r["name"]: int(r["withdrawn_after"] or 0) for r in rows(source) if r["status"] == "withdrawn"}


def status(folder: Path) -> str:
    return str(settings(folder).get("status", "registration"))


def bye_rows(folder: Path, number: int) -> dict[str, str]:
    """Who has a bye row in round ``number``, with its code."""
    if (folder / "teams.csv").is_file():
        team = team_names(folder)
        return {team[int(r["first"])]: r["result"].strip() for r in round_rows(folder, number)
                if not r["match"].strip()}
    name = names(folder)
    return {name[int(r["white"])]: r["result"].strip() for r in round_rows(folder, number)
            if not r.get("board", "").strip() and r.get("white", "").strip()}


def late_entries(folder: Path) -> dict[str, int]:
    """An individual event's late entries (``players.csv``'s ``entered_round``): name -> the round they
    entered in."""
    if (folder / "teams.csv").is_file() or not (folder / "players.csv").is_file():
        return {}
    return {r["name"]: int(r["entered_round"]) for r in rows(folder / "players.csv") if r.get("entered_round", "").strip()}
