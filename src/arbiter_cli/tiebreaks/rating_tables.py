"""The FIDE rating tables of B.02 8.1 (fide-rules.md §7.1), in hundredths.

* :func:`dp` is table 8.1.1: a fractional score p (rounded to 2 decimals) to
  a rating difference dp; dp(1 - p) = -dp(p).
* :func:`pd` is table 8.1.2: a rating difference D to the expected score PD,
  the H column for D >= 0 and the L column (1 - H) for D < 0.
"""

from __future__ import annotations

import bisect

__all__ = ["dp", "pd"]

#: dp for p = 0.50, 0.51, ..., 1.00 (table 8.1.1).
_DP_UPPER = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
             149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
             322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)

#: The last D of each row of table 8.1.2 whose H value is 0.50, 0.51, ... 0.99; above 735 it is 1.00.
_PD_ROW_ENDS = (3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
                153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
                328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735)


def dp(percent: int) -> int:
    """Table 8.1.1: dp for a score of ``percent`` hundredths (0-100).

    >>> dp(100), dp(67), dp(50), dp(25), dp(0)
    (800, 125, 0, -193, -800)
    """
    if not 0 <= percent <= 100:
        raise ValueError(f"a score of {percent}% is out of range")
    return _DP_UPPER[percent - 50] if percent >= 50 else -_DP_UPPER[50 - percent]


def pd(difference: int) -> int:
    """Table 8.1.2: the expected score, in hundredths, for a rating difference.

    >>> pd(0), pd(4), pd(-4), pd(400), pd(736), pd(-1000)
    (50, 51, 49, 92, 100, 0)
    """
    high = 50 + bisect.bisect_left(_PD_ROW_ENDS, abs(difference))
    return high if difference >= 0 else 100 - high
