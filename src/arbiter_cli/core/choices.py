"""The choices of an event's settings: its system, rating list, first colour, numbering, starting
rank and status.

They are plain enumerations, without pydantic, so that the command line offers them (``arbiter new
--initial-colour``) without loading the model; :mod:`arbiter_cli.core.model` uses them and names
them too.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["System", "RatingType", "InitialColour", "Numbering", "StartingRank", "Status"]


class System(str, Enum):
    """The pairing system of the event."""

    ROUND_ROBIN = "round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"
    SWISS = "swiss"
    KNOCKOUT = "knockout"  # issue 18: the [knockout] table (core/knockout_settings.py)

    @property
    def is_round_robin(self) -> bool:
        return self in (System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN)


class RatingType(str, Enum):
    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


class InitialColour(str, Enum):
    """The colour of TPN 1 in round 1; ``random`` is drawn by lot at the first pairing."""

    WHITE = "white"
    BLACK = "black"
    RANDOM = "random"


class Numbering(str, Enum):
    """How start numbers are given: by C.04.2 Art. 2.2 order, or drawn by lot (round robin)."""

    RATING = "rating"
    LOT = "lot"


class StartingRank(str, Enum):
    """Which rating orders the starting list (C.04.2 Art. 2.2), as TRF-2026 record 172 codes it,
    and the federation's own order.

    C.04.2 2.2 orders the players by rating, then title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none),
    then name. Record 172 names the rating that order uses when the players also have a national
    rating (the NRS records): ``FIDE`` the FIDE rating only (the default: FIDE's own order);
    ``NRO`` the national rating only; ``FIDON`` the FIDE rating, else the national one; ``NIDOF``
    the national rating, else the FIDE one; ``HBFN`` the higher of the two, ``LBFN`` the lower
    (of those the player has). ``TFN`` is the federation's order, which 172 writes as ``OTHER``:
    title first, then the FIDE rating, then the national rating, then the name (the surname
    first) for players with neither (:func:`arbiter_cli.core.tpn.initial_order`).
    """

    FIDE = "FIDE"
    NRO = "NRO"
    FIDON = "FIDON"
    NIDOF = "NIDOF"
    HBFN = "HBFN"
    LBFN = "LBFN"
    TFN = "TFN"

    @property
    def trf_code(self) -> str:
        """The method as TRF-2026 record 172 writes it (cols 9-13): ``TFN`` is ``OTHER``."""
        return "OTHER" if self is StartingRank.TFN else self.value


class Status(str, Enum):
    REGISTRATION = "registration"
    RUNNING = "running"
    FINALISED = "finalised"  # set by 'arbiter finalize' (a later issue)
