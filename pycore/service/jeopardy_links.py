"""Links to two-player positions: the fragment of a position and view (:func:`fragment`), and
a link read back into the nearest position there is (:func:`resolve_position`), whatever was
wrong with it said in the player's words.
"""

from __future__ import annotations

from urllib.parse import quote

from pycore.jeopardy.play.match import RULES as MATCH_RULES
from pycore.jeopardy.rules.editing import nearest_state
from pycore.jeopardy.rules.hints import OBJECTIVES, VIEW_TITLES
from pycore.jeopardy.rules.notation import Notation, read_value, variable_names
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import State

from ..core.errors import PycoreError
from ..core.params import not_a_number, shown, whole_number_of
from ..core.play import linked_record
from ..core.registry import other_models
from ..jeopardy.analysis import default_objective
from .jeopardy_requests import VIEWS
from .links import LinkValues, quiz_pairs, read_quiz_view, to_fragment


def _not_in_this_model(game: JeopardyGame, key: str, raw: str) -> list[str]:
    """What to say of a key the game's state does not have. A count another model of the same
    game keeps (Farkle's zilches in a row, from rules with a penalty carried to rules without)
    goes unsaid at 0 or empty, where nothing is lost, and is named in words otherwise."""
    for other in other_models(game):
        var = next((v for v in other.variables if v.name == key), None)
        if var is None:
            continue
        if raw.strip() in ("", "0"):  # (empty, or the counts' start: nothing is lost)
            return []
        said = raw if whole_number_of(raw, sign=False) is not None else shown(raw)  # (what is not a count, quoted as typed)
        return [f"these rules do not keep “{var.label}” ({key}={said}, dropped)"]
    return [f"{game.name} has no {key!r} (ignored); its state is {', '.join(variable_names(game))}"]


def person_words(text: str) -> str:
    """A message as a player reads it: no leading game name ("farkle: ..."), no closing stop."""
    head = text.split(": ", 1)
    if len(head) == 2 and " " not in head[0]:
        text = head[1]
    return text.rstrip(".")


def default_view(game: JeopardyGame) -> dict[str, str]:
    return {"view": "advice", "axis": game.turn_vars[0], "objective": default_objective(game)}


def view_axes(game: JeopardyGame) -> tuple[str, ...]:
    return (game.score_var, game.opponent_var, game.turn_vars[0])


def fragment(game: JeopardyGame, state: State, view: dict | None = None) -> str:
    """The fragment (without ``#``) of a state of a game (and a view)."""
    view = {**default_view(game), **(view or {})}
    if view["view"] == "quiz":  # (Test yourself asks positions of its own: none is linked)
        return to_fragment(game, quiz_pairs(view))
    pairs = [(k, quote(str(v), safe="")) for k, v in Notation(game).values(state).items()]
    if view["view"] != "advice":
        pairs.append(("view", quote(str(view["view"]), safe="")))
        if view["view"] == "slice":
            pairs.append(("axis", quote(str(view["axis"]), safe="")))
    if view.get("rule"):
        pairs.append(("rule", quote(view["rule"], safe="")))
    if view["objective"] != default_objective(game):  # the advice's objective, unless the one a bare link means
        pairs.append(("objective", quote(str(view["objective"]), safe="")))
    return to_fragment(game, pairs)


def resolve_position(game: JeopardyGame, link: LinkValues) -> dict:
    """The nearest valid state and view of a link's remaining keys (never fails)."""
    problems = link.problems
    view = default_view(game)
    raw = link.pop("view")
    if raw is not None:
        if raw in game.page.views:
            view["view"] = raw
        elif raw in VIEWS:
            problems.append(f"{game.title} has no {VIEW_TITLES[raw]} view yet (its views: "
                            f"{', '.join(VIEW_TITLES[v] for v in game.page.views)}); showing the advice")
        else:
            problems.append(f"there is no view {raw!r} (the views of {game.title}: "
                            f"{', '.join(VIEW_TITLES[v] for v in game.page.views)}); showing the advice")
    if view["view"] == "quiz":
        view.update(read_quiz_view(link))
    raw = link.pop("axis")
    if raw is not None:
        if raw in view_axes(game):
            view["axis"] = raw
        else:
            problems.append(f"axis must be one of {', '.join(view_axes(game))}, got {raw!r}")
    raw = link.pop("objective")
    if raw is not None:
        if raw in OBJECTIVES:
            view["objective"] = raw
        else:
            problems.append(f"objective must be one of {', '.join(OBJECTIVES)}, got {raw!r}; using {game.page.default_objective}")
    rule = link.pop("rule")
    if rule is not None:
        # kept as text: it is checked and evaluated only when the user asks
        if len(rule) > 1000:
            problems.append("the rule in the link is longer than 1000 characters and was dropped")
        elif rule.strip():
            view["rule"] = rule
    raw = link.pop("record")
    record = None if raw is None else linked_record(game, raw, MATCH_RULES, problems)
    if record is not None:
        # a game with the computer's dice goes on in Play; one entered at the table, at the table
        view = {**view, "view": "play" if record.seed is not None else "table", "record": record.to_json()}
    wanted: dict[str, object] = {}
    for key, raw in link.values.items():
        if key not in variable_names(game):
            problems += _not_in_this_model(game, key, raw)
            continue
        try:
            wanted[key] = read_value(game, key, raw)
        except PycoreError:
            problems.append(f"{not_a_number(key, raw)} (ignored)")
    state, state_problems = nearest_state(game, wanted)
    problems += state_problems
    return {
        "game": game.name,
        "params": game.params,
        "state": Notation(game).values(state),
        "fragment": "#" + fragment(game, state, view),
        "problems": problems,
        "view": view,
        # what the link means without an objective (the one turn where no win chances can be had)
        "default_objective": default_objective(game),
    }
