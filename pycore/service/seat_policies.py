"""The strategy lab for games of three or more players (issue 54): the ``policies`` and
``evaluate`` actions when ``game.players`` is more than two.

A policy is evaluated as *one player follows it, the others keep the exact advice*
(:mod:`pycore.jeopardy.seats.profile`): for each player, every player's chance at the start
with that player alone following it, and the follower's cost (their chance under the exact
advice less theirs following it). The papers' policies are read for the players at the table
(:mod:`pycore.jeopardy.seats.reading`); ``stand-in`` names the two-player advice against the
strongest opponent (:mod:`pycore.jeopardy.seats.stand_in`); a rule may use every score.
Against anything but optimal play, and where a policy goes wrong, are two-player questions
(refused by name).
"""

from __future__ import annotations

from pycore.jeopardy.policies.strategy import game_policy, rule_policy
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import Policy
from pycore.jeopardy.seats.for_three import SEAT_WORDS
from pycore.jeopardy.seats.profile import follower_chances, shipped_policies
from pycore.jeopardy.seats.seat_solution import NotForPlayers
from pycore.jeopardy.seats.stand_in import stand_in_policy

from ..core.errors import InvalidPolicyError
from ..store.prebuilt import REGENERATE
from .arguments import flag
from .jeopardy_requests import head

#: the name that asks for the two-player stand-in
STAND_IN_NAME = "stand-in"


def definition(game: JeopardyGame) -> str:
    """What the numbers are, in one sentence."""
    return (f"each player in turn follows the policy alone while the other {int(game.players) - 1} keep the exact "
            "advice; every player's chance at the start (the first player's first), and what following it costs "
            "the follower: their chance under the exact advice less theirs following it")


def _described(policy: Policy) -> dict:
    return {"name": policy.name, "description": policy.description, "source": policy.source,
            "expression": policy.expression}


def policies_for_players(game: JeopardyGame, progress, shipped: list | None = None,
                         shipped_seconds: float | None = None) -> dict:
    """Every paper's policy read for the players, each followed by each player alone:
    ``shipped`` (a table's ``seat_policies``, :func:`~pycore.jeopardy.seats.profile.shipped_policy_facts`,
    with their ``policies_seconds``) where the game's table ships them, else evaluated here.
    A table may ship the game's first policies only (GRO for three's are hours, added a part
    at a time): the others are ``unevaluated``, with the command that adds them."""
    policies = game.human_policies()
    if shipped is None:
        results = [r.to_json() for r in follower_chances(game, policies, progress=progress)] if policies else []
    else:
        results = [{k: v for k, v in r.items() if k != "name"} for r in shipped_policies(game, shipped)]
    pending = policies[len(results):]
    each = f" (about {max(1, round(shipped_seconds / len(results) / 60))} minutes each when its table was built)" \
        if results and shipped_seconds else ""
    return {**head(game), "players": int(game.players), "definition": definition(game),
            "seat_words": list(SEAT_WORDS[:int(game.players)]),
            "optimal": results[0]["optimal"] if results else None,
            "policies": [{**_described(p), **r} for p, r in zip(policies, results, strict=False)],
            **({"unevaluated": [_described(p) for p in pending],
                "unevaluated_note": f"not evaluated yet at this size{each}; `{REGENERATE} --game {game.name} "
                                    f"--add-policies {len(pending)}` adds them"} if pending else {})}


def check_for_players(game: JeopardyGame, args: dict) -> None:
    """Refuse, before anything is solved, an ``evaluate`` request for a game of more players
    that names no policy, two, an unknown one, or an opponent other than the exact advice."""
    if args.get("against_rule") is not None or (args.get("against_policy") or "optimal").strip().lower() != "optimal":
        raise NotForPlayers(f"{game.name}: with {game.players} players a policy is evaluated against the exact "
                            "advice of the others only (no against)")
    rule, name = args.get("rule"), args.get("policy")
    if rule is not None and name is not None:
        raise InvalidPolicyError("give a policy name or a rule, not both")
    if rule is None and (name is None or name.strip().lower() == "optimal"):
        raise InvalidPolicyError(f"{game.name}: name a policy ({', '.join(p.name for p in game.human_policies())}, "
                                 f"{STAND_IN_NAME}) or give a rule; the exact advice costs nothing")
    if rule is None and name.strip().lower() != STAND_IN_NAME:
        game_policy(game, name)


def chosen_for_players(game: JeopardyGame, args: dict) -> Policy:
    """The policy an ``evaluate`` request names for a game of more players (checked by
    :func:`check_for_players`): a rule, a paper's policy read for them, or ``stand-in``."""
    check_for_players(game, args)
    if args.get("rule") is not None:
        return rule_policy(game, args["rule"])
    if args["policy"].strip().lower() == STAND_IN_NAME:
        return stand_in_policy(game)
    return game_policy(game, args["policy"])


def shipped_for_players(game: JeopardyGame, args: dict, shipped: list | None) -> dict | None:
    """The answer of an ``evaluate`` request for a game of more players that a table ships
    (``shipped``: its ``seat_policies``): a paper's policy named, each player alone (not
    ``everyone``); None where it must be evaluated."""
    if shipped is None or args.get("rule") is not None or flag(args, "everyone"):
        return None
    policy = chosen_for_players(game, args)
    known = next((r for r in shipped if r["name"] == policy.name), None)
    return None if known is None else {k: v for k, v in known.items() if k != "name"}


def evaluate_for_players(game: JeopardyGame, args: dict, progress, shipped: dict | None = None) -> dict:
    """One policy followed by each player alone (and by everyone, with ``everyone``), or its
    ``shipped`` answer (:func:`shipped_for_players`: the same numbers, evaluated with the table)."""
    policy = chosen_for_players(game, args)
    result = shipped or follower_chances(game, [policy], everyone=flag(args, "everyone"), progress=progress)[0].to_json()
    return {**head(game), "players": int(game.players), "definition": definition(game),
            "seat_words": list(SEAT_WORDS[:int(game.players)]), "policy": policy.name, "against": "Optimal",
            **_described(policy), **result}
