"""The rules of changing a setting (issue 27, ``lifecycle/settings.py``): the declared table of when each
key may change, its default class for a field nobody declared, and the act on any kind's models."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest
from pydantic import BaseModel, Field, StrictBool

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.group_settings import GroupSettings
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core import model_schema
from arbiter_cli.core.model import Settings
from arbiter_cli.core.prizes import PrizeTable
from arbiter_cli.core.setting_keys import setting_keys
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.lifecycle import settings as rules
from arbiter_cli.lifecycle.settings import (DEFAULT_RULE, RULES, Progress, When, change_setting, listing, rule_of)


class _NewRulesChecked(model_schema.Settings):
    """The schema of :class:`WithNewRules`: the settings' with a field of each kind and its words."""

    house_rule: Literal["off", "fide", "federation"] = Field(
        default="federation", description="the no-show rule: off, FIDE's wording, or the federation's")
    national_first: StrictBool = Field(default=False, description="order the start list by the national rating")


@dataclass(frozen=True, init=False)
class WithNewRules(Settings):
    """Settings as another helper extends them: the value's fields and its schema's."""

    house_rule: str = "federation"
    national_first: bool = False

    @classmethod
    def schema(cls) -> type[BaseModel]:
        return _NewRulesChecked


def _swiss(model: type[Settings] = Settings) -> dict[str, Settings]:
    return {"": model(name="Open", system="swiss", rounds=7, seed=1)}


def test_a_field_another_helper_adds_is_a_setting_typed_and_described_by_its_model_without_a_change_here() -> None:
    tables = _swiss(WithNewRules)
    shown = {row.key: row for row in listing(tables, Progress())}
    assert shown["house_rule"].about == "the no-show rule: off, FIDE's wording, or the federation's"
    assert shown["national_first"].value is False
    done = change_setting(tables, "house_rule", "fide", Progress())
    assert getattr(done.tables[""], "house_rule") == "fide" and done.change is not None
    assert change_setting(tables, "national_first", "true", Progress()).new is True
    with pytest.raises(BadArgument, match="'off', 'fide' or 'federation'"):
        change_setting(tables, "house_rule", "strict", Progress())


def test_a_field_no_rule_names_is_fixed_once_round_1_is_paired_by_default() -> None:
    """The safe default: nothing says what a new setting does to a round already paired."""
    assert rule_of("house_rule") is DEFAULT_RULE and DEFAULT_RULE.when is When.BEFORE_PAIRING
    with pytest.raises(Refused, match="only round 1 is paired and the rounds paired were paired with it"):
        change_setting(_swiss(WithNewRules), "house_rule", "off", Progress(paired=1))


def test_a_line_in_the_declared_table_moves_a_new_field_to_another_class(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(RULES, "house_rule", rules.Rule(When.UNPAIRED_ROUNDS, "the no-show rule"))
    done = change_setting(_swiss(WithNewRules), "house_rule", "off", Progress(paired=3))
    assert done.change is not None and done.change.new == "off"


def test_a_key_of_a_whole_table_covers_the_fields_without_a_line_of_their_own() -> None:
    assert rule_of("team.boards").when is When.BEFORE_PAIRING
    assert rule_of("team.tiebreaks").when is When.UNTIL_FINALISED
    assert rule_of("groups.knockout.games_per_match") is RULES["groups.*"]
    assert rule_of("prizes.split").when is When.UNTIL_FINALISED


@pytest.mark.parametrize("tables", [
    _swiss(),
    {"": Settings(name="L", system="swiss", rounds=5, seed=1), "team": TeamSettings(boards=4)},
    {"": Settings(name="K", system="knockout", seed=1), "knockout": KnockoutSettings()},
    {"": Settings(name="G", system="round-robin", seed=1), "groups": GroupSettings(count=2, advance=1)},
    {"": Settings(name="P", system="swiss", rounds=5, seed=1), "prizes": PrizeTable()},
], ids=["individual", "team", "knockout", "groups", "prizes"])
def test_every_key_of_every_kind_has_its_words_and_its_class(tables: dict[str, BaseModel]) -> None:
    rows = listing(tables, Progress())
    assert rows and all(row.about for row in rows), [row.key for row in rows if not row.about]
    listed = {row.key for row in rows}
    assert {key.name for key in setting_keys(tables) if key.settable} - listed <= {
        "prizes.places"}  # the person's lists, in the file (PERSON_KEYS)


def test_the_words_of_the_event_change_even_when_it_is_finalised() -> None:
    finalised = Progress(paired=5, finalised_on="2026-03-09")
    assert change_setting(_swiss(), "place", "Lyon", finalised).new == "Lyon"
    with pytest.raises(Refused, match="the event was finalised on 2026-03-09; only its words \\(name, place"):
        change_setting(_swiss(), "tiebreaks", "SB", finalised)


def test_a_group_event_whose_groups_started_changes_only_its_words() -> None:
    started = Progress(paired=1, closed="the groups have started, each stage with the settings of that moment")
    with pytest.raises(Refused, match="the groups have started"):
        change_setting(_swiss(), "rank_withdrawn", "false", started)
    assert change_setting(_swiss(), "name", "Masters", started).new == "Masters"


@pytest.mark.parametrize("tables", [
    {"": Settings(name="Open", system="swiss", rounds=7, seed=1, tiebreaks=("BH/C1", "SB"), start_date="2026-03-01",
                  federation="fra", round_dates=("2026-03-01", ""), max_half_byes=2)},
    {"": Settings(name="L", system="round-robin", seed=1), "team": TeamSettings(boards=4, colours="wbwb",
                                                                                  tiebreaks=("MP", "GP"))},
    {"": Settings(name="K", system="knockout", seed=1),
     "knockout": KnockoutSettings(tiebreak_stages=["rapid:2", "armageddon"])},
    {"": Settings(name="G", system="round-robin", seed=1),
     "groups": GroupSettings(count=2, advance=1, final="knockout", knockout=KnockoutSettings(games_per_match=1),
                             members={"A": [1, 3], "B": [2, 4]})},
], ids=["individual", "team", "knockout", "groups"])
def test_every_table_of_tournament_toml_takes_its_own_values_back(tables: dict[str, BaseModel]) -> None:
    """A change puts the new value in and gives every other field as the model holds it: a field whose
    validator would not take its own output back (money read into cents) would change on every change."""
    from arbiter_cli.core.setting_keys import value_of, with_value

    for key in setting_keys(tables):
        assert with_value(tables, key, value_of(tables, key)) == tables, key.name
