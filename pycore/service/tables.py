"""``python -m pycore tables``: every shipped table built again, by the kind of game it is for.

A two-player jeopardy game ships its turn-start values (:func:`pycore.jeopardy.tables.table_content`),
a scorecard game its expected final scores and score distribution
(:func:`pycore.scorecard.solitaire.table_content`); :func:`pycore.store.prebuilt.write_tables`
writes them and the manifest.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import RulesError
from ..core.progress import Checkpoint, Progress
from ..jeopardy import tables as jeopardy_tables
from ..scorecard import solitaire
from ..store.prebuilt import TableContent, write_tables

#: what a table holds, by the kind of game (``Game.kind``)
BUILDERS = {"jeopardy": jeopardy_tables.table_content, "scorecard": solitaire.table_content}


def table_content(game, progress: Progress | None = None, checkpoint: Checkpoint | None = None) -> TableContent:
    """What ``game``'s table holds, solved here (offline: any size); ``checkpoint``: where a
    long solve keeps its state and resumes from."""
    try:
        build = BUILDERS[game.kind]
    except KeyError:
        raise RulesError(f"{game.name}: no table is built for a game of kind {game.kind!r} (kinds: {', '.join(BUILDERS)})") from None
    return build(game, progress, checkpoint)


def build_tables(out_dir: Path | None = None, progress: Progress | None = None, games: list | None = None) -> dict:
    """Solve every variant that ships a table (or ``games``), write the tables and the
    manifest; returns the manifest (:func:`pycore.store.prebuilt.write_tables`)."""
    return write_tables(table_content, out_dir, progress, games)
