"""``python -m pycore tables``: every shipped table built again, by the kind of game it is for;
or, with ``--add-policies``, the papers' policies of a table of more players a part at a time.

A two-player jeopardy game ships its turn-start values (:func:`pycore.jeopardy.solving.table_content.table_content`),
a scorecard game its expected final scores and score distribution
(:func:`pycore.scorecard.solitaire.table_content`); :func:`pycore.store.prebuilt.write_tables`
writes them and the manifest.
"""

from __future__ import annotations

from pathlib import Path

from pycore.jeopardy.seats.profile import shipped_policy_facts

from ..core.errors import InvalidRequestError, PycoreError, RulesError
from ..core.progress import Checkpoint, Progress
from ..core.registry import find_game_class
from ..store.prebuilt import TableContent, add_table_facts, prebuilt_games, read_manifest, table_file, tables_dir, write_tables
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


def add_policies(count: int, out_dir: Path | None = None, progress: Progress | None = None,
                 games: list | None = None) -> list[dict]:
    """Evaluate at most ``count`` more of the papers' policies of each listed table of three
    or more players (or of ``games``) that lacks some, its values kept (GRO for three's four
    policies are about two hours of two cores: they ship one or more at a time,
    :func:`~pycore.jeopardy.seats.profile.shipped_policy_facts`); returns the entries changed."""
    if int(count) < 1:
        raise InvalidRequestError(f"--add-policies is a number of policies, 1 or more, not {count}")
    games = [g for g in prebuilt_games() if int(getattr(g, "players", 1)) > 2] if games is None else games
    fewer = [g.name for g in games if int(getattr(g, "players", 1)) <= 2]
    if fewer:
        raise InvalidRequestError(f"--add-policies is for tables of three or more players; {', '.join(fewer)}'s "
                                  "policies are worked out with its table")
    listed = {e["file"]: e for e in read_manifest(out_dir or tables_dir())["tables"]}
    changed = []
    for game in games:
        entry = listed.get(table_file(game), {})
        if len(entry.get("seat_policies") or []) < len(game.human_policies()):
            changed.append(add_table_facts(game, lambda earlier, step, checkpoint, game=game: shipped_policy_facts(
                game, step, checkpoint, earlier, count), out_dir, progress))
    return changed


def run_tables(out: str | None, only: str | None, add: int | None, progress: Progress | None = None) -> list[str]:
    """``python -m pycore tables [--game NAME] [--add-policies N]``: what it prints, a line a
    table built or given more policies."""
    # (by the name's own class: --game farkle rebuilds Farkle's table, not the penalty model's it means)
    games = [g for g in prebuilt_games() if g.name == find_game_class(only).name] if only else None
    if games == []:
        raise InvalidRequestError(f"{only} ships no prebuilt table")
    if add is not None:
        entries = add_policies(add, Path(out) if out else None, progress, games)
        return [f"{e['file']}: {len(e['seat_policies'])} policies ({', '.join(r['name'] for r in e['seat_policies'])}), "
                f"{e['policies_seconds']} s" for e in entries] or ["every table of more players has its policies"]
    manifest = build_tables(Path(out) if out else None, progress, games)
    return [f"{e['file']}: {e['bytes']} bytes, " + ", ".join(f"{k} {v}" for k, v in e.items()
                                                           if isinstance(v, (int, float)) and k != "bytes")
            for e in manifest["tables"]]
