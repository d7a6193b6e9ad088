r"""A turn start of ``P`` players read as the two-player position that stands for it (issues 36, 54).

Before the games of three were solved, a table of three was advised by the two-player game
against the *strongest opponent* (:class:`~pycore.jeopardy.play.match.Position`), and the
papers' human-playable policies are written for two players. Both read a turn start of ``P``
players the same way, here:

* the mover's score ``i`` stays the mover's;
* "the opponent" is the strongest of the others: ``j' = max(s_1, ..., s_{P-1})`` (three
  players: ``max(j, l)``);
* in a game of rounds, "player 2" (who ends the round and must beat player 1) is the mover
  when that strongest opponent has played this round already: the player ``c`` seats after
  the mover at place ``p`` has played it when ``c >= P - p + 1``, and of equal scores the
  earliest seat is the opponent, so ``p' = 2`` exactly when some other player with the top
  score has played this round (three players: ``p = 3``, or ``p = 2`` and ``l >= j``), else
  ``p' = 1``;
* the turn's own variables (turn total, 1s set aside, shotguns) are the same.

:func:`read_policy` applies a two-player policy there (its rule on those columns, and its
expression in the rule language with the same substitution: ``j`` becomes ``max(j, l)``,
``p`` becomes ``(2 if p == 3 or (p == 2 and l >= j) else 1)``), so a paper's policy "read for
three" is one policy of the game of three, evaluated exactly as any other (one seat follows
it, the others keep the exact advice: :mod:`pycore.jeopardy.seats.profile`).
"""

from __future__ import annotations

import ast
from dataclasses import replace

import numpy as np

from pycore.core.errors import InvalidRequestError
from pycore.core.registry import find_game
from pycore.jeopardy.rules.vocabulary import Policy

#: how a paper's policy is read for more players, said beside its description (the second
#: sentence only in a game of rounds: Pig's turn start has no place in the round)
READING = "Read for {players}: the opponent is the strongest of the others (the most points)."
ROUND_READING = " \"Player 2\" is a mover whose strongest opponent has played this round already."


def two_player_game(game):
    """The two-player game a table of ``game.players`` would be advised by: the game that
    ``game`` is a variant of, with the parameters it takes (the same dice, goal and bound)."""
    base = getattr(game, "variant_of", None)
    if base is None:
        raise InvalidRequestError(f"{game.name} is not a variant of a two-player game")
    taken = {p.name for p in find_game(base).parameters}
    return find_game(base, **{k: v for k, v in game.params.items() if k in taken})


def _others(game) -> list[str]:
    """The other players' score variables, the next player's first."""
    return [v for v in game.anchor_vars if v not in ("p", game.score_var)]


def two_player_columns(game, columns: dict, two=None) -> dict:
    """The two-player game's state columns standing for ``columns`` (every state column of
    ``game``, numpy arrays broadcast together): see the module. ``two``: the two-player game
    (default :func:`two_player_game`)."""
    two = two_player_game(game) if two is None else two
    players = int(game.players)
    others = _others(game)
    top = np.asarray(columns[others[0]])
    for v in others[1:]:
        top = np.maximum(top, columns[v])
    read = {k: v for k, v in columns.items() if k not in others}
    read[two.score_var] = columns[game.score_var]
    read[two.opponent_var] = top
    if "p" in game.anchor_vars:
        p = np.asarray(columns["p"])
        played = np.zeros(np.broadcast_shapes(p.shape, top.shape), bool)
        for c, v in enumerate(others, 1):  # the player c seats on has played when c >= P - p + 1
            played |= (c >= players - p + 1) & (np.asarray(columns[v]) == top)
        read["p"] = np.where(played, 2, 1)
    return read


def _expression(game, two_expression: str) -> str:
    """A two-player rule's text with the substitution of the module (the game's variables)."""
    if not two_expression:
        return ""
    players, others = int(game.players), _others(game)
    strongest = ast.parse(f"max({', '.join(others)})", mode="eval").body
    # the last place: every other has played; an earlier one: the top score has played
    played = " or ".join([f"p == {players}"] + [f"p >= {players - c + 1} and {v} == max({', '.join(others)})"
                                                 for c, v in enumerate(others, 1) if c > 1])
    place = ast.parse(f"(2 if {played} else 1)", mode="eval").body

    class Substitute(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name):  # noqa: N802 (ast's visitor name)
            if node.id == "j":
                return strongest
            if node.id == "p" and "p" in game.anchor_vars:
                return place
            return node

    return ast.unparse(Substitute().visit(ast.parse(two_expression, mode="eval")))


def read_policy(game, policy: Policy, two=None) -> Policy:
    """A two-player ``policy`` read for the players of ``game`` (see the module): its rule on
    :func:`two_player_columns`, its expression substituted, its description saying so."""
    two = two_player_game(game) if two is None else two
    rule = policy.rule

    def read(**columns):
        return rule(**two_player_columns(game, columns, two))

    words = READING.format(players=f"{int(game.players)} players") + (ROUND_READING if "p" in game.anchor_vars else "")
    return replace(policy, description=f"{policy.description} {words}", rule=read,
                   expression=_expression(game, policy.expression), choose=None)


def read_policies(game) -> tuple[Policy, ...]:
    """The two-player game's human-playable policies, each read for ``game``'s players."""
    two = two_player_game(game)
    return tuple(read_policy(game, p, two) for p in two.human_policies())
