"""A whole game between two players (or, at the table, up to eight), and its review.

A *record* replays a game exactly: the game's parameters, the head start (komi, two
players only), the players' labels in seat order (seat 0 moves first), and the moves, in
order::

    {"action": "roll", "faces": [...]}       the faces a roll showed (dice or entered)
    {"action": "hold"}
    {"action": "choose", "option": {...}}   after a roll offering a choice (Farkle: the dice
                                            set aside; Pig with a turn limit: the target),
                                            the turn variables of the option taken

A game played with the computer's dice keeps its ``seed`` too; the faces are what replays
it (a record typed in at the table has no seed).

:func:`play` plays a game between two :class:`Player`\\ s with dice drawn by a seeded
generator (``random.Random(seed)``: the same sequence in CPython and Pyodide) from the
rules' exact distribution of what a roll shows (``roll_faces``). :func:`review` replays a
record and, at every decision (two legal actions, or a choice between options), gives the
decision's values under optimal play, the best one and the cost of the one taken: the best
value minus the taken one, in the chooser's P(win) (a draw counting one half), and the
first player's chance before each move (the curve of the game).

Values come from what each turn's endings are worth (a solution's ``ending_value``, from a
solve or a shipped table), each turn's values recomputed from them
(:func:`~pycore.jeopardy.solving.dispatch.win_turn_values`), exactly as the advice computes them.

Three or more players (people at a table): where the game has a variant for that many
players (:func:`~pycore.jeopardy.analysis.for_players`: three-player Pig), the table plays it
exactly: the position is that game's (every score, in seat order from the mover), and the
advice and the review are its optimum (each player playing for their own win), the review's
curve the first player's chance. Otherwise there is no solution of the many-player game
here. Each turn is played on the rules' own turn from the two-player position of the mover
against the strongest opponent (the most points among the others; in round games, as
player 2 if that opponent has played this round already), so the counters, the legal moves
and the advice are the two-player game's at that position, while the scores and the end of
the game follow the game's ``table_end`` rule for many players. Each seat keeps its own
counters of the turn start besides its score (``player_pairs``: Farkle's zilches in a row),
the position holding the mover's and that opponent's, and a turn's end moves the mover's
score and counters as the two-player rules do (the third zilch in a row costs the penalty).
The advice and the review are then the two-player optimum against the leader, not the
many-player one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction

import numpy as np

from pycore.core.cache import BoundedCache
from pycore.core.errors import InvalidParameterError, InvalidPolicyError, InvalidRecordError, PycoreError
from pycore.core.play import Record
from pycore.core.records import MAX_SEED, whole_number
from pycore.jeopardy.analysis import for_players
from pycore.jeopardy.policies.strategy import rule_policy
from pycore.jeopardy.rules.moves import actions_at, check_komi, legal_actions, read_faces, turn_end
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, Policy, State, Transition, best_of, two_seats
from pycore.jeopardy.solving.dispatch import solve, win_turn_values
from pycore.jeopardy.solving.turn_graph import start_graph_of

#: moves one game may take before it is called endless (a rule that never banks)
MAX_MOVES = 20_000
OPTIMAL = "Optimal"
RULE_LABEL = "Rule: "
#: the most players at one table (three or more: see :class:`Position`)
MAX_PLAYERS = 8


@dataclass
class Values:
    """The optimal values of one game's positions, from what each turn's endings are worth
    (a solution's ``ending_value``: the mover's chance at a turn start, or with three or more
    players each seat's): each turn's values computed once per anchor (the last few kept)."""

    game: JeopardyGame
    ending_value: Callable[[tuple], float | np.ndarray]
    _turns: BoundedCache = field(default_factory=lambda: BoundedCache(None, 16), repr=False)

    def turn(self, anchor: tuple[int, ...]):
        key = tuple(int(x) for x in anchor)
        return self._turns.get(key, lambda: win_turn_values(self.game, key, self.ending_value))

    def value(self, state: State) -> float:
        """P(the mover wins) at ``state`` under optimal play from here."""
        return self.turn(state.anchor).value_at(state.turn)

    def action_values(self, state: State) -> dict[str, float | None]:
        return self.turn(state.anchor).action_values(state.turn)

    def seat_chances(self, state: State) -> list[float]:
        """Each seat's chance at ``state``, the mover's first."""
        if self.game.players > 2:
            return self.turn(state.anchor).seat_values_at(state.turn)
        return two_seats(self.value(state))

    def of(self, game: JeopardyGame) -> Values:
        """The values of ``game``'s positions: these, or (a tie-break of fewer players at a
        table of three: AYZD's) that game's, solved once."""
        if game.key == self.game.key:
            return self
        return self._turns.get(("game", game.key), lambda: Values(game, solve(game).ending_value))


@dataclass(frozen=True)
class Player:
    """Optimal play (``policy`` None) or a fixed policy (a paper's or the user's rule)."""

    label: str
    policy: Policy | None = None

    def action(self, game: JeopardyGame, values: Values, state: State, legal: tuple[str, ...]) -> str:
        """Roll or hold at ``state``, where ``legal`` are the moves allowed."""
        if len(legal) == 1:
            return legal[0]
        if self.policy is None:
            return best_of(values.action_values(state))
        columns = {k: np.asarray(v) for k, v in Notation(game).columns(state).items()}
        return ROLL if bool(np.asarray(self.policy.rule(**columns))) else HOLD

    def option(self, game: JeopardyGame, values: Values, state: State, options: tuple[State, ...]) -> int:
        """The option taken after a roll from ``state`` that offers ``options``."""
        if self.policy is None:
            worth = [values.value(o) for o in options]
            return int(np.argmax(worth))  # the first of equals
        return policy_option(game, self.policy, state, options)


def find_player(game: JeopardyGame, text: str | None) -> Player:
    """``optimal`` (or nothing), one of the game's printed policies by name, or a rule in the
    rule language; InvalidPolicyError listing the names when it is none of them."""
    if text is None or not str(text).strip() or str(text).strip().lower() == "optimal":
        return Player(OPTIMAL)
    if not isinstance(text, str):
        raise InvalidPolicyError(f"a player is 'optimal', a policy's name or a rule, got {text!r}")
    text = text.removeprefix(RULE_LABEL)  # a record's label of a rule player is that player again
    policies = game.human_policies()
    for policy in policies:
        if policy.name.lower() == text.strip().lower():
            return Player(policy.name, policy)
    try:
        policy = rule_policy(game, text)
    except PycoreError as exc:
        names = ", ".join(p.name for p in policies) or "none printed"
        shown = text if len(text) <= 80 else text[:80] + "…"
        raise InvalidPolicyError(
            f"{shown!r} is not 'optimal', a policy of {game.name} ({names}) nor a rule: {exc}"
        ) from None
    return Player(f"{RULE_LABEL}{policy.description}", policy)


#: (game, policy, anchor) -> the policy's choice table at that anchor: the last few (a turn asks
#: it at every roll, and a policy's table can take a turn's sweep to make: Farkle's best single turn)
_CHOSEN = BoundedCache("policies' choices by anchor", 64)


def _policy_choices(game: JeopardyGame, policy: Policy, anchor: tuple) -> np.ndarray:
    chosen = _CHOSEN.get((game.key, policy.name), lambda: policy.choose(game))  # (a table, or a function of the anchor)
    if callable(chosen):  # a function of the anchors' columns ((B, G + 1, C) arrays, one anchor here)
        columns = dict(zip(game.anchor_vars, anchor, strict=True))
        chosen = chosen({v: np.full((1, 1, 1), int(x)) for v, x in columns.items()})[0]
    return np.asarray(chosen)


def policy_option(game: JeopardyGame, policy: Policy, state: State, options: tuple[State, ...]) -> int:
    """Which of ``options`` a policy takes after a roll from ``state``: where it says
    (``Policy.choose``, a table over the game's turn graph, as the exact evaluation reads it),
    else the first."""
    if policy.choose is None:
        return 0
    graph = start_graph_of(game)[0]
    if graph.choice is None:
        return 0
    step = game.gain_step
    chosen = _CHOSEN.get((game.key, policy.name, tuple(int(x) for x in state.anchor)),
                         lambda: _policy_choices(game, policy, state.anchor))
    config = {c: n for n, c in enumerate(graph.configurations)}
    src = config[tuple(int(x) for x in state.turn[1:])]
    gain = game.gain(state.turn)
    keys = [((game.gain(o.turn) - gain) // step, config[tuple(int(x) for x in o.turn[1:])]) for o in options]
    # the outcome of the graph that offers exactly these alternatives from this configuration
    for outcome in np.unique(graph.choice[graph.src == src]):
        ts = np.flatnonzero((graph.choice == outcome) & (graph.src == src))
        if sorted((int(graph.gain[t]), int(graph.dst[t])) for t in ts) == sorted(keys):
            t = int(chosen[gain // step, outcome])
            return keys.index((int(graph.gain[t]), int(graph.dst[t])))
    return 0


# ---- records ---------------------------------------------------------------------------------


def start_state(game: JeopardyGame, komi: int) -> State:
    return State(game.name, game.start_anchor(komi), game.turn_start)


#: (game, turn state) -> (cumulative chances, faces as JSON): the last few hundred
_SHOWN = BoundedCache("faces a roll shows", 512)


def draw_faces(game: JeopardyGame, state: State, rng: random.Random) -> list:
    """What a roll from ``state`` shows, drawn from the rules' exact distribution (as JSON):
    one ``rng.random()`` a roll, so a record's k-th roll needs the k-th number of its seed."""
    key = (game.key, tuple(state.turn))

    def make():
        shown = game.roll_faces(state.turn)
        return np.cumsum([float(p) for p, _ in shown]), [json.loads(json.dumps(list(f))) for _, f in shown]

    cumulative, faces = _SHOWN.get(key, make)
    drawn = faces[min(int(np.searchsorted(cumulative, rng.random(), side="right")), len(faces) - 1)]
    return json.loads(json.dumps(drawn))  # (a copy: the record keeps it)


@dataclass
class Position:
    """Where a game is after some moves: the turn state, whose seat moves, the options a roll
    just offered (the choice to come), the last roll's faces, the rolls made (how far the
    seed's numbers are used), the banked scores (seat order) and once over the result.

    Two players: the game's own rules, exactly (``state`` is the mover's, as the solver has
    it). Three or more (the table): ``scores`` are kept here and the game ends by the game's
    ``table_end``; ``game`` is the game of that many players where there is one (``exact``:
    its state lists every score), else each turn is played on the rules' turn from the
    two-player position of the mover against the strongest opponent (:meth:`_anchor`)."""

    game: JeopardyGame
    state: State
    seat: int = 0
    options: tuple[State, ...] = ()
    faces: list | None = None
    #: the seat whose roll ``faces`` are (after a bust, the player before the one to move)
    rolled_by: int | None = None
    rolls: int = 0
    moves: int = 0
    result: float | None = None  # seat 0's result: 1 win, 1/2 draw, 0 loss
    scores: tuple[int, ...] = (0, 0)
    winners: tuple[int, ...] = ()  # once over: the seats that won (two, at a draw)
    #: three or more players: the seats still playing (all, or the tied in a tie-break round),
    #: and whether someone has reached the goal (the round being played is the last)
    active: tuple[int, ...] = (0, 1)
    last_round: bool = False
    #: the table plays a game of its own number of players (False: three or more advised by
    #: the two-player game against the strongest opponent)
    table_exact: bool = True
    #: three or more advised by the two-player game: each seat's own counters of the game's
    #: ``player_pairs`` (Farkle's zilches in a row), seat order; with two they are the anchor's
    counters: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def start(cls, game: JeopardyGame, komi: int, players: int = 2, exact: bool = True) -> Position:
        """The start of a game of ``players``; ``exact`` False: a table advised by the
        two-player stand-in even where a game of that many players is solved (what the
        simulated tables measure, :mod:`pycore.jeopardy.play.table_simulation`)."""
        if players == 2:
            at = cls(game, start_state(game, komi))
            at.scores = at._banked()
            return at
        if game.table_end is None:
            raise InvalidRecordError(f"{game.title} is a game of two players")
        if komi:
            raise InvalidRecordError("a head start (komi) is for two players; with more, everyone starts at 0")
        game = for_players(game, players) if exact else game
        start = dict(zip(game.anchor_vars, game.start_anchor(0), strict=True))
        at = cls(game, start_state(game, 0), scores=(0,) * players, active=tuple(range(players)),
                 table_exact=game.players == players,
                 counters=(tuple(start[mine] for mine, _ in game.player_pairs),) * players)
        at.state = State(game.name, at._anchor(), game.turn_start)
        return at

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def exact(self) -> bool:
        """Whether the game played is the game of the players in play: two, a variant for more,
        or the game the tied players of such a variant play on (AYZD's tie-break of two)."""
        return self.table_exact and self.game.players == len(self.active)

    def seat_chance(self, chances, seat: int = 0) -> float:
        """``seat``'s chance (the first player's by default), from ``chances`` (the players in
        play from the mover)."""
        if seat not in self.active:
            return 0.0  # (out of a tie-break)
        return chances[(self.active.index(seat) - self.active.index(self.seat)) % len(self.active)]

    def _banked(self) -> tuple[int, int]:
        anchor = dict(zip(self.game.anchor_vars, self.state.anchor, strict=True))
        mine, theirs = int(anchor[self.game.score_var]), int(anchor[self.game.opponent_var])
        return (mine, theirs) if self.seat == 0 else (theirs, mine)

    def opponent(self) -> int:
        """The mover's strongest opponent: the most points among the other seats in play, the
        earliest of equals (with two players, the other)."""
        others = [s for s in self.active if s != self.seat]
        top = max(self.scores[s] for s in others)
        return min(s for s in others if self.scores[s] == top)

    def _anchor(self) -> tuple[int, ...]:
        """The mover's turn start at a table of three or more: the game of that many players'
        (every score, in seat order from the mover), else the two-player one standing for it:
        the mover's score and counters against the strongest opponent's, and where the game
        has whose turn it is in the round (``p``), player 2 if that opponent has played this
        round already."""
        if self.exact:  # the scores of the players in play from the mover, and the mover's place
            place = self.active.index(self.seat)
            order = iter(self.scores[s] for s in self.active[place:] + self.active[:place])
            return tuple(place + 1 if v == "p" else next(order) for v in self.game.anchor_vars)
        leader = self.opponent()
        game = self.game
        values = {"p": 2 if leader < self.seat else 1, game.score_var: self.scores[self.seat],
                  game.opponent_var: self.scores[leader]}
        for n, (mine, theirs) in enumerate(game.player_pairs):
            values[mine], values[theirs] = self.counters[self.seat][n], self.counters[leader][n]
        return tuple(values[v] for v in game.anchor_vars)

    def seat_counters(self) -> dict[str, list[int]]:
        """Each seat's counters of the game's ``player_pairs`` (Farkle's zilches in a row), by
        the mover's name of each (``z``), in seat order."""
        pairs = self.game.player_pairs
        if self.players == 2:  # (the mover's and the opponent's, as _banked reads the scores)
            anchor = dict(zip(self.game.anchor_vars, self.state.anchor, strict=True))
            movers = {mine: (int(anchor[mine]), int(anchor[theirs])) for mine, theirs in pairs}
            return {mine: list(values if self.seat == 0 else values[::-1]) for mine, values in movers.items()}
        return {mine: [seat[n] for seat in self.counters] for n, (mine, _) in enumerate(pairs)}

    def legal(self) -> tuple[str, ...]:
        state = self.state
        if self.exact:
            return legal_actions(self.game, state)
        return actions_at(self.game, state.anchor, state.turn, hold_wins=self._holding_wins())

    def holding_decided_by(self) -> tuple:
        """Besides the turn start (the anchor) and the turn total, what :meth:`_holding_wins`
        reads: whether the mover is the last of the round and the round the last."""
        return () if self.game.table_end == "goal" else (self.seat == max(self.active), self.last_round)

    def _holding_wins(self) -> bool:
        """Three or more players: whether holding now ends the game a winner (then it is the
        only move, as with two)."""
        game = self.game
        banked = self.scores[self.seat] + game.gain(self.state.turn)
        if game.table_end == "goal":
            return banked >= game.goal
        others = max(self.scores[s] for s in self.active if s != self.seat)
        ends_round = self.seat == max(self.active) and (self.last_round or banked >= game.goal)
        return ends_round and banked > others

    def apply(self, move: dict) -> Position:
        """The position after one move in the record's form (this one stays as it is);
        InvalidRecordError (or the rules' error) if it does not fit here."""
        after = replace(self)
        after._play(move)
        return after

    def _play(self, move: dict) -> None:
        game = self.game
        if self.result is not None:
            raise InvalidRecordError("the game is over: no move comes after its end")
        action = move.get("action")
        if self.options:
            if action != "choose":
                raise InvalidRecordError("the roll offers a choice: the next move chooses one of its options")
            wanted = {k: move["option"].get(k) for k in game.turn_vars}
            taken = [o for o in self.options if turn_values(game, o) == wanted]
            if not taken:
                raise InvalidRecordError(f"the roll does not offer {move['option']}")
            self.state, self.options = taken[0], ()
            self.moves += 1
            return
        legal = self.legal()
        if action not in legal:
            raise InvalidRecordError(f"a {action} is not allowed at {Notation(game).to_text(self.state)} ({', '.join(legal)} is)")
        if action == HOLD:
            self._turn_over(game.gain(self.state.turn))
        else:
            outcome = read_faces(game, self.state, move["faces"])
            self.faces, self.rolled_by, self.rolls = move["faces"], self.seat, self.rolls + 1
            if outcome.options:
                self.options = outcome.options
            elif outcome.turn_ended:  # a bust
                self._turn_over(0)
            else:
                self.state = outcome.state
        self.moves += 1

    def turn_over(self, banked: int) -> None:
        """The mover's turn ends having banked ``banked`` (in place: a simulated turn)."""
        self._turn_over(banked)

    def _turn_over(self, banked: int) -> None:
        """The mover's turn ends having banked ``banked``."""
        if self.players == 2:
            self._after(turn_end(self.game, self.state.anchor, banked, Fraction(1)), banked)
            return
        game, seat = self.game, self.seat
        scores, counters = list(self.scores), list(self.counters)
        if self.exact:
            scores[seat] += banked
        else:
            scores[seat], counters[seat] = self._mover_after(banked)
        self.scores, self.counters = tuple(scores), tuple(counters)
        if game.table_end == "goal":
            if scores[seat] >= game.goal:
                return self._won((seat,))
        else:
            self.last_round = self.last_round or scores[seat] >= game.goal
            if seat == max(self.active) and self.last_round:  # the last round is played out
                top = max(scores[s] for s in self.active)
                tied = tuple(s for s in self.active if scores[s] == top)
                if game.table_end == "round" or len(tied) == 1:
                    return self._won(tied[:1])  # (a later player had to exceed an earlier one)
                self.active = tied  # a tie at the top: another round among the tied
                among = getattr(game, "game_among", None)
                if self.table_exact and among is not None:
                    self.game = game = among(len(tied))
        later = [s for s in self.active if s > seat]
        self.seat = later[0] if later else self.active[0]
        self.state = State(game.name, self._anchor(), game.turn_start)

    def _mover_after(self, banked: int) -> tuple[int, tuple[int, ...]]:
        """Three or more advised by the two-player game: the mover's score and counters after
        a turn that banked ``banked``, as the two-player rules end it from the turn start the
        turn was played from (Farkle's third zilch in a row costs the penalty and starts the
        count again). They are the opponent's side of the two-player game's next turn start."""
        game = self.game
        columns = {v: np.asarray(x) for v, x in zip(game.anchor_vars, self.state.anchor, strict=True)}
        after = game.end_turn(columns, np.asarray(banked)).next_anchor
        return int(after[game.opponent_var]), tuple(int(after[theirs]) for _, theirs in game.player_pairs)

    def _won(self, winners: tuple[int, ...]) -> None:
        self.winners = winners
        self.result = 1.0 if 0 in winners else 0.0

    def _after(self, transition: Transition, banked: int = 0) -> None:
        if transition.state is None and not transition.options:  # the game is over
            mover = float(transition.mover_value)
            self.result = mover if self.seat == 0 else 1.0 - mover
            self.winners = (0, 1) if self.result == 0.5 else ((0,) if self.result == 1.0 else (1,))
            mine, theirs = self._banked()
            self.scores = (mine + banked, theirs) if self.seat == 0 else (mine, theirs + banked)
            return
        if transition.turn_ended:
            self.seat = 1 - self.seat
        self.state = transition.state
        self.scores = self._banked()

    def to_json(self) -> dict:
        game = self.game
        return {
            "state": Notation(game).values(self.state),
            "seat": self.seat,
            "scores": list(self.scores),
            "turn_points": game.gain(self.state.turn),
            "legal": [] if self.result is not None or self.options else list(self.legal()),
            "options": [turn_values(game, o) for o in self.options],
            "option_labels": [option_label(game, self.state.turn, self.faces, o) for o in self.options],
            # how the next roll is entered at the table (its dice and faces), where one is allowed
            "roll": game.roll_entry_at(self.state.turn) if self.result is None and not self.options
            and ROLL in self.legal() else None,
            # the game whose position ``state`` is (three players of Pig: three-player Pig)
            "game": game.name,
            "params": dict(game.params),
            # three or more players advised by the two-player game: whose position the advice
            # is (the strongest opponent)
            "against": self.opponent() if not self.exact and self.result is None else None,
            # each seat's own counters besides the score (Farkle's zilches in a row: {"z": [...]})
            "counters": self.seat_counters(),
            "faces": self.faces,
            "rolled_by": self.rolled_by,
            "moves": self.moves,
            # the seats still playing (a tie-break's: the tied)
            "active": list(self.active),
            "result": self.result,
            "winners": list(self.winners),
        }


class JeopardyPlay:
    """The play core's questions (:class:`pycore.core.play.PlayRules`) for two-player jeopardy
    games and the table: a record's players (2 to 8; a seed for two), komi and moves, and
    :class:`Position` the position."""

    fields = "game, params, komi, players and moves"
    max_moves = MAX_MOVES
    entered = "entered at the table"

    def read_header(self, data: dict) -> tuple[tuple[str, ...], int | None, int]:
        komi, seed, players = data.get("komi", 0), data.get("seed"), data.get("players", ["Player 1", "Player 2"])
        if isinstance(komi, bool) or not isinstance(komi, int):
            raise InvalidRecordError(f"the record's komi is a whole number, got {komi!r}")
        # (as play's seed: a negative seed drew the same dice as its positive twin)
        seed = whole_number(seed, "seed", 0, MAX_SEED)
        if not (isinstance(players, list) and 2 <= len(players) <= MAX_PLAYERS and all(isinstance(p, str) for p in players)):
            raise InvalidRecordError(f"the record's players are 2 to {MAX_PLAYERS} labels, the first player's first")
        return tuple(players), seed, komi

    def check_move(self, move, n: int, faces_needed: bool) -> None:
        action = move.get("action") if isinstance(move, dict) else None
        if action not in (ROLL, HOLD, "choose"):
            raise InvalidRecordError(f"move {n} of the record is not a roll, a hold or a choice: {move!r}")
        if action == ROLL and faces_needed and not isinstance(move.get("faces"), list):
            raise InvalidRecordError(f"move {n} of the record (a roll) has no list of faces")
        if action == "choose" and not isinstance(move.get("option"), dict):
            raise InvalidRecordError(f"move {n} of the record (a choice) has no option")

    def start(self, game: JeopardyGame, record: Record) -> Position:
        players = len(record.players)
        if game.players > 2 and players != game.players:  # (a game for three is a table of three)
            raise InvalidRecordError(f"a game of {game.name} has {game.players} players, the record {players}")
        if record.seed is not None and players != game.players:
            # the computer's dice are rolled in the game of the record's own players: a table of
            # three plays pig-3 (the record names it), a table of more no exact game
            exact = for_players(game, players)
            where = f", or against the computer in {exact.name}" if exact.players == players else ""
            raise InvalidRecordError(f"a game with the computer's dice (a seed) has {game.name}'s own {game.players} "
                                     f"players, not {players}: {players} play at the table{where}")
        try:
            check_komi(game, record.komi)  # as play's own komi is checked
        except InvalidParameterError as exc:
            raise InvalidRecordError(f"the record's komi does not fit: {exc}") from None
        return Position.start(game, record.komi, players)

    def apply(self, game: JeopardyGame, at: Position, move: dict) -> Position:
        return at.apply(move)

    def over(self, at: Position) -> bool:
        return at.result is not None

    def rolls(self, at: Position) -> int:
        return at.rolls

    def skip(self, rng: random.Random) -> None:
        rng.random()  # one number a roll (draw_faces)

    def mover(self, at: Position) -> int:
        return at.seat

    def next_move(self, game: JeopardyGame, values: Values, player: Player, at: Position, rng: random.Random) -> dict:
        game = at.game  # (the game of the table's players; a tie-break's, the game the tied play on)
        values = values.of(game)
        if at.options:
            picked = at.options[player.option(game, values, at.state, at.options)]
            return {"action": "choose", "option": turn_values(game, picked)}
        if player.action(game, values, at.state, at.legal()) == HOLD:
            return {"action": HOLD}
        return {"action": ROLL, "faces": draw_faces(game, at.state, rng)}

    def completed(self, game: JeopardyGame, at: Position, move: dict, rng: random.Random) -> dict:
        return {"action": ROLL, "faces": draw_faces(at.game, at.state, rng)}


#: the two-player games' answers to the play core
RULES = JeopardyPlay()


def option_label(game: JeopardyGame, turn: tuple[int, ...], faces, option: State) -> str:
    """An option after a roll from ``turn`` showing ``faces``, in the game's words (Farkle:
    "keep 1 5 (+150)"; Pig with a turn limit: "target 30")."""
    said = game.describe_choice(turn, faces, option.turn)
    if said.get("label"):
        return str(said["label"])
    if "keep" in said:
        return f"keep {' '.join(str(f) for f in said['keep'])} (+{said['points']})"
    return ", ".join(f"{k} {v}" for k, v in turn_values(game, option).items())


def turn_values(game: JeopardyGame, state: State) -> dict:
    """The turn variables of a state (how a record names an option)."""
    values = Notation(game).values(state)
    return {v: values[v] for v in game.turn_vars if v in values}
