"""``arbiter new DIR --system knockout``: the options of a knockout (issue 18) read into its
``[knockout]`` table (:class:`~arbiter_cli.core.knockout_settings.KnockoutSettings`)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from pathlib import Path

from pydantic import ValidationError

from arbiter_cli.core.errors import BadArgument, pydantic_message
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import Scoring, Settings, System

__all__ = ["new_knockout_event", "knockout_settings"]

_OPTION = {"seeding": "--seeding", "games_per_match": "--games-per-match", "tiebreak_stages": "--tiebreak-stages",
           "first_colour": "--first-colour"}


def knockout_settings(options: Mapping[str, object]) -> KnockoutSettings:
    """The ``[knockout]`` table from ``new``'s knockout options (``--games-per-match``, ...) as given;
    a bad one is a :class:`BadArgument` naming the option."""
    table: dict[str, object] = {}
    for key, option in _OPTION.items():
        value = options.get(option)
        if value is None:
            continue
        if key == "tiebreak_stages":
            assert isinstance(value, str)
            value = [part.strip() for part in value.split(",") if part.strip()]
        elif isinstance(value, str):
            value = value.strip().lower()
        table[key] = value
    try:
        return KnockoutSettings.model_validate(table)
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else ""
        raise BadArgument(pydantic_message(first), field=_OPTION.get(key)) from None


def new_knockout_event(directory: Path, options: Mapping[str, object], *, seed: int | None, scoring: Scoring,
                       **fields: object) -> None:
    """Check the options, then create the folder (:func:`arbiter_cli.cli.knockout.create_knockout_folder`)."""
    from arbiter_cli.cli.knockout import create_knockout_folder

    knockout = knockout_settings(options)
    try:
        settings = Settings.model_validate({**fields, "system": System.KNOCKOUT, "scoring": scoring,
                                            "seed": secrets.randbelow(2**31) if seed is None else seed})
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else ""
        raise BadArgument(pydantic_message(first), field="--" + key.replace("_", "-") if key else None) from None
    create_knockout_folder(directory, settings, knockout)
