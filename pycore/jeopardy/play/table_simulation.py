r"""Whole games at a table of ``P`` players advised by the two-player stand-in, simulated
(issue 54): what the advice *At the table* gives four to eight players is worth, measured.

No exact game of four or more players is solved here, so the table advises each mover by the
two-player game against the strongest opponent, the *stand-in*
(:class:`~pycore.jeopardy.play.match.Position`; its exact cost at three players of Pig is
:mod:`pycore.jeopardy.seats.stand_in`). This module plays whole games of ``P`` seats in which
each seat is a :class:`~pycore.jeopardy.play.match.Player` at the stand-in's position:
``Player("Optimal")`` rolls where the advice does (the two-player optimum at the position's
two-player state), a named policy (Pig's "hold at 20") where its rule says.

**One turn, exactly, then sampled.** A turn is played from the turn start the table gives
(:meth:`Position._anchor`: the mover's score and counters against the leader's). The seat's
decisions at every turn state of that turn are fixed by the anchor and by whether holding
wins the game outright (:meth:`Position.legal`), so the turn's banked points ``G`` have one
distribution per (anchor, player, what holding ends), worked out once over the turn's states
and kept:

.. math::

    P(G = g \mid t) = \begin{cases} [g = \text{gain}(t)] & \text{the seat holds at } t \\
    \dfrac{\sum_{o \ne t} P(o)\, P(G = g \mid \text{option taken of } o)
    + P_{\text{bust}}\, [g = 0]}{1 - P(t \to t)} & \text{it rolls} \end{cases}

(a bust banks 0; rolling back into the same state, three footprints, divided out). A game is
then one draw of ``G`` a turn (``random.Random(seed)``: the same in every run), the table's
own rules moving the scores, the counters (Farkle's zilches in a row), the round's end and a
tie-break (:meth:`Position.turn_over`). Drawing the whole turn at once is exact: the game
after a turn depends on the turn only through what it banked.

**What is measured.** With ``n`` games, seat ``s``'s share of the wins ``\hat p_s`` has the
standard error ``\sqrt{\hat p_s (1 - \hat p_s) / n}``. In the *rule* profile the seat that
follows the rule is seat ``g mod P`` in game ``g`` (each seat equally often), so its share
over all the games is the rule's chance averaged over the seats; with everyone on the stand-in
that average is ``1 / P`` exactly. The difference is what the stand-in is worth *over the
rule* to one seat among stand-in players: not its cost against optimal ``P``-player play,
which cannot be had without the ``P``-player game (docs/three-players.md).

A game that reaches :data:`MAX_TURNS` turns (a tie-break that never ends) is counted a draw,
shared by the seats still in play; ``endless`` says how many did.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace

import numpy as np

from pycore.core.errors import InvalidRequestError, PycoreError
from pycore.core.table_spec import table_rules
from pycore.jeopardy.analysis import analyse
from pycore.jeopardy.play.match import OPTIMAL, Player, Position, Values
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import HOLD, Choice, State, options_of
from pycore.jeopardy.solving.dispatch import solver_of
from pycore.store.prebuilt import load_result

#: turns one simulated game may take before it is called a draw
MAX_TURNS = 5_000
#: anchors whose optimal turns are worked out together (rows of ``game.anchors()``)
BATCH_ANCHORS = 1_000


@dataclass(frozen=True)
class TurnGains:
    """What one turn banks: ``gains`` (G,) ascending, ``cumulative`` (G,) their cumulative
    chances (the last 1)."""

    gains: np.ndarray
    cumulative: np.ndarray

    def draw(self, rng: random.Random) -> int:
        n = int(np.searchsorted(self.cumulative, rng.random(), side="right"))
        return int(self.gains[min(n, len(self.gains) - 1)])

    def mean(self) -> float:
        chances = np.diff(self.cumulative, prepend=0.0)
        return float(chances @ self.gains)


class TurnSampler:
    """Each turn's distribution of banked points at a table advised by the stand-in, for the
    players of the table, worked out once per (player, anchor, what holding ends).

    ``batched``, where given: ``batched(rows, policy)`` (the solver's ``banked_turns`` for the
    two-player solution: (B, G + 1) what the turns of those ``game.anchors()`` rows bank, or
    None where the solver does not batch them). Where holding ends nothing beyond the turn
    start (``table_end`` "goal": Pig, Farkle), a seat's turn is the two-player game's own,
    the stand-in's or a named policy's, and its distributions are worked out for a batch of
    anchors at a time (:mod:`pycore.jeopardy.solving.banked`: about 2 ms an anchor, where
    following a Farkle turn state by state takes 0.4 s); a game whose round decides what
    holding ends is followed state by state. ``progress(stage, fraction)``: told after each
    batch (minutes of them before a table's first games are done: Farkle's zilch penalty has
    562,500 turn starts), the fraction the player's turn starts worked out."""

    def __init__(self, game: JeopardyGame, values: Values, batched=None, progress=None):
        self.game, self.values = game, values
        self._outcomes: dict = {}
        self._gains: dict = {}
        self._batched = batched
        self._progress = progress
        self._batches_done: dict[str, int] = {}  # a player's label -> the batches of their turns worked out

    def outcomes(self, turn: tuple) -> list[tuple[float, tuple, bool]]:
        """A roll's outcomes from ``turn``: (chance, the turn states offered (none: a bust),
        whether it is a choice), the same for every anchor."""
        found = self._outcomes.get(turn)
        if found is None:
            found = [(float(p), tuple(tuple(o) for o in options_of(o)), isinstance(o, Choice))
                     for p, o in self.game.roll_outcomes(turn)]
            self._outcomes[turn] = found
        return found

    def gains(self, at: Position, player: Player) -> TurnGains:
        """The banked points of the turn starting at ``at`` (a turn start of the table)."""
        hold_ends = at.holding_decided_by()
        key = (player.label, tuple(int(x) for x in at.state.anchor), hold_ends)
        found = self._gains.get(key)
        if found is None and self._batched is not None and not hold_ends and self._batch_of(key[1], player):
            found = self._gains[key]
        if found is None:
            found = self._gains[key] = self._turn_gains(at, player)
        return found

    def _batch_of(self, anchor: tuple[int, ...], player: Player) -> bool:
        """``player``'s turns at ``anchor``'s batch of anchors (rows near its own, as a game's
        scores go), each one's distribution kept; False where the solver does not batch them."""
        game = self.game
        anchors = game.anchors()
        row = int(layout(game).anchor_row(anchor))
        first = row - row % BATCH_ANCHORS
        rows = np.arange(first, min(first + BATCH_ANCHORS, len(anchors)))
        chances = self._batched(rows, player.policy)
        if chances is None:
            self._batched = None
            return False
        points = np.arange(chances.shape[1]) * game.gain_step
        for n, anchor_at in zip(rows, anchors[first:first + len(rows)], strict=True):
            banked = chances[n - first] > 0
            cumulative = np.cumsum(chances[n - first][banked])
            self._gains[(player.label, tuple(int(x) for x in anchor_at), ())] = TurnGains(
                points[banked], cumulative / cumulative[-1])
        done = self._batches_done[player.label] = self._batches_done.get(player.label, 0) + 1
        if self._progress:
            total = -(-len(anchors) // BATCH_ANCHORS)
            self._progress(f"{player.label}'s turns: {done:,} of {total:,} batches of turn starts", done / total)
        return True

    def _turn_gains(self, at: Position, player: Player) -> TurnGains:
        """The seat's move at every turn state it can reach (depth first, each state after
        every state it rolls into), then the chance of reaching each, forward from the turn
        start in the reverse of that order: a held state banks its gain, a bust 0."""
        game, values, anchor = self.game, _OneAnchor(self.values, at.state.anchor), at.state.anchor
        probe = replace(at)  # (the table's position at each turn state in turn: its legal moves)
        moves: dict[tuple, list | None] = {}  # a state -> None (held) or [(chance, the state taken)]
        order: list[tuple] = []
        stack = [(tuple(at.state.turn), False)]
        while stack:
            turn, expanded = stack.pop()
            if expanded:
                order.append(turn)
                continue
            if turn in moves:
                continue
            here = probe.state = State(game.name, anchor, turn)
            if player.action(game, values, here, probe.legal()) == HOLD:
                moves[turn] = None
                order.append(turn)
                continue
            stay, went = 0.0, []
            for p, options, choice in self.outcomes(turn):
                if not options:
                    went.append((p, None))
                elif not choice and options[0] == turn:
                    stay += p
                else:
                    n = player.option(game, values, here, tuple(State(game.name, anchor, o) for o in options)) \
                        if len(options) > 1 else 0
                    went.append((p, options[n]))
            moves[turn] = [(p / (1.0 - stay), o) for p, o in went]  # (rolling back in place: divided out)
            stack.append((turn, True))
            stack.extend((o, False) for _, o in went if o is not None and o not in moves)
        reach = dict.fromkeys(order, 0.0)
        reach[tuple(at.state.turn)] = 1.0
        banked: dict[int, float] = {}
        for turn in reversed(order):  # (every state before the states it rolls into)
            here, went = reach[turn], moves[turn]
            if went is None:
                g = int(game.gain(turn))
                banked[g] = banked.get(g, 0.0) + here
                continue
            for p, o in went:
                if o is None:
                    banked[0] = banked.get(0, 0.0) + here * p
                else:
                    reach[o] += here * p
        gains = np.array(sorted(banked), dtype=np.int64)
        cumulative = np.cumsum([banked[g] for g in gains])
        return TurnGains(gains, cumulative / cumulative[-1])


class _OneAnchor:
    """The optimal values of one anchor's turn states (:class:`Values`' for that anchor: its
    turn found once), each state's value asked once (a Farkle turn asks for the same states'
    values at thousands of its rolls' choices)."""

    def __init__(self, values: Values, anchor: tuple):
        self.turn, self.kept = values.turn(anchor), {}

    def value(self, state: State) -> float:
        found = self.kept.get(state.turn)
        if found is None:
            found = self.kept[state.turn] = self.turn.value_at(state.turn)
        return found

    def action_values(self, state: State) -> dict:
        return self.turn.action_values(state.turn)


@dataclass(frozen=True)
class TableFigures:
    """Simulated games of ``players`` seats: ``wins`` (P,) each seat's wins (a draw's share
    split), of ``games`` games; ``rule`` the rule one seat followed (None: all the stand-in),
    ``rule_wins`` (P,) that seat's wins by the seat it sat in."""

    players: int
    games: int
    wins: tuple[float, ...]
    rule: str | None = None
    rule_wins: tuple[float, ...] = ()
    endless: int = 0
    seconds: float = 0.0

    def chances(self) -> list[float]:
        return [w / self.games for w in self.wins]

    def standard_errors(self) -> list[float]:
        return [standard_error(w / self.games, self.games) for w in self.wins]

    def rule_chance(self) -> tuple[float, float]:
        """The rule-follower's share of the wins over every game and its standard error."""
        p = sum(self.rule_wins) / self.games
        return p, standard_error(p, self.games)


def standard_error(p: float, n: int) -> float:
    """The standard error of a share ``p`` of ``n`` independent games."""
    return math.sqrt(max(p * (1.0 - p), 0.0) / n) if n else math.nan


def stand_in_values(game: JeopardyGame) -> Values:
    """The two-player game's optimal values (its shipped table, else a solve), the stand-in's
    advice."""
    solution, _ = analyse(game, "win").solution(timed=False)
    return Values(game, solution.ending_value)


def stand_in_sampler(game: JeopardyGame, progress=None) -> TurnSampler:
    """The turns of a table advised by the stand-in (:func:`stand_in_values`), worked out a
    batch of anchors at a time where the game's solver does that (``progress``: told after
    each batch)."""
    solution, _ = analyse(game, "win").solution(timed=False)
    solver = solver_of(game)
    return TurnSampler(game, Values(game, solution.ending_value),
                       lambda rows, policy: solver.banked_turns(solution, rows, policy), progress)


def simulate_table(game: JeopardyGame, players: int, games: int, seed: int = 0, rule: str | None = None,
                   sampler: TurnSampler | None = None, progress=None) -> TableFigures:
    """``games`` whole games of ``players`` seats of ``game`` (a two-player game with a rule
    for a table: ``table_end``), each seat advised by the stand-in; with ``rule`` (one of the
    game's named policies), the seat ``g mod players`` of game ``g`` follows it instead.
    Three seats too (the stand-in, not the exact game of three: what the exact profile
    checks)."""
    if game.players != 2 or game.table_end is None:
        raise InvalidRequestError(f"{game.name}: a table is simulated from a two-player game with a table's rule")
    if not 3 <= players <= 8:
        raise InvalidRequestError(f"a simulated table has 3 to 8 players, got {players}")
    policies = {p.name: p for p in game.human_policies()}
    if rule is not None and rule not in policies:
        raise InvalidRequestError(f"{rule!r} is not a policy of {game.name} ({', '.join(policies) or 'none'})")
    sampler = sampler or stand_in_sampler(game)
    stand_in = Player(OPTIMAL)
    follower = Player(rule, policies[rule]) if rule is not None else None
    rng = random.Random(seed)
    wins, rule_wins = [0.0] * players, [0.0] * players
    endless = 0
    started = time.perf_counter()
    for g in range(games):
        ruled = g % players if follower is not None else None
        at = Position.start(game, 0, players, exact=False)
        for _ in range(MAX_TURNS):
            player = follower if at.seat == ruled else stand_in
            at.turn_over(sampler.gains(at, player).draw(rng))
            if at.result is not None:
                break
        if at.result is None:
            endless += 1
            winners = at.active
        else:
            winners = at.winners
        for s in winners:
            wins[s] += 1.0 / len(winners)
            if s == ruled:
                rule_wins[s] += 1.0 / len(winners)
        if progress and (g + 1) % 500 == 0:
            progress(f"{g + 1} of {games} games", (g + 1) / games)
    return TableFigures(players, games, tuple(wins), rule, tuple(rule_wins) if rule else (), endless,
                        time.perf_counter() - started)



# ---- the shipped figures (``python -m pycore table-figures``) ---------------------------------

#: the kind of offline result the figures are (``prebuilt_tables/<table stem>-table-figures.json``)
KIND = "table-figures"
#: the table sizes simulated: those no exact game of that many players answers
SIZES = tuple(range(4, 9))


def table_figures(game: JeopardyGame, sizes=SIZES, games: int = 20_000, rule_games: int | None = None,
                  seed: int = 1, progress=None) -> dict:
    """The offline result of ``game``'s simulated tables: for each table size, ``games`` games
    with every seat on the stand-in and ``rule_games`` (default ``games``) with one seat on the
    game's first named policy; one :class:`TurnSampler` for all (each turn's distribution is
    worked out once)."""
    started = time.perf_counter()
    sampler = stand_in_sampler(game, progress)
    rule = next((p.name for p in game.human_policies()), None)
    rule_games = games if rule_games is None else rule_games
    rows = []
    for players in sizes:
        say = (lambda what, f, players=players: progress(f"{players} players: {what}", f)) if progress else None
        everyone = simulate_table(game, players, games, seed, sampler=sampler, progress=say)
        row = {"players": players, "games": games, "chances": everyone.chances(),
               "standard_errors": everyone.standard_errors(), "endless": everyone.endless,
               "seconds": round(everyone.seconds, 1)}
        if rule is not None and rule_games:
            ruled = simulate_table(game, players, rule_games, seed + 1, rule, sampler=sampler, progress=say)
            chance, error = ruled.rule_chance()
            row["rule"] = {"name": rule, "games": rule_games, "chance": chance, "standard_error": error,
                           # (the rule's chance in each seat: of the games it sat there, g = s mod P)
                           "by_seat": [w / len(range(s, rule_games, players)) for s, w in enumerate(ruled.rule_wins)],
                           "seconds": round(ruled.seconds, 1)}
        rows.append(row)
    sizes_said = f" --seats {min(sizes)}-{max(sizes)}" if tuple(sizes) != SIZES else ""
    return {"kind": KIND, "rules": table_rules(game), "seed": seed, "tables": rows,
            "regenerate": f"python -m pycore table-figures {game_words(game)}{sizes_said} --games {games}"
                          + (f" --rule-games {rule_games}" if rule_games != games else ""),
            "seconds": round(time.perf_counter() - started, 1)}


def game_words(game: JeopardyGame) -> str:
    """The game and its parameters as the command line names them (a variant meant by its
    rules, Farkle's zilch penalty, by its base game's name and the rules)."""
    base = getattr(game, "variant_of", None)
    defaults = type(game)().params
    said = [f"--{k.replace('_', '-')} {v}" for k, v in game.params.items()
            if v not in ("", None) and (defaults.get(k) != v or (base and k == "rules"))]
    return " ".join([base if base and "rules" in game.params else game.name, *said])


def measured(game: JeopardyGame, players: int) -> dict | None:
    """The shipped figure of a table of ``players`` of ``game`` (its rule set's), or None
    where none ships; TableError where the file is damaged (see :func:`figure_words`)."""
    result = load_result(game, KIND)
    if result is None:
        return None
    return next((row for row in result["tables"] if row["players"] == players), None)


#: how the words name a seat (the table's players' names are the page's)
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def figure_words(game: JeopardyGame, players: int, seat: int) -> dict | None:
    """What the table says beside its advice at a table of ``players`` to the seat ``seat``
    (0: the first to play): ``text``, one line, and the figures (``chance``,
    ``standard_error``, ``games``); None where nothing was measured. A damaged file is
    said in ``text`` (its error's name in ``error``): the advice does not wait on it."""
    try:
        row = measured(game, players)
    except PycoreError as exc:
        return {"text": f"No measured figure: {exc}", "error": type(exc).__name__}
    if row is None:
        return None
    chance, error = row["chances"][seat], row["standard_errors"][seat]
    return {"text": f"Measured, all following it: the {ORDINALS[seat]} player wins {100 * chance:.1f}% "
                    f"± {100 * error:.1f}% of {row['games']:,} simulated games.",
            "chance": chance, "standard_error": error, "games": row["games"]}
