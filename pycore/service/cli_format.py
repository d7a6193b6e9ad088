"""The command line's words for each answer: a formatter per command, one table per kind of
game (:data:`JEOPARDY_WORDS`, :data:`SCORECARD_WORDS`: each kind's ``words``), and those every
game shares (:data:`COMMON`). ``--json`` prints the
answer itself instead.
"""

from __future__ import annotations

from collections.abc import Callable

from pycore.jeopardy.seats.for_three import seats_in_words
from pycore.jeopardy.seats.seat_solution import HeadStart, fairness_order


def _games(result: dict) -> str:
    return "\n".join(
        f"{g['name']:<8} {g['title']} [{g['kind']}]"
        + "".join(
            f"; {label}: {', '.join(items)}"
            for label, items in (
                ("aliases", g["aliases"]),
                ("parameters", [p["name"] for p in g["parameters"]]),
                ("state", [v["name"] for v in g["state_vars"]]),
            )
            if items
        )
        for g in result["games"]
    )


def _rules(result: dict) -> str:
    lines = [result["how_to_play"]]
    if "in_force" in result:
        lines += ["", "in force:"] + [f"  {k} = {v}" for k, v in result["in_force"].items()]
        lines += ["", "rule sets: " + ", ".join(result["rule_sets"])]
    return "\n".join(lines)


def _link(result: dict) -> str:
    return result["fragment"]


def _followers(result: dict, rows: list[tuple[str, dict]]) -> list[str]:
    """Three or more players: each follower's row, every player's chance and the follower's
    cost (``rows``: (label, a policy's result))."""
    words = result["seat_words"]
    lines = [f"{'who follows it':<16}" + "".join(f"{w:>10}" for w in words) + f"{'cost':>10}"]
    optimal = rows[0][1]["optimal"]
    lines.append(f"{'nobody':<16}" + "".join(f"{c:>10.6f}" for c in optimal))
    for label, r in rows:
        if label:
            lines.append(f"  {label}")
        for seat in r["seats"]:
            lines.append(f"{'the ' + words[seat['seat']]:<16}" + "".join(f"{c:>10.6f}" for c in seat["chances"])
                         + f"{seat['cost']:>10.6f}")
        if "everyone" in r:
            lines.append(f"{'everyone':<16}" + "".join(f"{c:>10.6f}" for c in r["everyone"]))
    return lines


def _evaluate(head: str, result: dict) -> str:
    if "seats" in result:
        return "\n".join([f"{result['policy']}, one player at a time, the others the exact advice ({result['game']})",
                          *_followers(result, [("", result)])])
    return (
        f"{result['policy']} against {result['against']} ({result['game']})\n"
        f"difference {result['difference']:+.4f}; win rate {result['win_rate']:.4f} "
        f"(moving first {result['win_rate_first']:.4f}, second {result['win_rate_second']:.4f})"
    )


def _head(result: dict) -> str:
    """The game and its parameters, the first line of most answers (the designer's varied
    parameter is its table's first column, not a fixed value)."""
    return f"{result['game']} " + " ".join(
        f"{k}={v}" for k, v in result["params"].items() if v != "" and k != result.get("param")
    )


def _note(result: dict) -> str:
    return f"\nnote: {result['model_note']}" if result.get("model_note") else ""


def _solve(head: str, result: dict) -> str:
    if result.get("objective") == "turn-score":
        return f"{head}\nexpected points of one turn under optimal play = {result['expected_score']:.6f}"
    seats = result.get("seat_chances", [])
    if len(seats) > 2:  # each player's chance, in seat order
        chances = f"P(win), players 1 to {len(seats)} in turn order = " + ", ".join(f"{p:.6f}" for p in seats)
    else:
        chances = f"P(first player wins) = {result['p_first_player_wins']:.6f}"
    return (
        f"{head}\n{chances}\n"
        f"{result['states']} states, {result['iterations']} sweeps, residual {result['residual']:.1e}, "
        f"{result['seconds']:.2f} s ({result['source']}){_note(result)}"
    )


def _advise(head: str, result: dict) -> str:
    if result.get("objective") == "turn-score":
        head += " (expected points of this turn)"
    state = ", ".join(f"{k}={v}" for k, v in result["state"].items())
    lines = [f"{head}  state {state}"]
    for action, value in result["values"].items():
        what = "points" if result.get("objective") == "turn-score" else "P(win)"
        outlook = result["outlook"].get(action)
        unit = result.get("unit", "points")
        detail = f"   bust {outlook['bust']:.1%}, {outlook['points']:.2f} {unit} this turn" if outlook else ""
        lines.append(f"  {action:<4}  " + ("not allowed" if value is None else f"{what} = {value:.6f}{detail}"))
        seats = (result.get("seat_values") or {}).get(action) or []
        if len(seats) > 2:  # the other players' chances after it
            lines.append("        the next players' P(win) = " + ", ".join(f"{p:.6f}" for p in seats[1:]))
    margin = "" if result["margin"] is None else f" (by {result['margin']:.6f})"
    lines.append(f"best: {result.get('best_before_roll', result['best'])}{margin}")
    lines.append(f"why: {result['reason']}")
    rolled = result.get("roll")
    if rolled:
        what = "a bust, the turn is over" if rolled["turn_over"] else "choices, best first"
        lines.append(f"the roll {''.join(map(str, rolled['faces']))}: {what}")
        for choice in rolled["choices"]:
            what = f"keep {''.join(map(str, choice['keep'])):<6}" if "keep" in choice else f"{choice.get('label', 'go on'):<11}"
            state = ", ".join(f"{k}={v}" for k, v in choice["state"].items())
            lines.append(f"  {what} +{choice['gain']:<5} then {choice['then']:<4} {choice['value']:.6f}  ({state})")
    return "\n".join(lines) + _note(result)


def _policies(head: str, result: dict) -> str:
    if "players" in result:
        if not result["policies"] and "unevaluated" not in result:
            return f"{head}\nno published policies"
        pending = [f"{', '.join(p['name'] for p in result['unevaluated'])}: {result['unevaluated_note']}"] \
            if "unevaluated" in result else []
        if not result["policies"]:
            return "\n".join([head, *pending])
        return "\n".join([head, "each policy followed by one player at a time, the others the exact advice",
                          *_followers(result, [(r["name"], r) for r in result["policies"]]), *pending])
    lines = [f"{head}\n{'policy':<34} {'difference':>10} {'win rate':>9}"]
    for r in result["policies"]:
        lines.append(f"{r['name']:<34} {r['difference']:>10.4f} {r['win_rate']:>9.4f}")
    return "\n".join(lines)


def _design(head: str, result: dict) -> str:
    lines = [f"{head}\n{result['param']:>8}  P(first)  fairest head start  expected turns  optimal vs {result['rows'][0]['policy']}"]
    for r in result["rows"]:
        skill = "" if r["skill"] is None else f"{r['skill']:.4f}"
        komi = r["fairest_komi"]
        to = f"{abs(komi)} to player {1 if komi > 0 else 2}" if komi else "none"
        head_start = f"{to} ({r['fairest_p_first_player_wins']:.4f})"
        lines.append(f"{r['value']:>8}  {r['p_first_player_wins']:.4f}    {head_start:<26} {r['expected_turns']:>8.2f}  {skill:>10}")
    return "\n".join(lines)


def _komi(head: str, result: dict) -> str:
    if "head_starts" in result:
        return _head_starts(head, result)
    lines = [f"{head}\n{'points':>6}  P(first player wins)"]
    for r in result["komi"]:
        mark = "  <- fairest" if r["points"] == result["fairest"] else ""
        lines.append(f"{r['points']:>6}  {r['p_first_player_wins']:.4f}{mark}")
    return "\n".join(lines)


def _head_starts(head: str, result: dict) -> str:
    """The ten fairest head starts of a game of three or more players (all of them with --json)."""
    rows = sorted((HeadStart(tuple(r["points"]), tuple(r["chances"])) for r in result["head_starts"]), key=fairness_order)
    lines = [f"{head}\nhead starts of the {seats_in_words(result['seats'])} players: every player's chance (the first's first), "
             f"the fairest {min(10, len(rows))} of {len(rows)}"]
    for r in rows[:10]:
        mark = "  <- fairest" if list(r.points) == result["fairest"] else ""
        lines.append(f"{' + '.join(f'{p:>3}' for p in r.points)}   {'  '.join(f'{c:.4f}' for c in r.chances)}{mark}")
    return "\n".join(lines)


def _review(head: str, result: dict) -> str:
    players = result["record"]["players"]
    outcome = "a draw" if result["winner"] is None else f"{players[result['winner']]} (player {result['winner'] + 1}) won"
    scores = " to ".join(str(s) for s in result["scores"])
    table = f"{players[0]} (first) against {players[1]}" if len(players) == 2 else f"{players[0]} (first), {', '.join(players[1:])}"
    lines = [f"{head}\n{table}: {outcome}, {scores}, in {len(result['record']['moves'])} moves"]
    if result.get("two_player_values"):
        lines.append(f"(with {len(players)} players each decision is valued in the two-player game against the "
                     "strongest opponent: a guide, not the many-player optimum)")
    elif len(players) > 2:
        lines.append(f"(each decision is valued in {result['valued_in']}: each of the {len(players)} players plays "
                     "for their own win)")
    for seat, name in enumerate(players):
        # each cost is the chance given away at its own moment: their sum is no chance (the winner
        # of a game could have "0.1288 P(win) in all"), so the costliest and the mean a decision
        mine = [d for d in result["decisions"] if d["player"] == seat]
        worst = max(mine, key=lambda d: d["cost"], default=None)
        costliest = (f"; the costliest {worst['cost']:.4f} P(win) (move {worst['move']}), "
                     f"{result['total_cost'][seat] / len(mine):.4f} a decision on average" if worst and worst["cost"] > 1e-12 else "")
        lines.append(f"player {seat + 1} ({name}): {result['mistakes'][seat]} of {len(mine)} decisions not the best{costliest}")
    for d in result["decisions"]:
        if d["cost"] > 1e-12:
            state = ",".join(f"{k}={v}" for k, v in d["state"].items())
            lines.append(f"  move {d['move']:>4}  player {d['player'] + 1} at {state}: {_what(d['action'])} "
                         f"(best {_what(d['best'])}), cost {d['cost']:.4f}")
    return "\n".join(lines)


def _card_review(head: str, result: dict) -> str:
    record = result["record"]
    lines = [f"{head}\n{record['player']}: {result['score']} points in {len(record['moves'])} moves; "
             f"{result['mistakes']} of {len(result['decisions'])} decisions not the best, "
             f"costing {result['total_cost']:.2f} expected points in all"]
    for d in result["decisions"]:
        if d["cost"] > 1e-9:
            dice = "".join(str(x) for x in d["state"]["dice"])
            lines.append(f"  move {d['move']:>3}  {d['state']['scorecard'] or 'empty card'}, dice {dice}, "
                         f"{d['state']['rolls_left']} rerolls left: {d['played_label']} (best {d['best_label']}), "
                         f"cost {d['cost']:.2f}")
    return "\n".join(lines)


def _what(action) -> str:
    return action if isinstance(action, str) else "choose " + ",".join(f"{k}={v}" for k, v in action.items())


def _card_solve(head: str, result: dict) -> str:
    return (
        f"{head}\nexpected score under optimal play = {result['expected_score']:.4f}\n"
        f"{result['anchors']} anchors, {result['seconds']:.2f} s ({result['source']})"
    )


def _card_distribution(head: str, result: dict) -> str:
    pct = ", ".join(f"{p}%: {v}" for p, v in result["percentiles"].items())
    return (
        f"{head}\nmean {result['mean']:.4f}, sd {result['sd']:.4f}, median {result['median']}, "
        f"range {result['min']}-{result['max']}\npercentiles {pct}\n"
        f"P(beats another optimal player) = {result['p_beats_optimal']:.4f}"
    )


def _card_advise(head: str, result: dict) -> str:
    dice = "start of turn" if result["dice"] is None else f"dice {''.join(map(str, result['dice']))}"
    lines = [
        f"{head}  card [{result['scorecard']}] ({result['score_so_far']} points), {dice}, "
        f"{result['rolls_left']} roll{'' if result['rolls_left'] == 1 else 's'} left",
        f"expected final score {result['expected_final']:.4f}",
    ]
    for keep in result["keeps"][:8]:
        kept = "".join(map(str, keep["keep"])) or "nothing"
        lines.append(f"  keep {kept:<6} {keep['expected_final']:10.4f}  (-{keep['loss']:.4f})")
    for box in result["boxes"]:
        lines.append(f"  {box['title']:<16} {box['points']:>3} pts {box['expected_final']:10.4f}  (-{box['loss']:.4f})")
    target = result.get("target")
    if target:
        if "error" in target:  # too far from the end to solve live: the advice above stands
            lines.append(f"to reach {target['target']}: {target['error']}")
            return "\n".join(lines)
        lines.append(f"to reach {target['target']}: best chance {target['p_reach']:.6f}")
        if target["p_reach_playing_for_points"] is not None:
            lines.append(f"  playing for points instead: {target['p_reach_playing_for_points']:.6f}")
        for option in target["options"][:8]:
            kept = "".join(map(str, option.get("keep", []))) or "nothing"
            what = f"keep {kept}" if option["kind"] == "keep" else option["box"]
            lines.append(f"  {what:<12} P(reach) = {option['p_reach']:.6f}")
    return "\n".join(lines)


#: every game's answers: (result) -> text
def _figure(cost: float, result: dict) -> str:
    """A cost as a person reads it: percentage points of winning chance, or points."""
    return f"{cost * result['scale']:.2f} {'percentage points' if result['unit'] == 'win' else 'points'}"


def _grade_lines(summary: dict, result: dict) -> str:
    worst = f"; worst: position {summary['worst']['question']} ({_figure(summary['worst']['cost'], result)})" \
        if summary["worst"] else ""
    mistakes = "1 mistake" if summary["mistakes"] == 1 else f"{summary['mistakes']} mistakes"
    return (f"{mistakes} in {summary['decisions']} decisions, costing {_figure(summary['total'], result)} "
            f"in all, {_figure(summary['mean'], result)} a decision{worst}")


def _quiz(result: dict) -> str:
    """A set (each position, its moves numbered as an answer names them, the best), or a grade."""
    what = "chance of winning" if result["unit"] == "win" else "final score"
    lines = [f"{_head(result)}: Test yourself, seed {result['seed']}, {len(result['questions'])} positions "
             f"({result['mix']}; {result['pool']} decisions from {result['games']} game{'s' if result['games'] != 1 else ''}; "
             f"{100 * result['close_share']:.0f}% close calls, under 2 apart). {result['link']}"]
    if len(result["questions"]) < result["count"]:
        lines.append(f"only {len(result['questions'])} of the {result['count']} positions asked turned up in "
                     f"{result['games']} games with this mix")
    if "grade" in result:
        grade = result["grade"]
        lines.append("you: " + _grade_lines(grade, result))
        lines += [f"{name}: " + _grade_lines(summary, result) for name, summary in grade["policies"].items()]
        return "\n".join(lines)
    for n, q in enumerate(result["questions"], 1):
        state = " ".join(f"{k}={v}" for k, v in (q["position"].get("state") or {}).items())
        if "scorecard" in q["position"]:
            state = f"card {q['position']['scorecard'] or '(empty)'} dice {q['position']['dice_shown']} " \
                    f"rerolls {q['position']['rolls_left']}"
        faces = f" rolled {q['position']['faces']}" if q["position"].get("faces") and len(q["choices"]) > 2 else ""
        moves = ", ".join((c["key"] if c["key"].lower() == c["label"].lower() or c["key"].startswith("keep")
                           else f"{c['key']}: {c['label']}") + f" {c['value'] * result['scale']:.2f}" for c in q["choices"])
        lines.append(f"{n}. {state}{faces}; best {q['best']} ({what}: {moves})")
    return "\n".join(lines)


COMMON: dict[str, Callable[[dict], str]] = {"games": _games, "link": _link, "rules": _rules, "quiz": _quiz}
#: a two-player (jeopardy) game's answers: (head, result) -> text, ``head`` the game and its parameters
JEOPARDY_WORDS: dict[str, Callable[[str, dict], str]] = {
    "solve": _solve, "advise": _advise, "policies": _policies, "design": _design, "komi": _komi,
    "evaluate": _evaluate, "play": _review, "review": _review,
}
#: a scorecard game's answers
SCORECARD_WORDS: dict[str, Callable[[str, dict], str]] = {
    "solve": _card_solve, "distribution": _card_distribution, "advise": _card_advise,
    "play": _card_review, "review": _card_review,
}


def format_result(command: str, result: dict, words: dict[str, Callable[[str, dict], str]] | None) -> str:
    """``command``'s answer in words: every game's (:data:`COMMON`), else by the ``words`` of
    the kind of the game it is about (a :class:`pycore.service.kinds.Kind`'s ``words``)."""
    if command in COMMON:
        return COMMON[command](result)
    return words[command](_head(result), result)
