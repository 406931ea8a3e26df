"""The Tournament Report File (TRF16, TRF-2026 and JaVaFo's TRF(x)): one codec for the project.

:mod:`.reader` turns TRF text into typed records; nothing here touches files
or terminals.
"""

from arbiter_cli.trf.reader import TrfError, TrfFile, TrfGame, TrfPlayer, parse_trf

__all__ = ["TrfError", "TrfFile", "TrfGame", "TrfPlayer", "parse_trf"]
