"""Result entry's one mechanism (issue 24): compare-and-set, all or nothing, on a kind of event
reduced to its bones: named places holding results."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Settings, Status, System
from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.entry import (UNSET, Act, Applied, Check, Conflict, Entry, Unset, Verdict,
                                         compare_and_set, journal_line, needs_correct, not_removed, stale,
                                         unchanged)

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW
Places = dict[str, GameResult | None]
SETTINGS = Settings(name="Open", system=System.KNOCKOUT, seed=1)
FINALISED = SETTINGS.model_copy(update={"status": Status.FINALISED, "finalised_on": "2026-02-01"})


@dataclass(frozen=True)
class Line:
    place: str
    result: GameResult | None
    line: int | None = None
    was: GameResult | None | Unset = UNSET


def no_draws(entry: Entry[str], act: Act) -> Verdict:
    """A kind's own refusal: this kind takes no draw."""
    if entry.result is D:
        raise Refused(f"{entry.where} takes no draw", field="result")
    return None


@dataclass(frozen=True)
class PlaceKind:
    """Named places holding results; the checks as an individual event orders them, unless given."""

    checks: tuple[Check[str], ...] = (stale, unchanged, not_removed, needs_correct, no_draws)
    finalised_refuses_conflicts: bool = False

    def find(self, places: Places, line: Line, act: Act) -> Entry[str]:
        if line.place not in places:
            raise BadArgument(f"there is no place {line.place}", field="board")
        return Entry(f"place {line.place}", places[line.place], line.result, line.was, line.place)

    def apply(self, places: Places, entry: Entry[str], act: Act) -> Applied[Places]:
        return Applied({**places, entry.at: entry.result}, (journal_line(entry, act),), (f"{entry.where} set",))


def enter(places: Places, *lines: Line, correct: bool = False, settings: Settings = SETTINGS,
          kind: PlaceKind = PlaceKind()) -> Applied[Places]:
    return compare_and_set(kind, places, lines, Act(3, correct, settings, "r.txt"))


def test_compare_and_set_saves_nothing_when_a_stored_result_changed_meanwhile() -> None:
    with pytest.raises(Refused) as error:
        enter({"a": W, "b": None, "c": None}, Line("c", B), Line("a", B, was=None), Line("b", W, was=D))
    assert str(error.value) == ("round 3: nothing saved, because the stored result changed meanwhile: "
                                "place a: stored 1-0, yours 0-1 (based on none); place b: stored none, yours 1-0 "
                                "(based on 1/2-1/2)")


def test_a_line_based_on_the_stored_result_changes_it_without_correct() -> None:
    done = enter({"a": W}, Line("a", B, was=W))
    assert done.state == {"a": B}
    assert [(c.change, c.old, c.new) for c in done.changes] == [("round 3 place a correction", "1-0", "0-1")]


def test_a_line_whose_result_is_stored_already_is_not_stale_and_changes_nothing() -> None:
    places: Places = {"a": B}
    done = enter(places, Line("a", B, was=W))
    assert done.state is places and done.changes == () and done.notes == ()


def test_c04_2_4_3_an_entered_result_changes_only_as_a_correction_and_conflicts_are_named_together() -> None:
    with pytest.raises(Refused) as error:
        enter({"a": W, "b": D, "c": None}, Line("a", B), Line("c", W), Line("b", None))
    assert str(error.value) == ("round 3: place a has 1-0, not 0-1; place b has 1/2-1/2, not none "
                                "(give --correct to change an entered result)")
    done = enter({"a": W, "b": D, "c": None}, Line("a", B), Line("c", W), Line("b", None), correct=True)
    assert done.state == {"a": B, "b": None, "c": W}
    assert [c.change for c in done.changes] == ["round 3 place a correction", "round 3 place c result",
                                                "round 3 place b correction"]
    assert done.notes == ("place a set", "place c set", "place b set")


def test_c04_2_4_3_a_finalised_event_corrects_a_result_and_never_removes_one() -> None:
    with pytest.raises(Refused) as removed:
        enter({"a": W}, Line("a", None, line=2), correct=True, settings=FINALISED)
    assert str(removed.value) == ("r.txt, line 2, field 'result': the event was finalised on 2026-02-01: place a's "
                                  "result can be corrected, not removed")
    with pytest.raises(Refused, match="^the event was finalised on 2026-02-01; give --correct to change a result"):
        enter({"a": None}, Line("a", W), settings=FINALISED)
    assert enter({"a": W}, Line("a", B), correct=True, settings=FINALISED).state == {"a": B}
    assert enter({"a": W}, Line("a", W), settings=FINALISED).changes == ()  # the same again: no correction


def test_a_finalised_event_names_conflicts_unless_its_kind_refuses_them_as_changes() -> None:
    with pytest.raises(Refused, match="^round 3: place a has 1-0, not 0-1"):
        enter({"a": W}, Line("a", B), settings=FINALISED)
    with pytest.raises(Refused, match="^the event was finalised on 2026-02-01; give --correct"):
        enter({"a": W}, Line("a", B), settings=FINALISED, kind=PlaceKind(finalised_refuses_conflicts=True))


def test_stale_lines_refuse_first_then_a_finalised_event_then_the_conflicts() -> None:
    lines = (Line("a", B), Line("b", W), Line("c", D, was=W))
    with pytest.raises(Refused, match="^round 3: nothing saved, because the stored result changed meanwhile: place c"):
        enter({"a": W, "b": None, "c": B}, *lines, settings=FINALISED)
    with pytest.raises(Refused, match="^the event was finalised"):
        enter({"a": W, "b": None, "c": B}, *lines[:2], settings=FINALISED)


def test_the_kinds_checks_run_in_its_order_and_the_first_verdict_decides() -> None:
    # as an individual event orders them: stale before the kind's own refusal
    with pytest.raises(Refused, match="nothing saved"):
        enter({"a": W}, Line("a", D, was=B))
    # a kind that refuses first
    first = PlaceKind(checks=(no_draws, stale, unchanged, needs_correct))
    with pytest.raises(Refused) as error:
        enter({"a": W}, Line("a", D, line=7, was=B), kind=first)
    assert str(error.value) == "r.txt, line 7, field 'result': place a takes no draw"
    # a kind that checks the result already stored before ``was``
    same_first = PlaceKind(checks=(unchanged, stale, needs_correct))
    assert enter({"a": D}, Line("a", D, was=B), kind=same_first).changes == ()


def test_an_error_at_a_line_names_the_input_the_line_and_the_field() -> None:
    with pytest.raises(BadArgument) as error:
        enter({"a": None}, Line("a", W, line=1), Line("z", W, line=4))
    assert str(error.value) == "r.txt, line 4, field 'board': there is no place z"
    assert (error.value.source, error.value.line, error.value.field) == ("r.txt", 4, "board")


def test_each_line_is_found_on_the_state_the_lines_before_left() -> None:
    @dataclass(frozen=True)
    class Growing(PlaceKind):
        def apply(self, places: Places, entry: Entry[str], act: Act) -> Applied[Places]:
            return Applied({**places, entry.at: entry.result, entry.at + "+": None}, (journal_line(entry, act),))

    done = enter({"a": None}, Line("a", B), Line("a+", W), kind=Growing())
    assert done.state == {"a": B, "a+": W, "a++": None}


def test_a_kinds_own_conflict_is_named_with_the_others() -> None:
    def over_a_draw(entry: Entry[str], act: Act) -> Verdict:
        return Conflict(f"{entry.where} was drawn") if entry.stored is D and not act.correct else None

    kind = PlaceKind(checks=(unchanged, stale, needs_correct, over_a_draw))
    with pytest.raises(Refused) as error:
        enter({"a": D, "b": W}, Line("a", W, was=D), Line("b", B), kind=kind)
    assert str(error.value) == ("round 3: place a was drawn; place b has 1-0, not 0-1 "
                                "(give --correct to change an entered result)")
