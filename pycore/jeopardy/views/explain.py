"""Why roll or hold: one sentence on what drives the decision at a state.

Written from the game's rules and the numbers alone (no game is named): what
holding now would end in (a win, a loss, a draw, or the next turn), the chance
that rolling busts, and the expected points of the turn each way
(:func:`pycore.jeopardy.solving.turn.turn_outlook`). The interesting cases are the ones
where win chances and points disagree: rolling for fewer points on average
because only rolling can still win, or holding with more points on offer
because the risk is not worth it. And what a roll entered at the table did
(:func:`roll_said`).
"""

from __future__ import annotations

from fractions import Fraction

from pycore.jeopardy.rules.hints import turn_unit
from pycore.jeopardy.rules.moves import turn_end
from pycore.jeopardy.rules.notation import variable_of
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, State
from pycore.jeopardy.solving.turn import ActionOutlook


def _points(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%" if p >= 0.01 or p == 0 else f"{100 * p:.1f}%"


def _a(percent: str) -> str:
    """The article before a percentage as it is read aloud: "an 8%", "an 11%", "an 18%", "a 9%"."""
    spoken = percent.split(".")[0].rstrip("%")
    return "an" if spoken.startswith("8") or spoken in ("11", "18") else "a"


def reason(
    game: JeopardyGame,
    state: State,
    values: dict[str, float | None],
    best: str,
    outlook: dict[str, ActionOutlook],
    objective: str = "win",
) -> str:
    """One sentence (or two) on why ``best`` is best at ``state``."""
    roll, hold = values[ROLL], values[HOLD]
    gain = game.gain(state.turn)
    if hold is None:
        # the start of a turn, or (AYZD) three footprints rolled: nothing to bank yet
        return "You cannot hold with nothing set aside this turn: roll."
    end = turn_end(game, state.anchor, gain, Fraction(1))
    if end.mover_value is not None:
        anchor = dict(zip(game.anchor_vars, state.anchor, strict=True))
        mine = anchor[game.score_var] + gain
        if game.players > 2:  # (the other scores, in turn order)
            theirs = "the others " + " and ".join(str(anchor[v]) for v in game.anchor_vars if v not in ("p", game.score_var))
        else:
            theirs = f"your opponent {anchor[game.opponent_var]}"
        scores = f"you would have {mine}, {theirs}"
        if end.mover_value == 1:  # whatever the objective: a won game is not rolled on
            return f"Holding now wins the game ({scores})."
        if objective == "win":
            if end.mover_value == 0:
                tail = " Only rolling can still win." if roll is not None else ""
                return f"Holding now ends the game and loses it ({scores}).{tail}"
            return f"Holding now ends the game in a draw ({scores})."
    if roll is None:
        return "You cannot roll any more: hold."
    bust = outlook[ROLL].bust
    rolled, banked = outlook[ROLL].points, outlook[HOLD].points
    unit = turn_unit(game)  # brains in Zombie Dice
    risk = f"{_a(_percent(bust))} {_percent(bust)} chance that this roll busts" if bust > 0 else "no chance that this roll busts"
    if roll == hold:
        return f"Both are equally good: rolling has {risk} and makes {_points(rolled)} {unit} this turn on average."
    if objective != "win":
        if best == ROLL:
            despite = f"despite {risk}" if bust > 0 else "and this roll cannot bust"
            return f"Rolling makes {_points(rolled)} {unit} this turn on average against {_points(banked)} banked now, {despite}."
        return f"Holding banks {_points(banked)} {unit}; rolling, with {risk}, makes only {_points(rolled)} on average."
    if best == ROLL:
        if rolled < banked:
            return (
                f"Rolling makes fewer {unit} on average ({_points(rolled)} against {_points(banked)} banked now, "
                f"with {risk}), but it is the better chance to win: {_points(banked)} {unit} are not enough here."
            )
        return (
            f"Rolling is worth {risk}: it makes {_points(rolled)} {unit} this turn on average "
            f"against {_points(banked)} banked now."
        )
    if rolled > banked:
        return (
            f"Holding banks {_points(banked)} {unit}. Rolling would make more on average ({_points(rolled)}), "
            f"but with {risk} it lowers your chance to win: {unit} in hand are worth more here than the gamble."
        )
    return f"Holding banks {_points(banked)} {unit}; rolling, with {risk}, makes only {_points(rolled)} on average."


def roll_said(game: JeopardyGame, result: dict) -> str:
    """What a roll entered at the table did, in the players' words ("" when the turn goes on).
    Where the state counts the scores from the mover's side (no ``p``), the turn passing swaps
    the two score fields; a player who sees their score move to the other field is told why."""
    if "mover_value" in result:
        words = {1: "you win", 0: "you lose", 0.5: "it is a draw"}.get(result["mover_value"], "it is over")
        return f"That roll ends the game: {words}."
    if not result["turn_over"]:
        return ""
    after = result["state"] if "state" in result else result["options"][0]
    said = "That roll busts: the turn scores nothing."
    who = f"Player {after['p']}" if "p" in after else "Your opponent"
    mover, other = after[game.score_var], after[game.opponent_var]
    if mover == other:  # nothing on screen moves (whose turn it is shows, where the state has it)
        return f"{said} {who} moves now." if "p" in after else said
    mine, theirs = variable_of(game, game.score_var).label, variable_of(game, game.opponent_var).label
    # the other counters kept for each player swap too (Farkle's zilches in a row)
    also = "".join(f" “{variable_of(game, a).label}” shows theirs ({after[a]}), “{variable_of(game, b).label}” yours ({after[b]})."
                   for a, b in game.player_pairs)
    return (f"{said} {who} moves now, so the scores change sides: “{mine}” now shows theirs ({mover}), “{theirs}” yours "
            f"({other}).{also}")
