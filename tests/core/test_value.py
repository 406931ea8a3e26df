"""The values checked by a pydantic model and held without one (issue 29, ``core/value.py``): each value
has its schema's fields and defaults, is checked as the schema checks, and reads back from a pickle."""

from __future__ import annotations

import dataclasses
import pickle
from fractions import Fraction

import pytest
from pydantic import ValidationError

from arbiter_cli.core import model_schema
from arbiter_cli.core.choices import System
from arbiter_cli.core import knockout_schema, prize_schema, team_schema
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import DEFAULT_SCORING, Player, Scoring, Settings
from arbiter_cli.core.prizes import BoardPrize, Category, PrizeTable
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import TeamEntry
from arbiter_cli.core.value import Value
from arbiter_cli.ratings import club_schema
from arbiter_cli.ratings.club import ClubSettings, Member

VALUES: list[type[Value]] = [Scoring, Settings, Player, TeamSettings, TeamEntry, Category, BoardPrize, PrizeTable,
                             ClubSettings, Member, KnockoutSettings]
SCHEMAS = (model_schema, team_schema, prize_schema, club_schema, knockout_schema)


@pytest.mark.parametrize("value", VALUES, ids=lambda v: v.__name__)
def test_a_value_has_its_schemas_fields_in_order_with_the_same_defaults(value: type[Value]) -> None:
    schema = value.schema()
    assert any(schema is getattr(module, value.__name__, None) for module in SCHEMAS)
    assert [f.name for f in dataclasses.fields(value)] == list(schema.model_fields)  # type: ignore[arg-type]
    expected = {name: value.NESTED[name].of_schema(info.default)
                if name in value.NESTED and isinstance(info.default, model_schema.BaseModel) else info.default
                for name, info in schema.model_fields.items() if not info.is_required()}
    assert value.defaults() == expected
    assert value.model_fields is schema.model_fields


def test_the_default_scoring_is_what_the_schema_makes_of_nothing() -> None:
    assert DEFAULT_SCORING == Scoring() == Scoring.of_schema(model_schema.Scoring())


def test_settings_are_checked_by_their_schema_and_hold_their_scoring_as_a_value() -> None:
    settings = Settings(name="Open", system="swiss", rounds=5, seed=1, scoring={"win": "3", "draw": "1"})
    assert type(settings) is Settings and settings.system is System.SWISS
    assert type(settings.scoring) is Scoring and settings.scoring.pab == 3 and settings.scoring.half_bye == 1
    again = Settings.model_validate({**dict(settings.items()), "rounds": 7})  # a value given inside: its fields
    assert again.scoring == settings.scoring and again.rounds == 7
    with pytest.raises(ValidationError, match="a Swiss needs the number of rounds"):
        Settings(name="Open", system="swiss", seed=1)


def test_a_players_cells_are_checked_and_read_as_the_schema_reads_them() -> None:
    player = Player.model_validate({"start_number": "3", "name": " Ann ", "rating": "", "title": "fm", "fide_id": ""})
    assert (player.start_number, player.name, player.rating, player.title, player.fide_id) == (3, "Ann", 0, "FM", None)
    with pytest.raises(ValidationError, match="greater than or equal to 1"):
        Player(start_number=0, name="A")


def test_a_copy_is_not_checked_as_pydantics_model_copy_is_not() -> None:
    player = Player(start_number=1, name="A", rating=1500)
    copy = player.model_copy(update={"rating": 99999})
    assert copy.rating == 99999 and player.rating == 1500 and type(copy) is Player
    assert player.model_dump(exclude={"start_number"})["rating"] == 1500
    assert "start_number" not in player.model_dump(exclude={"start_number"})
    assert Settings(name="x", system="swiss", rounds=3, seed=1).model_dump()["scoring"]["draw"] == Fraction(1, 2)


def test_a_value_is_frozen_hashable_and_reads_back_from_a_pickle_equal() -> None:
    settings = Settings(name="Open", system="round-robin", seed=2)
    player = Player(start_number=2, name="B", federation="tur")
    for value in (settings, player, settings.scoring, KnockoutSettings(tiebreak_stages=["rapid:2", "armageddon"])):
        back = pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        assert back == value and hash(back) == hash(value) and type(back) is type(value)
    with pytest.raises(dataclasses.FrozenInstanceError):
        player.name = "C"  # type: ignore[misc]


def test_a_prize_fund_holds_its_categories_and_board_prizes_as_values() -> None:
    fund = PrizeTable.model_validate({"places": ["100", 50], "category": [{"name": "Women", "amounts": [20], "sex": "F"}],
                                      "board": [{"board": 1, "amounts": [10]}]})
    assert fund.places == (10000, 5000) and type(fund.category[0]) is Category and type(fund.board[0]) is BoardPrize
    assert not fund.category[0].open_to_all and fund.model_dump()["category"][0]["amounts"] == (2000,)
    assert pickle.loads(pickle.dumps(fund)) == fund
    with pytest.raises(ValidationError, match="must not increase"):
        PrizeTable.model_validate({"places": [50, 100]})
