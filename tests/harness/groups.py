"""A group stage: round-robin groups, then a final (a round robin or a knockout) in the same folder.

The commands drawn: registration, the groups dealt in snake order or set by hand (``groups set``,
``groups set --snake``), ``pair`` (starting the groups, then the final, then a knockout final's
next rounds), results and corrections in a stage (``--group X``), withdrawals and ``unpair`` in a
stage (``-d DIR/stages/X``), ``finalize`` of the whole event, and ``prizes.toml`` in the final.
Every stage is checked as an event of its own (through ``--group``), each with its own model.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from harness import views
from harness.common import SETTINGS, Registration
from harness.draw import GAME_RESULTS, RESULTS, csv_cell, pick, ratings
from harness.files import names, round_numbers, round_rows, settings
from harness.machine import Event
from harness.model import Model
from robustness._support import run_here

__all__ = ["GroupStageMachine"]


class GroupStageMachine(Registration):
    kind = "group stage"

    def settings(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return (*SETTINGS, ("groups.advance", ("1", "2", "0")), ("tiebreaks", ("DE,SB", "XX")),
                ("groups.final", ("knockout", "round-robin")), ("groups.knockout", ("<unset>",)))

    def __init__(self) -> None:
        super().__init__()
        self.stage_models: dict[str, Model] = {}

    @initialize(data=st.data(), players=st.integers(4, 10))
    def create(self, data: st.DataObject, players: int) -> None:
        final = pick(data, ("round-robin", "knockout"), "final")
        extra = ["--games-per-match", "1", "--tiebreak-stages", "armageddon"] if final == "knockout" else []
        self.arbiter("new", self.root, "--name", "Harness Masters", "--system", "groups",
                     "--groups", data.draw(st.integers(2, 3), label="groups"),
                     "--advance", data.draw(st.integers(1, 2), label="advance"), "--final", final,
                     "--seed", data.draw(st.integers(0, 99), label="seed"), *extra)
        lines = ["name,rating"]
        for _ in range(players):
            rating = data.draw(ratings(), label="rating")
            lines.append(f"{csv_cell(self.names.next())},{rating or ''}")
        self.arbiter("-d", self.root, "player", "import", "-", stdin="\n".join(lines) + "\n")

    # ------------------------------------------------------------------ the stages

    def stages(self) -> list[str]:
        directory = self.root / "stages"
        return sorted(p.name for p in directory.iterdir() if p.is_dir() and not p.name.startswith(".")) \
            if directory.is_dir() else []

    def stage(self, name: str) -> Path:
        return self.root / "stages" / name

    def events(self) -> list[Event]:
        return [Event(self.root, self.stage(name), ("--group", name), self.stage_models.get(name))
                for name in self.stages()]

    def access_places(self) -> list[tuple[list[str], list[str], Path]]:
        """The stages use the event's access list, whether named with --group or by their folder."""
        places = super().access_places()
        for name in self.stages():
            places += [(["-d", str(self.root)], ["--group", name], self.root),
                       (["-d", str(self.stage(name))], [], self.root)]
        return places

    def check_folder(self) -> None:
        super().check_folder()
        self.expect("the folder holds what was asked", lambda: [
            f"status: expected {self.model.status}, the folder has {views.status(self.root)}"
        ] if views.status(self.root) != self.model.status else [])

    def prize_folder(self) -> Path:
        return self.stage("final") if self.stage("final").is_dir() else self.root

    @precondition(lambda self: self.started and self.stage("final").is_dir())
    @rule()
    def prizes_of_the_final_through_group(self) -> None:
        """``prizes --group final`` (issue 30's trial) says what ``-d stages/final prizes`` says."""
        through = run_here("-d", self.root, "prizes", "--group", "final", "-f", "json")
        direct = run_here("-d", self.stage("final"), "prizes", "-f", "json")
        assert (through.code, through.out) == (direct.code, direct.out), (through.err, direct.err)

    # ------------------------------------------------------------------ registration

    @precondition(lambda self: self.started and bool(names(self.root)))
    @rule(data=st.data())
    def set_the_groups(self, data: st.DataObject) -> None:
        if data.draw(st.booleans(), label="snake"):
            self.arbiter("-d", self.root, "groups", "set", "--snake")
            return
        count = int(settings(self.root).get("groups", {}).get("count", 2))
        letters = [chr(ord("A") + i) for i in range(count)]
        lines = ["start_number,group"] + [f"{n},{pick(data, letters, f'group of {n}')}"
                                          for n in sorted(names(self.root))]
        self.arbiter("-d", self.root, "groups", "set", "-", stdin="\n".join(lines) + "\n")

    # ------------------------------------------------------------------ pairing

    def pair_stages(self) -> None:
        before = set(self.stages())
        knockout = self.stage("final") / "bracket.csv"
        last = max(round_numbers(self.stage("final")), default=0) if knockout.is_file() else 0
        if self.arbiter("-d", self.root, "pair").code != 0:
            return
        self.model.status = "running"
        for name in set(self.stages()) - before:
            model = self.stage_models[name] = Model(status="running")
            model.absorb(self.stage(name))  # every round of a group is paired at once: forfeits of withdrawals
        if knockout.is_file() and "final" in before:
            self.stage_models["final"].absorb(self.stage("final"), {last + 1})
            self.stage_models["final"].status = "running"  # its round 1 again, after an unpair: running again

    @precondition(lambda self: self.started)
    @rule()
    def pair_the_next_step(self) -> None:
        self.pair_stages()

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def play_and_pair(self, data: st.DataObject) -> None:
        for _ in range(8):
            places = self.open_boards()
            if not places:
                break
            name, number, _ = places[0]
            self.enter(name, number, [(b, pick(data, GAME_RESULTS, f"result of {b}"))
                                      for s, n, b in places if s == name and n == number])
        self.pair_stages()

    def open_boards(self) -> list[tuple[str, int, str]]:
        """(stage, round, board) of every game without a result."""
        out = []
        for name in self.stages():
            stage = self.stage(name)
            for number in round_numbers(stage):
                for row in round_rows(stage, number):
                    if "game" in row:
                        if row["game"].strip() and not row["result"].strip():
                            out.append((name, number, f"{row['match']}.{row['game']}"))
                    elif row["black"].strip() and not row["result"].strip():
                        out.append((name, number, row["board"]))
        return out

    # ------------------------------------------------------------------ results

    def enter(self, name: str, number: int, lines: list[tuple[str, str]], options: tuple[str, ...] = ()) -> bool:
        stage = self.stage(name)
        keys = {board: views.board_of(stage, number, board) for board, _ in lines}
        text = "".join(f"{board} {code}\n" for board, code in lines)
        if self.arbiter("-d", self.root, "result", number, "--from", "-", "--group", name, *options,
                        stdin=text).code != 0:
            return False
        model = self.stage_models.setdefault(name, Model(status="running"))
        for board, code in lines:
            key = keys[board]
            if key is not None:
                model.enter(key, code)
        return True

    @precondition(lambda self: self.started and (self.root / "stages").is_dir())
    @rule(data=st.data())
    def enter_results_in_a_stage(self, data: st.DataObject) -> None:
        places = self.open_boards()
        if not places:
            return
        name, number, _ = pick(data, places, "stage and round")
        self.enter(name, number, [(b, pick(data, RESULTS if "." not in b else GAME_RESULTS, f"result of {b}"))
                                  for s, n, b in places if s == name and n == number], ("--excused",))

    @precondition(lambda self: self.started and (self.root / "stages").is_dir())
    @rule(data=st.data())
    def correct_a_result_in_a_stage(self, data: st.DataObject) -> None:
        name = pick(data, self.stages(), "stage")
        stage = self.stage(name)
        entered = [(n, k) for n in round_numbers(stage) for k in views.results(stage) if k[0] == n and k[3] != "match"]
        if not entered:
            return
        number, key = pick(data, entered, "result")
        board = self.board_name(stage, number, key)
        if board is None:
            return
        code = pick(data, (*GAME_RESULTS, "none"), "result")
        force = ["--force"] if "." in board and data.draw(st.booleans(), label="--force") else []
        if self.arbiter("-d", self.root, "result", number, board, code, "--correct", "--group", name,
                        *force).code == 0:
            model = self.stage_models.setdefault(name, Model(status="running"))
            model.enter(key, code)
            if "." in board:  # a knockout final's game: the match's later games follow its score, and who went
                # through may change, whose later matches are paired again, their results dropped (the program
                # says which: "round R match M: its results dropped"), as the knockout's machine models it
                held = views.results(stage)
                game = int(board.split(".")[1])
                for other in [k for k in model.results if k not in held and (
                        k[0] > number or (k[0] == number and {k[1], k[2]} == {key[1], key[2]}
                                          and k[3] != "match" and int(k[3]) > game))]:
                    del model.results[other]

    def board_name(self, stage: Path, number: int, key: tuple[int, str, str, str]) -> str | None:
        for row in round_rows(stage, number):
            if "game" in row:
                board = f"{row['match']}.{row['game']}"
            else:
                board = row["board"]
            if board.strip(".") and views.board_of(stage, number, board) == key:
                return board
        return None

    @precondition(lambda self: self.started and (self.root / "stages").is_dir())
    @rule(data=st.data())
    def withdraw_a_player_from_a_stage(self, data: st.DataObject) -> None:
        name = pick(data, self.stages(), "stage")
        stage = self.stage(name)
        players = names(stage)
        if not players:
            return
        number = pick(data, sorted(players), "player")
        last = max(round_numbers(stage), default=0)
        if self.arbiter("-d", stage, "player", "withdraw", number).code == 0:
            model = self.stage_models.setdefault(name, Model(status="running"))
            model.withdrawn[players[number]] = last
            model.absorb(stage)

    @precondition(lambda self: self.started and (self.root / "stages").is_dir())
    @rule(data=st.data())
    def unpair_in_a_stage(self, data: st.DataObject) -> None:
        name = pick(data, self.stages(), "stage")
        number = max(round_numbers(self.stage(name)), default=0)
        place = ["--group", name] if data.draw(st.booleans(), label="--group") else []  # or in its own folder
        if self.arbiter("-d", self.root if place else self.stage(name), "unpair", *place).code == 0:
            self.stage_models.setdefault(name, Model(status="running")).unpaired(number)

    # ------------------------------------------------------------------ the end

    @precondition(lambda self: self.started)
    @rule()
    def finalize(self) -> None:
        if self.arbiter("-d", self.root, "finalize", "--date", "2026-12-31").code == 0:
            self.model.status = "finalised"
            for model in self.stage_models.values():
                model.status = "finalised"
