"""The commands every event kind shares: ``pair`` (with the check that each requested bye goes to
whom asked for it), ``finalize`` (also early), ``prizes.toml`` edits, ``settings set|unset`` (issue
27: each kind draws from its own keys, values the model takes and values it refuses, keys frozen
once round 1 is paired), and carrying on from the import of an export (the folder the sequence
works on becomes the imported one)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from harness import views
from harness.draw import GAME_RESULTS, Names, pick, prize_lists, ratings
from harness.files import names, round_numbers
from harness.engines import check_with_engines
from harness.machine import RUN, Event, HarnessMachine
from harness.model import canonical
from harness.roundtrip import allowed_losses
from harness.runs import said
from robustness._support import run_here

__all__ = ["EventCommands", "RoundCommands", "Registration", "SETTINGS", "UNSET"]

#: ``settings unset KEY`` among the values drawn.
UNSET = "<unset>"

#: The settings every kind draws from (``settings set KEY VALUE``), each with values a person types:
#: good ones, one the model refuses, and an unknown key; a kind adds its own (``Machine.settings``).
#: Which of them a state allows is the program's to say (the docs, "Changing a setting"): a refused
#: change must change nothing (I2), an allowed one is shown by ``settings`` as set.
SETTINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("name", ("Renamed Open", "")),
    ("place", ("Lyon", UNSET)),
    ("rank_withdrawn", ("false", "true", "maybe")),
    ("tiebreak_lots", ("true", "false", UNSET)),
    ("unrated_rating", ("1000", "-5", UNSET)),
    ("seed", ("7", "x")),
    ("scoring.win", ("2", "1", "0")),
    ("scoring.draw", ("1", "1/2", "1/3")),
    ("no_show_rule", ("off", "fide", "federation", "strict", UNSET)),
    ("rank_withdraw", ("false",)),
    ("status", ("finalised",)),
    ("prizes.split", ("hort", "tiebreak", "shared", "fair")),
)


class EventCommands(HarnessMachine):
    """An event folder (individual, team or knockout) and the commands all of them take."""

    def __init__(self) -> None:
        super().__init__()
        self.names = Names()
        self.hand_paired: set[int] = set()
        #: The rounds paired before a change that reaches back (a round paired by hand, a correction of
        #: an earlier round, a withdrawal dated back, a forbidden pair or virtual points given after
        #: a pairing): the engines' checkers would pair them otherwise, rightly (harness.engines).
        self.tainted = 0

    def taint(self, through: int | None = None) -> None:
        self.tainted = max(self.tainted, self.last_round() if through is None else through)

    def last_round(self) -> int:
        return max(round_numbers(self.root), default=0)

    def pair(self, extra: list[str] | None = None, stdin: str | None = None, by_hand: bool = False) -> bool:
        """Pair the next round; each bye requested for it must be in it, for whom asked."""
        number = self.last_round() + 1
        run = self.arbiter("-d", self.root, "pair", *(extra or []), stdin=stdin)
        if run.code != 0:
            return False
        granted = self.model.paired(number)
        given = views.bye_rows(self.root, number)
        for who, kind in sorted(granted.items()):
            if given.get(who) != kind:
                self.violate("a requested bye goes to whom asked for it",
                             f"round {number}: {who} asked for {kind}, the round gives them "
                             f"{given.get(who) or 'no bye'} (the round's byes: {given})", run)
        self.model.absorb(self.root, {number})
        self.model.status = "running"
        if by_hand:
            self.hand_paired.add(number)
            self.taint(number)
        return True

    # ------------------------------------------------------------------ the end

    @precondition(lambda self: self.started)
    @rule()
    def finalize(self) -> None:
        if self.arbiter("-d", self.root, "finalize", "--date", "2026-12-31").code == 0:
            self.model.status = "finalised"

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def finish_early(self, data: st.DataObject) -> None:
        last = data.draw(st.integers(1, self.last_round()), label="after round")
        yes = ["--yes"] if data.draw(st.booleans(), label="yes") else []
        late = {name for name, entered in views.late_entries(self.root).items() if entered > last}
        if self.arbiter("-d", self.root, "finalize", "--after-round", last, "--date", "2026-12-31",
                        *yes).code == 0 and yes:
            self.model.finished_early(last, late)
            self.model.status = "finalised"
            self.hand_paired = {n for n in self.hand_paired if n <= last}

    # ------------------------------------------------------------------ settings

    def settings(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The settings this kind draws from (see :data:`SETTINGS`)."""
        return SETTINGS

    def settings_folder(self) -> Path:
        """Where ``settings`` runs: the event's folder (a group event's top folder)."""
        return self.root

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def change_a_setting(self, data: st.DataObject) -> None:
        """``settings set KEY VALUE`` or ``settings unset KEY``, as a person types them: the program
        takes it or refuses it with one line and nothing changed (I2); one it takes is then shown."""
        key, values = pick(data, self.settings(), "setting")
        value = pick(data, values, "value")
        folder = self.settings_folder()
        done = self.arbiter("-d", folder, "settings", *(("unset", key) if value == UNSET else ("set", key, value)))
        if done.code != 0 or value == UNSET or not value.replace("-", "").isalnum():
            return
        shown = self.reader("-d", folder, "settings", "-f", "csv")
        rows = {row["key"]: row["value"] for row in csv.DictReader(io.StringIO(shown.out))} if shown.code == 0 else {}
        if rows.get(key) not in (("", "none") if value == "none" else (value,)):  # none: unset, or a value (acceleration)
            self.violate("a setting set is the setting shown", f"settings set {key} {value} exits 0, but "
                         f"settings shows {rows.get(key)!r}", done)

    # ------------------------------------------------------------------ prizes

    def prize_folder(self) -> Path:
        return self.root

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def edit_the_prize_list(self, data: st.DataObject) -> None:
        """A person writes (or deletes) ``prizes.toml``, then looks at the list."""
        team = (self.prize_folder() / "teams.csv").is_file()
        self.write_prizes(self.prize_folder(), data.draw(st.one_of(st.none(), prize_lists(team)), label="prizes.toml"))
        self.reader("-d", self.prize_folder(), "prizes")
        if views.status(self.prize_folder()) == "finalised":
            # the docs, "A prize fund that comes after finalize": until 'finalize' is run again, verify
            # names final/prizes.* as missing, out of date or given by no prizes.toml; run again, it
            # stores (or removes) the list, or is refused when there is nothing to store
            self.arbiter("-d", self.finalize_folder(), "finalize")

    def finalize_folder(self) -> Path:
        """Where ``finalize`` runs for the event whose prize list :meth:`prize_folder` holds."""
        return self.root

    def check_event(self, event: Event) -> None:
        super().check_event(event)
        self.expect("a finalised event stores its prize list", lambda: final_prize_list(event.stage))
        if RUN.external and event.stage == self.root:
            checkable = set(range(self.tainted + 1, self.last_round() + 1))
            self.expect("the engines pair as pair did", lambda: check_with_engines(self.root, self.trf, checkable))

    # ------------------------------------------------------------------ import

    @precondition(lambda self: self.started)
    @rule()
    def carry_on_from_the_import_of_the_export(self) -> None:
        """Export the event, import the file into a new folder and go on there."""
        trf = self.work / f"carry-{self.imports}.trf"
        exported = self.reader("-d", self.root, "export", "-o", trf)
        if exported.code != 0:
            return
        allowed, _ = allowed_losses(line for line in exported.err.splitlines() if line.startswith("warning: "))
        target = self.work / f"ev{self.imports + 1}"
        late = views.late_entries(self.root)
        if self.arbiter("import", trf, target).code != 0:
            return
        # a late entry comes back a player (a team) with byes in the rounds they missed (export says so): as
        # any bye of a paired round, 'unpair' gives those back as requested byes (lifecycle.unpair)
        for name, entered in late.items():
            for number in range(1, entered):
                kind = (views.bye_rows(target, number).get(name) if (target / "rounds" / f"{number:02d}.csv").is_file()
                        else None)
                if kind in ("HPB", "ZPB"):
                    self.model.granted.setdefault(number, {})[name] = kind
        self.taint()  # the seed is not in a TRF: a colour drawn by lot may differ
        prizes = self.root / "prizes.toml"
        self.root = target
        self.imports += 1
        if prizes.is_file():
            self.write_prizes(target, prizes.read_text(encoding="utf-8"))
        if "status" in allowed:
            self.model.status = views.status(target)
        if "withdrawals" in allowed:
            self.model.withdrawn = views.withdrawn(target)
        if "requested byes" in allowed:
            self.model.requests = views.requests(target)
        # a forfeited match's boards are never exported (its 330 in their place): export warns when they
        # hold what the arbiter entered or chose (board results, a line-up given), not of the pairing's
        # own line-up and its empty boards' forfeits, which go all the same
        self.model.drop_kept_under_forfeits()


def final_prize_list(folder: Path) -> list[str]:
    """A finalised event with a prize list holds it in ``final/``, as ``prizes`` shows it."""
    if views.status(folder) != "finalised" or not (folder / "prizes.toml").is_file():
        return []
    stored = folder / "final" / "prizes.json"
    shown = run_here("-d", folder, "prizes", "-f", "json")
    if shown.code != 0:
        return [f"prizes exits {shown.code} on a finalised event: {said(shown)}"]
    if not stored.is_file():
        return ["the event is finalised and has a prizes.toml, but final/prizes.json is not there"]
    if json.loads(stored.read_text(encoding="utf-8")) != json.loads(shown.out):
        return ["final/prizes.json differs from 'arbiter prizes -f json'"]
    return []


#: The results a PGN game ends with (the docs, "Results from PGN"), as the folder writes them.
_PGN = ("1-0", "0-1", "1/2-1/2")


def _turned(code: str) -> str:
    """A code from the other side: a win and a forfeit win change hands."""
    return {"1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-"}.get(code, code)


class RoundCommands(EventCommands):
    """An event paired round by round (all but a group stage and a club): the last results, then
    the next round; pairing; unpairing. A kind says which boards miss a result and how it enters
    many at once."""

    #: The command's word for an entrant: ``player`` (an individual event, a knockout) or ``team``.
    entrant = "player"

    def entrants(self) -> dict[int, str]:
        """Number -> name of the players (a team event: the teams)."""
        return names(self.root)

    def missing(self, number: int) -> list[str]:
        """Round ``number``'s boards (``BOARD``, ``MATCH.BOARD``, ``MATCH.GAME``) without a result."""
        raise NotImplementedError

    #: How :meth:`enter` writes many results (the docs, "result"): ``board`` lines (``BOARD RESULT``),
    #: ``players`` lines (``WHITE BLACK RESULT``, issue 27), or a ``pgn`` file's games (``--pgn``); a kind
    #: that takes more than board lines names them, and each entry draws one.
    entry_forms: tuple[str, ...] = ("board",)

    def entry_form(self, data: st.DataObject) -> str:
        return pick(data, self.entry_forms, "entry form") if len(self.entry_forms) > 1 else "board"

    def seat(self, number: int, board: str) -> tuple[int, int, bool] | None:
        """White's and Black's start numbers at ``board`` of round ``number`` (the docs: White by the
        pairing, a team match's by its colour pattern), and whether the place keeps its result from
        Black's side; None for a place of no two players (a match forfeit's ``MATCH``)."""
        return None

    def entry_input(self, number: int, lines: list[tuple[str, str]], form: str) -> tuple[list[str], str]:
        """The options and the text that enter ``lines`` in ``form``: a ``pgn`` only when every line is a
        game with a PGN result, else lines by players where there are two (a match forfeit by its match)."""
        if form == "board":
            return ["--from", "-"], "".join(f"{board} {code}\n" for board, code in lines)
        seats = {board: self.seat(number, board) for board, _ in lines}
        white_side = [(board, seats[board], _turned(canonical(code)) if (seats[board] or (0, 0, False))[2]
                       else canonical(code)) for board, code in lines]
        if form == "pgn" and all(seat is not None and code in _PGN for _, seat, code in white_side):
            who = names(self.root)
            games = [f'[Event "Harness"]\n[Round "{number}"]\n[White "{who[seat[0]]}"]\n[Black "{who[seat[1]]}"]\n'
                     f'[Result "{code}"]\n\n1. e4 e5 {code}\n\n' for _, seat, code in white_side if seat is not None]
            return ["--pgn", "-"], "".join(games)
        return ["--from", "-"], "".join(f"{seat[0]} {seat[1]} {code}\n" if seat is not None else f"{board} {code}\n"
                                        for board, seat, code in white_side)

    def enter(self, number: int, lines: list[tuple[str, str]], options: list[str], form: str = "board") -> bool:
        """Enter ``lines`` (board, code) of round ``number`` at once (``--from``, or in another of the
        kind's :attr:`entry_forms`); the model learns them."""
        keys = {board: views.board_of(self.root, number, board) for board, _ in lines}
        source, text = self.entry_input(number, lines, form)
        if self.arbiter("-d", self.root, "result", number, *source, *options, stdin=text).code != 0:
            return False
        for board, code in lines:
            key = keys[board]
            if key is not None:
                self.model.enter(key, code)
        return True

    @precondition(lambda self: self.started and bool(self.entrants()))
    @rule(data=st.data())
    def remove_an_entrant(self, data: st.DataObject) -> None:
        """A registration made by mistake (refused once round 1 is paired)."""
        number = pick(data, sorted(self.entrants()), self.entrant)
        name = self.entrants()[number]
        if self.arbiter("-d", self.root, self.entrant, "remove", number).code == 0:
            self.model.removed(name)

    @precondition(lambda self: self.started and bool(self.entrants()))
    @rule(data=st.data())
    def withdraw_an_entrant(self, data: st.DataObject) -> None:
        """A player or a team leaves, now or dated back (``--after-round``)."""
        number = pick(data, sorted(self.entrants()), self.entrant)
        name = self.entrants()[number]
        last = self.last_round()
        after = data.draw(st.one_of(st.none(), st.integers(0, max(last, 0))), label="after round")
        option = [] if after is None else ["--after-round", after]
        if self.arbiter("-d", self.root, self.entrant, "withdraw", number, *option).code == 0:
            self.withdrawn(name, last if after is None else after, last)

    def withdrawn(self, name: str, after: int, last: int) -> None:
        """The model after a withdrawal after round ``after`` (``last`` paired): the requests go; a round
        robin's or a team's later paired rounds get the forfeits the program enters itself."""
        self.model.withdrawn[name] = after
        self.model.forget(name)
        later = set(range(after + 1, last + 1))
        for key in [k for k in self.model.results if k[0] in later and name in (k[1], k[2])]:
            del self.model.results[key]  # its games in later paired rounds: forfeits, entered by the program
        self.model.absorb(self.root, later)
        if later:
            self.taint()

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def play_the_round_and_pair(self, data: st.DataObject) -> None:
        """What an arbiter does most: the last results, then the next round."""
        number = self.last_round()
        if number and self.missing(number):
            self.enter(number, [(where, pick(data, GAME_RESULTS, f"result of {where}"))
                                for where in self.missing(number)], ["--excused"] if self.excusable else [],
                       self.entry_form(data))
        self.pair()

    excusable = True  # whether ``result`` takes --excused (not a team event's, whose forfeits are matches')

    @precondition(lambda self: self.started)
    @rule()
    def pair_the_next_round(self) -> None:
        self.pair()

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def play_to_the_end(self, data: st.DataObject) -> None:
        """The rest of the event: every round's results and the next pairing until none is left (a
        knockout's tie-break games as they come), then ``finalize``; what follows (corrections, a
        prize list) then meets a finalised event."""
        for _ in range(24):
            number = self.last_round()
            missing = self.missing(number) if number else []
            if missing:
                if not self.enter(number, [(where, pick(data, GAME_RESULTS, f"result of {where}"))
                                           for where in missing], ["--excused"] if self.excusable else [],
                                  self.entry_form(data)):
                    break
            elif not self.pair():
                break
        self.finalize()

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule()
    def unpair_the_last_round(self) -> None:
        number = self.last_round()
        if self.arbiter("-d", self.root, "unpair").code == 0:
            self.model.unpaired(number)
            self.hand_paired.discard(number)


class Registration(EventCommands):
    """Players added one by one (a knockout's, a group stage's)."""

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def add_a_player(self, data: st.DataObject) -> None:
        rating = data.draw(ratings(), label="rating")
        self.arbiter("-d", self.root, "player", "add", self.names.next(), *(["--rating", rating] if rating else []))
