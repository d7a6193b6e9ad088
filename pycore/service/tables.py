"""``python -m pycore tables``: every shipped table built again, by the kind of game it is for.

A two-player jeopardy game ships its turn-start values (:func:`pycore.jeopardy.solving.table_content.table_content`),
a scorecard game its expected final scores and score distribution
(:func:`pycore.scorecard.solitaire.table_content`); :func:`pycore.store.prebuilt.write_tables`
writes them and the manifest.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import PycoreError, RulesError
from ..core.progress import Checkpoint, Progress
from ..store.prebuilt import TableContent, write_tables
from .kinds import kind_of


def table_content(game, progress: Progress | None = None, checkpoint: Checkpoint | None = None) -> TableContent:
    """What ``game``'s table holds, solved here (offline: any size) by its kind's builder
    (a :class:`pycore.service.kinds.Kind`'s ``table_content``); ``checkpoint``: where a long solve keeps
    its state and resumes from."""
    try:
        build = kind_of(game).table_content
    except PycoreError as exc:
        raise RulesError(f"{game.name}: no table is built for it ({exc})") from None
    return build(game, progress, checkpoint)


def build_tables(out_dir: Path | None = None, progress: Progress | None = None, games: list | None = None) -> dict:
    """Solve every variant that ships a table (or ``games``), write the tables and the
    manifest; returns the manifest (:func:`pycore.store.prebuilt.write_tables`)."""
    return write_tables(table_content, out_dir, progress, games)
