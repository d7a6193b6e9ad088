"""The JSON actions of scorecard (solitaire) games, called through :mod:`pycore.service.api`.

Every action takes the game (with its rule set) and the request's arguments:

* ``solve`` {fresh?} -> expected_score, anchors, seconds, table facts
  (from the prebuilt table; ``fresh: true`` solves again in this process)
* ``advise`` {scorecard, dice?, rolls_left?, target?} -> every keep and every box
  with its expected final score, best first, and the loss of each against the best; with
  ``target`` (a final score to reach) also ``target``: the best chance of reaching it, the
  expected-score player's chance, and each choice's chance under target play (solved live
  from the position, so only near the end of a game)
* ``distribution`` -> the exact final-score histogram and its statistics
* ``link`` {scorecard, dice?, rolls_left?} -> fragment
* ``play`` {seed, policy?} -> a whole game with seeded dice by ``policy`` (optimal, or
  greedy): its record, share and review (as ``review``)
* ``review`` {record} -> score, decisions [{move, player (0), state (the keys of
  ``advise``), action, best ({"keep": [...]} or {"box": key}), cost (expected points),
  expected_final, played_label, best_label, link}], total_cost, mistakes, curve (the expected
  final score before each move, then the score made), record, share
* ``move`` {record, move? | player?} -> record, position {scorecard, dice, rolls_left,
  dice_shown, faces, turn, score, moves, over}, share: the person's ``move``
  (``{"action": "roll", "keep": [...]}`` draws the faces from the record's seed; ``{"action":
  "box", "box": key}``) or ``player``'s (optimal or greedy); neither: where the record stands

Records: :mod:`pycore.scorecard.match`. Links (:mod:`pycore.service.links`): ``card`` (the
game's scorecard text), ``dice`` and ``rolls`` (rerolls left) when dice are showing, and
``target``; or ``view=play&record=...``, a game's record (deflated, base64url), which opens
it in Play; ``view=play``, ``view=quiz`` (Test yourself) and ``view=distribution`` (the final
score's distribution) name the open tab, the advisor none.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from urllib.parse import quote

import numpy as np

from ..core.errors import InvalidRequestError, InvalidStateError, PycoreError, TableNotLoaded
from ..core.params import not_a_number, shown, whole_number_of
from ..core.play import Record, linked_record, walk
from ..core.play import play as play_game
from ..core.quiz import Choice
from ..scorecard.match import GREEDY, CardPlayer, CardPosition, choice_key, decision_choices, find_player, review
from ..scorecard.match import RULES as CARD_RULES
from ..scorecard.rules import ScorecardGame
from ..scorecard.solitaire import (
    distribution_stats,
    options_from_table,
    position_target,
    score_distribution,
    solve_solitaire,
    target_end_values,
    turn_options,
)
from ..store.prebuilt import load_result, load_table
from . import play_actions
from .links import LinkValues, quiz_pairs, read_quiz_view, to_fragment
from .play_actions import PlayKind


@dataclass(frozen=True)
class Position:
    """A scorecard, the dice showing (none at the start of a turn) and the rolls left."""

    card: object  # the game's scorecard
    dice: tuple[int, ...] | None
    rolls_left: int
    target: int | None = None  # a final score to reach (target play), if asked for

    @classmethod
    def from_args(cls, game, args: dict) -> Position:
        card = game.card_from_text(args.get("scorecard", "") or "")
        game.anchor_of(card)  # consistency (bonuses) checked here
        raw_dice = args.get("dice")
        rolls_left = args.get("rolls_left")
        target = args.get("target")
        if target is not None and (
            not isinstance(target, int) or isinstance(target, bool) or not 0 <= target <= game.max_score
        ):
            raise InvalidStateError(f"target must be a final score from 0 to {game.max_score}, got {target!r}")
        if raw_dice in (None, "", []):
            if rolls_left not in (None, game.dice.rolls):
                raise InvalidStateError(f"rolls_left {rolls_left} needs dice; without dice it is the turn start")
            return cls(card, None, game.dice.rolls, target)
        if isinstance(raw_dice, list):
            raw_dice = "".join(str(d) for d in raw_dice)
        dice = game.parse_dice(str(raw_dice))
        if rolls_left is None:
            rolls_left = 0
        if isinstance(rolls_left, bool) or not isinstance(rolls_left, int) or not 0 <= rolls_left < game.dice.rolls:
            raise InvalidStateError(f"rolls_left with dice showing must be 0-{game.dice.rolls - 1}, got {shown(rolls_left)}")
        return cls(card, dice, rolls_left, target)

    def fragment(self, game) -> str:
        pairs = []
        if self.card.to_text():
            pairs.append(("card", quote(self.card.to_text(), safe=":,")))
        if self.dice is not None:
            pairs += [("dice", "".join(map(str, self.dice))), ("rolls", str(self.rolls_left))]
        if self.target is not None:
            pairs.append(("target", str(self.target)))
        return to_fragment(game, pairs)

    def to_json(self) -> dict:
        return {
            "scorecard": self.card.to_text(),
            "dice": None if self.dice is None else list(self.dice),
            "rolls_left": self.rolls_left,
            "target": self.target,
        }


def _head(game: ScorecardGame) -> dict:
    return {"game": game.name, "params": game.params}


def _solve(game: ScorecardGame, args: dict, progress) -> dict:
    if args.get("fresh"):
        solution = solve_solitaire(game, progress=progress)
        return {
            **_head(game),
            "expected_score": solution.expected_score,
            "anchors": solution.anchors_solved,
            "seconds": solution.seconds,
            "source": "solved",
        }
    started = time.perf_counter()
    table = load_table(game)
    return {
        **_head(game),
        "expected_score": float(table.values[game.start_anchor]),
        "anchors": table.entry["anchors"],
        "seconds": time.perf_counter() - started,
        "source": "table",
        "table": {k: table.entry[k] for k in ("file", "bytes", "sha256", "solve_seconds")},
    }


def _box_json(option, best: float, position: Position, game: ScorecardGame) -> dict:
    """A box choice, with what it scores and the card after it (bonuses split out)."""
    card = position.card
    return {
        "box": game.box_keys()[option.box],
        "title": game.box_titles()[option.box],
        **game.fill(card, option.box, position.dice, int(round(option.points))),
        "expected_final": card.score + option.value,
        "loss": best - option.value,
    }


def _keep_json(option, best: float, base: int, n_dice: int) -> dict:
    return {
        "keep": list(option.keep),
        "reroll": n_dice - len(option.keep),
        "expected_final": base + option.value,
        "loss": best - option.value,
    }


def _advise(game: ScorecardGame, args: dict, progress=None) -> dict:
    position = Position.from_args(game, args)
    card = position.card
    if card.complete:  # the game is over: its final score is the answer
        return {
            **_head(game),
            **position.to_json(),
            "complete": True,
            "final_score": card.score,
            "score_so_far": card.score,
            "upper_total": card.upper_total,
            "open_boxes": [],
            "expected_final": float(card.score),
            "keeps": [],
            "boxes": [],
            "best": None,
            "fragment": "#" + position.fragment(game),
            "seconds": 0.0,
        }
    anchor = game.anchor_of(card)
    started = time.perf_counter()
    values = load_table(game).values
    base = card.score
    result = {
        **_head(game),
        **position.to_json(),
        "score_so_far": base,
        "upper_total": card.upper_total,
        "open_boxes": [key for b, key in enumerate(game.box_keys()) if b not in card.filled],
        "fragment": "#" + position.fragment(game),
    }
    if position.dice is None:
        result.update(expected_final=base + float(values[anchor]), keeps=[], boxes=[], best=None)
    else:
        keeps, boxes = turn_options(game, values, anchor, position.dice, position.rolls_left)
        best = max(o.value for o in keeps + boxes)
        result["keeps"] = [_keep_json(o, best, base, game.dice.n_dice) for o in keeps]
        result["boxes"] = [_box_json(o, best, position, game) for o in boxes]
        result["expected_final"] = base + best
        result["best"] = result["keeps"][0] if keeps else result["boxes"][0]
        result["best_kind"] = "keep" if keeps else "box"
    if position.target is not None:
        try:
            result["target"] = _target(game, position, anchor, position.target, values, result, progress)
        except InvalidStateError as exc:  # too far from the end to solve live: the advice still stands
            result["target"] = {"target": position.target, "error": str(exc)}
    result["seconds"] = time.perf_counter() - started
    return result


TARGET_BUDGET = 60_000  # turn-start positions x deficits solved live for one target request


def _target(game, position: Position, anchor: int, target, values, result: dict, progress) -> dict:
    """Playing to reach ``target`` (a final score, e.g. the one to beat plus one): the best
    chance of getting there from this position, that of the expected-score player, and each
    keep's or box's chance under target play."""
    card = position.card
    deficit = target - card.score
    out = {"target": target, "deficit": max(0, deficit)}
    if deficit <= 0:
        return {**out, "p_reach": 1.0, "p_reach_playing_for_points": 1.0, "gain": 0.0, "options": []}
    columns = sum(layer.size for layer in game.layers(anchor)) * (deficit + 1)
    if columns > TARGET_BUDGET:
        raise InvalidStateError(
            f"target play is solved live near the end of a game: this position needs {columns:,} "
            f"(turn-start positions x points still needed), the limit is {TARGET_BUDGET:,}; "
            "try it with fewer boxes open or a nearer target"
        )
    solution = position_target(game, deficit, anchor, progress)
    # the expected-score player's chance, from its exact distribution of the points to come
    future = score_distribution(game, values, start=anchor)
    p_points = float(future[deficit:].sum())
    if position.dice is None:
        p_reach = solution.chance(anchor, deficit)
        return {
            **out,
            "p_reach": p_reach,
            "p_reach_playing_for_points": p_points,
            "gain": p_reach - p_points,
            "options": [],
        }
    table = target_end_values(game, np.array([anchor]), solution)[:, :, 0, deficit]
    keeps, boxes = options_from_table(game, anchor, table, position.dice, position.rolls_left)
    options = [{"kind": "keep", "keep": list(o.keep), "p_reach": o.value} for o in keeps]
    options += [{"kind": "box", "box": game.box_keys()[o.box], "p_reach": o.value} for o in boxes]
    options.sort(key=lambda o: -o["p_reach"])
    best_for_points = result["best"]
    same = [
        o
        for o in options
        if o["kind"] == result["best_kind"]
        and (
            o.get("keep") == best_for_points.get("keep") if o["kind"] == "keep" else o["box"] == best_for_points["box"]
        )
    ]
    return {
        **out,
        "p_reach": options[0]["p_reach"],
        "options": options,
        "best": options[0],
        # the chance if this one choice is the expected-score advisor's (target play afterwards)
        "p_reach_with_points_choice": same[0]["p_reach"] if same else None,
        "p_reach_playing_for_points": None,  # only defined from the start of a turn
        "gain": None,
    }


def _distribution(game: ScorecardGame, args: dict, progress) -> dict:
    table = load_table(game)
    distribution = table.distribution
    stats = distribution_stats(distribution)
    curve = load_result(game, "targets")
    versus = load_result(game, "beat-optimal")
    return {
        **_head(game),
        **stats,
        "first_score": stats["min"],
        "probabilities": distribution[stats["min"] : stats["max"] + 1].tolist(),
        # computed offline for the whole game (python -m pycore target-curve): the best chance of
        # each final score next to the expected-score player's
        "target_curve": None if curve is None else [row for row in curve["curve"] if row["target"] % 25 == 0],
        # also offline (python -m pycore beat-optimal): the best chance of beating an optimal
        # player whose score you do not see, against playing for points
        "beat_optimal": None if versus is None else {
            k: versus[k] for k in ("p_win_playing_to_win", "p_win_playing_for_points", "gain", "truncation_bound")
        },
    }


def answer_position(game: ScorecardGame, position: dict, args: dict, progress) -> dict:
    """One request's answer (:func:`pycore.service.api.answer`): the advice for the resolved
    ``position`` and its link (a game in Play: the link of the game, as resolved). A position
    whose advice is refused comes back with the refusal as ``refused``."""
    try:
        advice = _advise(game, position["position"], progress)
    except TableNotLoaded:
        raise  # (the worker fetches the table and asks again)
    except PycoreError as exc:
        return {"position": position, "refused": {"type": type(exc).__name__, "message": str(exc)}}
    link = position["fragment"] if position["view"]["view"] != "scorecard" else advice["fragment"]
    return {"position": position, "answer": advice, "link": link}


def _link(game: ScorecardGame, args: dict, progress) -> dict:
    return {**_head(game), "fragment": "#" + Position.from_args(game, args).fragment(game)}


def _new_game(game: ScorecardGame, args: dict, seed: int, progress) -> tuple[Record, np.ndarray, dict]:
    """A whole game played alone by ``policy`` (optimal or greedy)."""
    given = [k for k in ("against", "seat", "komi") if args.get(k) is not None]
    if given:
        raise InvalidRequestError(f"{game.name} is played alone: it has no {', '.join(given)}")
    values = load_table(game).values
    player = find_player(args.get("policy"))
    return play_game(CARD_RULES, game, values, (player,), seed), values, {}


def record_link(game: ScorecardGame, record: Record) -> str | None:
    """A link that opens this game where it stands, in Play; None where it is too long for a link."""
    word = record.share_word()
    return None if word is None else f"#{to_fragment(game, [('view', 'play'), ('record', word)])}"


def _review(game: ScorecardGame, values: np.ndarray, record: Record) -> dict:
    """A record's review, each decision with the link to its position in the advisor."""
    out = review(game, values, record).to_json()
    for decision in out["decisions"]:
        decision["link"] = "#" + Position.from_args(game, decision["state"]).fragment(game)
    return out


@dataclass(frozen=True)
class ScorecardQuiz:
    """Test yourself (:class:`pycore.core.quiz.QuizSource`) for a scorecard game: whole games
    played by optimal play or the greedy player, every keep and box valued in expected final
    points."""

    game: ScorecardGame
    values: np.ndarray
    seats: int = 1
    unit: str = "points"

    def players(self) -> list[CardPlayer]:
        return [find_player(None), find_player(GREEDY)]

    def play(self, players: tuple[CardPlayer, ...], seed: int):
        record = play_game(CARD_RULES, self.game, self.values, players, seed)
        for _, at, _, _ in walk(CARD_RULES, self.game, record):
            choices = decision_choices(self.game, self.values, at)
            if len(choices) > 1:
                yield at, choices

    def pick(self, player: CardPlayer, at: CardPosition, choices: tuple[Choice, ...]) -> str:
        return choice_key(self.game, player.choose(self.game, self.values, at))

    def question(self, at: CardPosition, choices: tuple[Choice, ...]) -> tuple[dict, str, str]:
        ranked = sorted(choices, key=lambda c: -c.value)
        why = f"Best: {ranked[0].label}, {ranked[0].value:.2f} points at the end on average"
        why += f"; next best: {ranked[1].label}, {ranked[0].value - ranked[1].value:.2f} fewer." if len(ranked) > 1 else "."
        return at.to_json(self.game), "#" + Position.from_args(self.game, at.advise_state()).fragment(self.game), why

    def identity(self, at: CardPosition) -> str:
        return f"{at.card.to_text()}|{sorted(at.dice)}|{at.rolls_left}"


#: how the scorecard games are played and reviewed (the actions: :mod:`pycore.service.play_actions`)
PLAY = PlayKind(
    rules=CARD_RULES,
    head=_head,
    values=lambda game, players, args, progress: load_table(game).values,
    new_game=_new_game,
    review=_review,
    record_link=record_link,
    find_player=lambda game, label: find_player(label),
    position_json=lambda game, at: at.to_json(game),
    quiz_source=lambda game, args, progress: ScorecardQuiz(game, load_table(game).values),
)


ACTIONS = {"solve": _solve, "advise": _advise, "distribution": _distribution, "link": _link,
           **play_actions.actions(PLAY)}
POSITION_KEYS = ("card", "dice", "rolls", "target", "view", "record")


def resolve_position(game: ScorecardGame, link: LinkValues) -> dict:
    """The nearest valid position to a link's remaining keys (never fails; one message per fix)."""
    problems = link.problems
    values = link.values
    card, card_problems = game.nearest_card(values.pop("card", ""))
    problems += card_problems
    args: dict = {"scorecard": card.to_text()}
    if "dice" in values:
        args["dice"] = values.pop("dice")
        raw_rolls = values.pop("rolls", "0")
        rolls = whole_number_of(raw_rolls)
        args["rolls_left"] = raw_rolls if rolls is None else rolls  # (what is not a number, named as typed)
    if "target" in values:
        raw_target = values.pop("target")
        target = whole_number_of(raw_target)
        if target is None:
            problems.append(f"{not_a_number('target', raw_target)} (ignored)")
        elif 0 <= target <= game.max_score:
            args["target"] = target
        else:  # only the target is dropped: the card and the dice stay
            problems.append(f"target must be a final score from 0 to {game.max_score}, got {target} (ignored)")
    view: dict = {"view": "scorecard"}
    raw_view = values.pop("view", None)
    raw_record = values.pop("record", None)
    record = None if raw_record is None else linked_record(game, raw_record, CARD_RULES, problems)
    if record is not None:
        view = {"view": "play", "record": record.to_json()}
    elif raw_view == "play":
        view = {"view": "play"}  # the game in progress, in Play
    elif raw_view == "quiz":
        view = read_quiz_view(link)  # (Test yourself: its own positions)
    elif raw_view == "distribution":
        view = {"view": "distribution"}  # (the final score's distribution: the rules' alone)
    elif raw_view not in (None, "scorecard"):
        problems.append(f"view must be play, quiz, distribution or nothing, got {raw_view!r} (ignored)")
    for key in values:
        keys = ", ".join([p.name for p in game.parameters] + list(POSITION_KEYS))
        problems.append(f"{game.name} links have no {key!r} (ignored); keys: {keys}")
    try:
        position = Position.from_args(game, args)
    except PycoreError as exc:
        problems.append(f"{exc}; opening the start of the turn")
        args.pop("target", None)
        position = Position(card, None, game.dice.rolls)
    if card.complete and position.dice is not None:
        problems.append(f"the scorecard is full (the game is over with {card.score} points): no dice to play")
        position = Position(card, None, game.dice.rolls)
    fragment = "#" + position.fragment(game)
    return {
        **_head(game),
        "position": position.to_json(),
        # Play's address: the rule set and view=play (the game itself is kept by the page); the
        # distribution's: the rule set
        "fragment": "#" + to_fragment(game, [("view", view["view"])]) if view["view"] in ("play", "distribution") else
        "#" + to_fragment(game, quiz_pairs(view)) if view["view"] == "quiz" else fragment,
        "problems": problems,
        "view": view,
    }
