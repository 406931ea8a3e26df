"""A club with rated events: members with club ratings per time control, and club tournaments
(round robins and Swiss events) that move them when finalised (B.02).

The commands drawn: ``member add``, ``member import``, ``member set-initial`` (every rating is
rebuilt), ``member remove``, a new club tournament (rapid, standard or blitz), ``player add
--member``, withdrawals, ``pair``, results, ``finalize`` (rates the tournament), corrections after
it (the ratings are rebuilt), ``ratings recompute``. Each tournament is checked as an event of its
own; the club is checked by ``verify`` (the club and every tournament) and by the rule that its
stored ratings are what a rebuild makes: ``ratings recompute`` on a copy changes nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from harness import views
from harness.common import EventCommands
from harness.draw import GAME_RESULTS, RESULTS, csv_cell, pick
from harness.files import names, round_numbers, round_rows, rows, settings
from harness.machine import Event
from harness.model import Model
from robustness._support import run_here, tree, tree_difference

__all__ = ["ClubMachine"]

_CONTROLS = ("15+10", "90+30", "5+3")


class ClubMachine(EventCommands):
    kind = "club"

    def __init__(self) -> None:
        super().__init__()
        self.models: dict[str, Model] = {}
        self.current = ""

    @initialize(data=st.data(), members=st.integers(3, 8))
    def create(self, data: st.DataObject, members: int) -> None:
        self.arbiter("club", "new", self.root, "--name", "Harness Chess Club")
        lines = ["name,birth_date,standard,rapid,blitz"]
        for _ in range(members):
            values = [str(data.draw(st.integers(12, 25), label="rating") * 100)
                      if data.draw(st.booleans(), label="rated") else "" for _ in range(3)]
            lines.append(f"{csv_cell(self.names.next())},,{','.join(values)}")
        self.arbiter("-d", self.root, "member", "import", "-", stdin="\n".join(lines) + "\n")
        self.new_tournament(data)

    # ------------------------------------------------------------------ the tournaments

    def tournaments(self) -> list[str]:
        directory = self.root / "tournaments"
        return sorted(p.name for p in directory.iterdir() if (p / "tournament.toml").is_file()) \
            if directory.is_dir() else []

    def event(self) -> Path:
        return self.root / "tournaments" / self.current

    def events(self) -> list[Event]:
        return [Event(self.root / "tournaments" / name, self.root / "tournaments" / name, (), self.models.get(name))
                for name in self.tournaments()]

    def access_places(self) -> list[tuple[list[str], list[str], Path]]:
        """The club's own list, and each of its tournaments' own."""
        places = super().access_places()
        for name in self.tournaments():
            folder = self.root / "tournaments" / name
            places.append((["-d", str(folder)], [], folder))
        return places

    def last_round(self) -> int:
        return max(round_numbers(self.event()), default=0) if self.current else 0

    def members(self) -> list[int]:
        return [int(r["id"]) for r in rows(self.root / "members.csv")]

    def new_tournament(self, data: st.DataObject) -> None:
        name = f"t{len(self.tournaments()) + 1}"
        system = pick(data, ("round-robin", "swiss"), "system")
        rounds = ["--rounds", "3"] if system == "swiss" else []
        run = self.arbiter("new", self.root / "tournaments" / name, "--name", f"Club event {name}", "--system",
                           system, *rounds, "--time-control", pick(data, _CONTROLS, "time control"),
                           "--seed", data.draw(st.integers(0, 99), label="seed"), "--initial-colour", "white")
        if run.code != 0:
            return
        self.current = name
        self.models[name] = Model()
        members = self.members()
        for member in data.draw(st.lists(st.sampled_from(members), min_size=min(2, len(members)), max_size=6,
                                         unique=True), label="members") if members else []:
            self.arbiter("-d", self.event(), "player", "add", "--member", member)

    def check_folder(self) -> None:
        super().check_folder()
        self.expect("the club's ratings are what a rebuild makes", self.rebuild_changes)

    def rebuild_changes(self) -> list[str]:
        copy = self.work / "club-copy"
        if copy.exists():
            shutil.rmtree(copy)
        shutil.copytree(self.root, copy, symlinks=True)
        before = tree(copy, dirs=False)
        done = run_here("-d", copy, "ratings", "recompute", "--yes")
        if done.code != 0:
            return [f"ratings recompute exits {done.code}: {done.err.strip()[-300:]}"]
        after = tree(copy, dirs=False)
        if before == after:
            return []
        return [f"ratings recompute changes a sound club: {tree_difference(before, after)[:6]} "
                f"({done.out.strip()[-300:]})"]

    # ------------------------------------------------------------------ the club

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def add_a_member(self, data: st.DataObject) -> None:
        rapid = data.draw(st.integers(12, 25), label="rapid") * 100
        self.arbiter("-d", self.root, "member", "add", self.names.next(), "--rapid", rapid)

    @precondition(lambda self: self.started and bool(rows(self.root / "members.csv")))
    @rule(data=st.data())
    def change_an_initial_rating(self, data: st.DataObject) -> None:
        control = pick(data, ("--standard", "--rapid", "--blitz"), "time control")
        self.arbiter("-d", self.root, "member", "set-initial", pick(data, self.members(), "member"), control,
                     data.draw(st.integers(12, 25), label="rating") * 100)

    @precondition(lambda self: self.started and bool(rows(self.root / "members.csv")))
    @rule(data=st.data())
    def remove_a_member(self, data: st.DataObject) -> None:
        self.arbiter("-d", self.root, "member", "remove", pick(data, self.members(), "member"))

    @precondition(lambda self: self.started)
    @rule()
    def recompute_the_ratings(self) -> None:
        self.arbiter("-d", self.root, "ratings", "recompute")

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def start_another_tournament(self, data: st.DataObject) -> None:
        self.new_tournament(data)

    # ------------------------------------------------------------------ the current tournament

    @precondition(lambda self: self.started and bool(self.current) and bool(rows(self.root / "members.csv")))
    @rule(data=st.data())
    def enter_a_member(self, data: st.DataObject) -> None:
        self.arbiter("-d", self.event(), "player", "add", "--member", pick(data, self.members(), "member"))

    @precondition(lambda self: self.started and bool(self.current))
    @rule(data=st.data())
    def withdraw_a_player(self, data: st.DataObject) -> None:
        players = names(self.event())
        if not players:
            return
        number = pick(data, sorted(players), "player")
        last = self.last_round()
        if self.arbiter("-d", self.event(), "player", "withdraw", number).code == 0:
            self.models[self.current].withdrawn[players[number]] = last

    def enter(self, number: int, lines: list[tuple[str, str]], options: tuple[str, ...] = ()) -> None:
        keys = {board: views.board_of(self.event(), number, board) for board, _ in lines}
        text = "".join(f"{board} {code}\n" for board, code in lines)
        if self.arbiter("-d", self.event(), "result", number, "--from", "-", *options, stdin=text).code == 0:
            for board, code in lines:
                key = keys[board]
                if key is not None:
                    self.models[self.current].enter(key, code)

    def missing(self, number: int) -> list[str]:
        return [r["board"] for r in round_rows(self.event(), number) if r["black"].strip() and not r["result"].strip()]

    @precondition(lambda self: self.started and bool(self.current))
    @rule(data=st.data())
    def play_the_round_and_pair(self, data: st.DataObject) -> None:
        number = self.last_round()
        if number and self.missing(number):
            self.enter(number, [(b, pick(data, GAME_RESULTS, f"result of {b}")) for b in self.missing(number)])
        if self.arbiter("-d", self.event(), "pair").code == 0:
            model = self.models[self.current]
            model.status = "running"
            model.absorb(self.event(), {self.last_round()})

    @precondition(lambda self: self.started and bool(self.current))
    @rule(data=st.data())
    def correct_a_result(self, data: st.DataObject) -> None:
        """A correction, also in a finalised tournament: the club's ratings are rebuilt."""
        name = pick(data, self.tournaments(), "tournament")
        folder = self.root / "tournaments" / name
        entered = [(n, r["board"]) for n in round_numbers(folder) for r in round_rows(folder, n) if r["black"].strip()]
        if not entered:
            return
        number, board = pick(data, entered, "board")
        code = pick(data, (*RESULTS, "none"), "result")
        key = views.board_of(folder, number, board)
        if self.arbiter("-d", folder, "result", number, board, code, "--correct", "--excused").code == 0 and key:
            self.models.setdefault(name, Model(status=views.status(folder))).enter(key, code)

    @precondition(lambda self: self.started and bool(self.current))
    @rule()
    def finalize(self) -> None:
        if self.arbiter("-d", self.event(), "finalize", "--date", "2026-12-31").code == 0:
            self.models[self.current].status = "finalised"

    @precondition(lambda self: False)
    @rule()
    def finish_early(self) -> None:
        """Not here: a club tournament finishes as any event does (see the individual machines)."""

    @precondition(lambda self: False)
    @rule()
    def carry_on_from_the_import_of_the_export(self) -> None:
        """Not here: an imported folder is no club tournament."""

    def finalize_folder(self) -> Path:
        return self.event() if self.current else self.root

    def prize_folder(self) -> Path:
        return self.event() if self.current else self.root

    def __repr__(self) -> str:
        return f"ClubMachine({settings(self.root).get('name', '')})"
