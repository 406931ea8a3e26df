"""Team events: a team Swiss (C.04.6) and a team round robin (a league, single or double).

The commands drawn: teams and rosters (``team import``, ``team add`` with ``team roster ...
add``, also ``--at`` a place, ``team remove``, ``team roster ... remove``), late teams, team
withdrawals (the round robin's half rule), requested team byes (``team bye``, ``--zero``, ``--cancel``), line-ups for
the next round and for the paired one, ``pair``, ``unpair``, board results, match forfeits
(``ROUND MATCH +/-``, also with ``--correct`` over board results, and ``none --correct``),
corrections before and after ``finalize``, ``finalize`` (also early), ``prizes.toml`` edits, and
carrying on from an export's import.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from harness import views
from harness.common import SETTINGS, UNSET, RoundCommands
from harness.machine import Event
from harness.oracle import annulled_teams, scoring_of
from harness.runs import said
from robustness._support import run_here
from harness.draw import FORFEITS, GAME_RESULTS, RESULTS, csv_cell, pick
from harness.files import Row, points, round_numbers, round_rows, rows, settings, team_names

__all__ = ["TeamSwissMachine", "TeamRoundRobinMachine"]

_CLUBS = ("Lyon", "Paris", "Nice", "Lille", "Metz", "Brest", "Caen", "Dijon", "Nancy", "Reims", "Tours", "Vichy")


def cards_and_boards(folder: Path) -> list[str]:
    """Each player's games and points: ``team card`` (every team) against ``team boards`` (the sum
    of the player's rows, one per board played, whose points leave the forfeit wins apart). A card
    is the record of who played whom, the matches a round robin's half rule annuls included
    (lifecycle/team_cards.py); the board list counts what the standings count: those are left out."""
    forfeit_win = scoring_of(settings(folder)).forfeit_win
    annulled = annulled_teams(folder)
    card, boards = run_here("-d", folder, "team", "card", "-f", "json"), run_here("-d", folder, "team", "boards",
                                                                                  "-f", "json")
    if card.code != 0 or boards.code != 0:
        return [f"team card exits {card.code}, team boards exits {boards.code}: {said(card)} {said(boards)}"]
    totals: dict[int, tuple[int, Fraction]] = {}
    for row in json.loads(boards.out):
        games, got = totals.get(row["start_number"], (0, Fraction(0)))
        totals[row["start_number"]] = (games + row["games"],
                                       got + points(row["points"]) + row["forfeit_wins"] * forfeit_win)
    out = []
    for row in json.loads(card.out):
        number = row["start_number"]
        listed = totals.get(number, (0, Fraction(0)))
        seats = [seat for seat in row["rounds"] if row["team_number"] not in annulled
                 and seat["opponent_team"] not in annulled]
        # a seat's points are the game points it gave the team (the event's game scoring: 2 for a win with
        # scoring.win = 2); the board list counts 1 / ½ / 0 and the forfeit wins apart (lifecycle/team_cards.py)
        counted = {"1": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0), "+": forfeit_win}
        shown = (sum(1 for seat in seats if seat["result"] in ("1", "½", "0")),
                 sum((counted.get(seat["result"], Fraction(0)) for seat in seats), Fraction(0)))
        if listed != shown and (shown[0] or listed[0]):
            out.append(f"{row['name']!r}: team card {shown[0]} games, {shown[1]} points; team boards {listed[0]} "
                       f"games, {listed[1]} points")
    return out


class TeamMachine(RoundCommands):
    """What a team Swiss and a team round robin share."""

    system = "swiss"
    excusable = False
    entrant = "team"

    def __init__(self) -> None:
        super().__init__()
        self.clubs = 0

    def settings(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return (*SETTINGS, ("team.tiebreaks", ("MP,GP,EDE", "GP,MP", "XX", UNSET)), ("team.match_win", ("3", "2")),
                ("team.primary", ("GP", "MP")), ("team.board_prize_share", ("1/2", "2")), ("tiebreaks", ("BH",)))

    # ------------------------------------------------------------------ reading the folder

    def teams(self) -> dict[int, str]:
        return team_names(self.root)

    def entrants(self) -> dict[int, str]:
        return self.teams()

    def boards(self) -> int:
        return int(settings(self.root).get("team", {}).get("boards", 2))

    def roster(self, team: int) -> list[Row]:
        return [r for r in rows(self.root / "players.csv") if r.get("team", "").strip() == str(team)]

    def board_lines(self, number: int) -> list[tuple[str, Row]]:
        """Round ``number``'s board lines with a player on each side (``MATCH.BOARD``, row), the
        boards of a forfeited match left out."""
        out = []
        match, forfeited = "", False
        for row in round_rows(self.root, number):
            if not row["match"].strip():
                continue
            if not row["board"].strip():
                match, forfeited = row["match"], bool(row["result"].strip())
            elif row["first"].strip() and row["second"].strip() and not forfeited:
                out.append((f"{match}.{row['board']}", row))
        return out

    entry_forms = ("board", "players", "pgn")

    def seat(self, number: int, board: str) -> tuple[int, int, bool] | None:
        """the docs, "Team events": the first-named team plays the colour pattern (``WBWB…`` unless set)."""
        boards = int(settings(self.root).get("team", {}).get("boards", 0) or 0)
        pattern = settings(self.root).get("team", {}).get("colours") or ("WB" * boards)[:boards]
        for where, row in self.board_lines(number):
            if where == board:
                first, second, seat = int(row["first"]), int(row["second"]), int(row["board"])
                return (second, first, True) if pattern[(seat - 1) % len(pattern)] == "B" else (first, second, False)
        return None

    def matches(self, number: int) -> list[str]:
        return [r["match"] for r in round_rows(self.root, number) if r["match"].strip() and not r["board"].strip()]

    def new_team(self, data: st.DataObject, players: int) -> tuple[str, str, list[tuple[str, int | None]]]:
        """A new team's name, short code and roster (rating order, unrated last)."""
        club = f"{_CLUBS[self.clubs % len(_CLUBS)]}{'' if self.clubs < len(_CLUBS) else self.clubs}"
        short = f"{club[:3].upper()}{self.clubs}"
        self.clubs += 1
        top = data.draw(st.integers(14, 25), label="team strength") * 100
        ratings = sorted((top - data.draw(st.integers(0, 300), label="rating") for _ in range(players)), reverse=True)
        unrated = data.draw(st.integers(0, 1), label="unrated players") if players > 2 else 0
        return club, short, [(self.names.next(), r if i < players - unrated else None) for i, r in enumerate(ratings)]

    # ------------------------------------------------------------------ registration

    def national(self) -> bool:
        """Whether the rosters follow the national rating (issue 27: ``--roster-rating national``)."""
        return bool(settings(self.root).get("team", {}).get("roster_rating") == "national")

    def roster_entry(self, data: st.DataObject, name: str, rating: int | None) -> tuple[int | None, int | None]:
        """A roster player's FIDE and national ratings: ``rating`` is the one the rosters follow;
        with national ratings, the FIDE rating is drawn apart (in any order)."""
        if not self.national():
            return rating, None
        return data.draw(st.one_of(st.none(), st.integers(1400, 2600)), label="FIDE rating"), rating

    def create_event(self, data: st.DataObject, system: str, extra: list[str]) -> None:
        boards = data.draw(st.integers(2, 4), label="boards")
        national = ["--roster-rating", "national", "--federation", "TUR"] if data.draw(
            st.integers(0, 3), label="national rosters") == 0 else []
        self.arbiter("new", self.root, "--teams", "--boards", boards, "--system", system, "--name", "Harness League",
                     "--seed", data.draw(st.integers(0, 99), label="seed"), *extra, *national)
        lines = ["team,short,name,rating,national_rating"]
        for _ in range(data.draw(st.integers(3, 8), label="teams")):
            club, short, roster = self.new_team(data, boards + data.draw(st.integers(-1, 2), label="roster size"))
            for name, rating in roster:
                fide, own = self.roster_entry(data, name, rating)
                lines.append(f"{club},{short},{csv_cell(name)},{fide or ''},{own or ''}")
        self.arbiter("-d", self.root, "team", "import", "-", stdin="\n".join(lines) + "\n")

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def register_a_team(self, data: st.DataObject) -> None:
        """A team and its roster: registration, or a late entry in a Swiss."""
        club, short, roster = self.new_team(data, self.boards() + data.draw(st.integers(0, 1), label="reserves"))
        if self.arbiter("-d", self.root, "team", "add", club, "--short", short).code == 0:
            entries = [(name, *self.roster_entry(data, name, rating)) for name, rating in roster]
            self.arbiter("-d", self.root, "team", "roster", short, "add",
                         *(f"{name}/{fide or ''}///{own or ''}".rstrip("/") for name, fide, own in entries))

    @precondition(lambda self: self.started and bool(team_names(self.root)))
    @rule(data=st.data())
    def add_a_player_at_a_roster_place(self, data: st.DataObject) -> None:
        """``team roster TEAM add PLAYER --at N`` (issue 30): a late player placed mid-roster, at any place
        (off the roster too, or after round 1: refused, and nothing changes)."""
        number = pick(data, sorted(self.teams()), "team")
        place = data.draw(st.integers(0, len(self.roster(number)) + 2), label="roster place")
        rating = data.draw(st.one_of(st.none(), st.integers(1200, 2600)), label="rating")
        name = self.names.next()
        fide, own = self.roster_entry(data, name, rating)
        self.arbiter("-d", self.root, "team", "roster", number, "add",
                     f"{name}/{fide or ''}///{own or ''}".rstrip("/"), "--at", place)

    @precondition(lambda self: self.started and bool(team_names(self.root)))
    @rule(data=st.data())
    def take_a_player_off_a_roster(self, data: st.DataObject) -> None:
        number = pick(data, sorted(self.teams()), "team")
        roster = self.roster(number)
        if roster:
            self.arbiter("-d", self.root, "team", "roster", number, "remove", pick(data, roster, "player")["name"])

    @precondition(lambda self: self.started and bool(team_names(self.root)))
    @rule(data=st.data())
    def give_a_line_up(self, data: st.DataObject) -> None:
        number = pick(data, sorted(self.teams()), "team")
        roster = self.roster(number)
        if not roster:
            return
        chosen = data.draw(st.lists(st.sampled_from(range(len(roster))), min_size=1, max_size=self.boards(),
                                    unique=True), label="players")
        if data.draw(st.booleans(), label="roster order"):
            chosen = sorted(chosen)
        players = [roster[i]["name"] if data.draw(st.booleans(), label="by name") else roster[i]["start_number"]
                   for i in chosen]
        round_number = max(1, self.last_round() + data.draw(st.integers(0, 1), label="next round"))
        name = self.teams()[number]
        if self.arbiter("-d", self.root, "lineup", round_number, number, *players).code == 0:
            for key in list(views.results(self.root)) + list(self.model.results):
                if key[0] == round_number and name in key[1:3]:  # an empty board's forfeit is the program's
                    self.model.settle(self.root, round_number, key[1], key[2])

    # ------------------------------------------------------------------ results

    def check_event(self, event: Event) -> None:
        super().check_event(event)
        self.expect("team card and team boards agree", lambda: cards_and_boards(self.root))

    def missing(self, number: int) -> list[str]:
        return [where for where, row in self.board_lines(number) if not row["result"].strip()]

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def enter_the_missing_results(self, data: st.DataObject) -> None:
        number = self.last_round()
        lines = [(where, pick(data, RESULTS if data.draw(st.integers(0, 6), label="forfeit?") == 0 else GAME_RESULTS,
                              f"result of {where}")) for where in self.missing(number)]
        if lines:
            self.enter(number, lines, [], self.entry_form(data))

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def enter_or_correct_one_result(self, data: st.DataObject) -> None:
        """A board's result, or a whole match's forfeit; with ``--correct`` now and then."""
        number = data.draw(st.integers(1, self.last_round()), label="round")
        places = [where for where, _ in self.board_lines(number)] + self.matches(number)
        if not places:
            return
        where = pick(data, places, "board or match")
        code = pick(data, (*FORFEITS, "none") if "." not in where else (*RESULTS, "none"), "result")
        correct = ["--correct"] if data.draw(st.booleans(), label="--correct") else []
        key = views.board_of(self.root, number, where)
        if self.arbiter("-d", self.root, "result", number, where, code, *correct).code == 0 and key is not None:
            self.model.enter(key, code)
            if "." not in where:
                self.model.settle(self.root, number, key[1], key[2])
            if number < self.last_round():
                self.taint()

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def forfeit_a_match(self, data: st.DataObject) -> None:
        """A team did not come (or neither did): the whole match's forfeit, over its board results
        with ``--correct``, or taken back (``none --correct``)."""
        played = [(n, m) for n in range(1, self.last_round() + 1) for m in self.matches(n)
                  if any(row["result"].strip() for where, row in self.board_lines(n) if where.split(".")[0] == m)]
        everything = [(n, m) for n in range(1, self.last_round() + 1) for m in self.matches(n)]
        if not everything:
            return
        prefer = bool(played) and data.draw(st.booleans(), label="played")
        number, match = pick(data, played if prefer else everything, "match")
        code = pick(data, (*FORFEITS, "none"), "forfeit")
        correct = ["--correct"] if data.draw(st.integers(0, 3), label="--correct") else []
        key = views.board_of(self.root, number, match)
        if self.arbiter("-d", self.root, "result", number, match, code, *correct).code == 0 and key is not None:
            self.model.enter(key, code)
            self.model.settle(self.root, number, key[1], key[2])
            if number < self.last_round():
                self.taint()


class TeamSwissMachine(TeamMachine):
    """A team Swiss (C.04.6, 2026), with requested team byes."""

    kind = "team Swiss"

    @initialize(data=st.data())
    def create(self, data: st.DataObject) -> None:
        model = pick(data, ("a", "b", "none"), "colour model")
        extra = ["--rounds", str(data.draw(st.integers(3, 5), label="rounds")), "--colour-model", model]
        if data.draw(st.integers(0, 3), label="GP first?") == 0:
            extra += ["--primary", "GP"]
        if data.draw(st.integers(0, 3), label="PAB won?") == 0:
            extra += ["--pab", "win"]
        self.create_event(data, "swiss", extra)

    def ask_for_a_bye(self, data: st.DataObject, first: int) -> None:
        number = pick(data, sorted(self.teams()), "team")
        name = self.teams()[number]
        planned = int(settings(self.root).get("rounds", 0) or 4)
        round_number = data.draw(st.integers(first, max(planned, first)), label="round")
        by = pick(data, (str(number), name), "named by")
        zero = ["--zero"] if data.draw(st.booleans(), label="--zero") else []
        if self.arbiter("-d", self.root, "team", "bye", by, round_number, *zero).code == 0:
            self.model.request(round_number, name, "ZPB" if zero else "HPB")

    @precondition(lambda self: self.started and bool(team_names(self.root)))
    @rule(data=st.data())
    def request_a_team_bye(self, data: st.DataObject) -> None:
        self.ask_for_a_bye(data, 1)

    @precondition(lambda self: self.started and bool(team_names(self.root)) and not round_numbers(self.root))
    @rule(data=st.data())
    def request_a_team_bye_while_teams_register(self, data: st.DataObject) -> None:
        """Teams announce their absences before the event starts, as they register."""
        self.ask_for_a_bye(data, 1)

    @precondition(lambda self: self.started and bool(views.requests(self.root)))
    @rule(data=st.data())
    def cancel_a_team_bye(self, data: st.DataObject) -> None:
        round_number, name = pick(data, sorted(self.model.requests) or sorted(views.requests(self.root)), "request")
        if self.arbiter("-d", self.root, "team", "bye", name, round_number, "--cancel").code == 0:
            self.model.cancel(round_number, name)


class TeamRoundRobinMachine(TeamMachine):
    """A team round robin (a league), single or double, with the half rule for withdrawals."""

    kind = "team round robin"

    @initialize(data=st.data())
    def create(self, data: st.DataObject) -> None:
        system = pick(data, ("round-robin", "round-robin", "double-round-robin"), "system")
        self.create_event(data, system, [])
