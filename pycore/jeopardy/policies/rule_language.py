"""Roll/hold rules written by people, in a small safe subset of Python.

A rule is one expression over the game's state variables that is true where
the player rolls, e.g. ``k < 20 and i + k < 100``. Allowed: the state
variables, whole-number literals, ``True``/``False``, ``+ - * // %``, unary
``-``, comparisons (chained too: ``0 < k <= 20``), ``and``/``or``/``not``,
``a if c else b``, and ``min``/``max``/``abs``. Every operator means what it means in
Python (``and``/``or`` give one of their operands; a comparison is 1 or 0), which the tests
check against Python itself on generated rules.

The text is parsed by :func:`ast.parse` (which runs nothing) and every node
is checked against that list; anything else (attributes, calls to other
names, lambdas, subscripts, ``**``, strings...) is rejected with its
position. The checked tree is then *interpreted* over numpy arrays, one
element per state, never compiled or ``eval``-ed. Limits keep hostile text
cheap: at most 1,000 characters, 200 nodes, depth 30, literals up to 10**6,
intermediate values within 2**53 (beyond that the rule is rejected); a
division or remainder by zero in a state that the rule's value depends on is
an error naming that state.
"""

from __future__ import annotations

import ast
import warnings
from dataclasses import dataclass

import numpy as np

from pycore.core.errors import InvalidPolicyError

MAX_LENGTH = 1_000
MAX_NODES = 200
MAX_DEPTH = 30
MAX_LITERAL = 10**6
MAX_VALUE = 2**53

_BINARY = {ast.Add: np.add, ast.Sub: np.subtract, ast.Mult: np.multiply, ast.FloorDiv: None, ast.Mod: None}
_COMPARE = {
    ast.Lt: np.less,
    ast.LtE: np.less_equal,
    ast.Gt: np.greater,
    ast.GtE: np.greater_equal,
    ast.Eq: np.equal,
    ast.NotEq: np.not_equal,
}
_FUNCTIONS = {"min", "max", "abs"}
_OPERATOR_TEXT = {ast.Pow: "**", ast.Div: "/", ast.MatMult: "@", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^"}


class RuleError(InvalidPolicyError):
    """A rule that cannot be used; ``column`` is 1-based (0: the whole text)."""

    def __init__(self, message: str, text: str = "", column: int = 0) -> None:
        self.text, self.column, self.reason = text, column, message
        where = f" at column {column}" if column else ""
        caret = f"\n  {text}\n  {' ' * (column - 1)}^" if column and len(text) <= 120 and "\n" not in text else ""
        super().__init__(f"rule{where}: {message}{caret}")


@dataclass(frozen=True)
class Rule:
    """A checked rule; call ``roll(**state_arrays)`` for a boolean array."""

    text: str
    tree: ast.Expression
    names: tuple[str, ...]

    def roll(self, **state: np.ndarray) -> np.ndarray:
        value, invalid = _evaluate(self.tree.body, state, self.text)
        shape = np.broadcast_shapes(*(np.shape(v) for v in state.values()))
        bad = np.broadcast_to(invalid, shape)
        if bad.any():
            where = next(zip(*np.nonzero(bad), strict=True))
            values = {k: int(np.broadcast_to(v, shape)[where]) for k, v in state.items()}
            raise RuleError(
                "division or remainder by zero in the state " + ", ".join(f"{k}={v}" for k, v in values.items()),
                self.text,
            )
        return np.broadcast_to(_truth(value), shape)


def parse_rule(text: str, variables: tuple[str, ...]) -> Rule:
    """Check a rule's text against the allowed subset. Raises RuleError."""
    if not isinstance(text, str):
        raise RuleError("a rule is text")
    if len(text) > MAX_LENGTH:
        raise RuleError(f"a rule is at most {MAX_LENGTH} characters; this one has {len(text)}")
    if not text.strip():
        raise RuleError("the rule is empty: write an expression that is true where you roll, e.g. k < 20")
    source = text.strip()
    try:
        with warnings.catch_warnings():  # (a stray backslash is refused below, not warned about)
            warnings.simplefilter("ignore")
            tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        if exc.offset:
            raise RuleError(f"this is not an expression ({exc.msg})", source, exc.offset) from None
        raise RuleError("the rule stops in the middle of an expression", source, len(source) + 1) from None
    except (ValueError, RecursionError, MemoryError):
        raise RuleError("the rule is nested too deeply") from None
    nodes = list(ast.walk(tree))
    parts = sum(isinstance(n, ast.expr) for n in nodes)
    if parts > MAX_NODES:
        raise RuleError(f"a rule has at most {MAX_NODES} parts; this one has {parts}")
    _check(tree.body, source, variables, depth=1)
    names = tuple(sorted({n.id for n in nodes if isinstance(n, ast.Name) and n.id in variables}))
    return Rule(source, tree, names)


def _fail(node: ast.AST, text: str, message: str):
    raise RuleError(message, text, getattr(node, "col_offset", -1) + 1)


def _check(node: ast.AST, text: str, variables: tuple[str, ...], depth: int) -> None:
    if depth > MAX_DEPTH:
        _fail(node, text, f"the rule is nested more than {MAX_DEPTH} deep")
    children = []
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            return
        if not isinstance(node.value, int):
            _fail(node, text, f"only whole numbers and True/False are allowed, not {node.value!r}")
        if abs(node.value) > MAX_LITERAL:
            _fail(node, text, f"numbers are limited to {MAX_LITERAL:,}")
        return
    if isinstance(node, ast.Name):
        if node.id in variables or node.id in ("True", "False"):
            return
        if node.id in _FUNCTIONS:
            _fail(node, text, f"{node.id} must be called, e.g. {node.id}(i, j)")
        _fail(node, text, f"unknown name {node.id!r}; the state variables are {', '.join(variables)}")
    if isinstance(node, ast.BoolOp):
        children = node.values
    elif isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, (ast.Not, ast.USub, ast.UAdd)):
            _fail(node, text, "only 'not' and unary minus are allowed")
        children = [node.operand]
    elif isinstance(node, ast.BinOp):
        if type(node.op) not in _BINARY:
            symbol = _OPERATOR_TEXT.get(type(node.op), type(node.op).__name__)
            _fail(node, text, f"the operator {symbol} is not allowed (use + - * // %)")
        children = [node.left, node.right]
    elif isinstance(node, ast.Compare):
        for op in node.ops:
            if type(op) not in _COMPARE:
                _fail(node, text, "only the comparisons < <= > >= == != are allowed")
        children = [node.left, *node.comparators]
    elif isinstance(node, ast.IfExp):
        children = [node.test, node.body, node.orelse]
    elif isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
            _fail(node, text, "only min, max and abs can be called")
        if node.keywords:
            _fail(node, text, f"{node.func.id} takes no keyword arguments")
        wanted = 1 if node.func.id == "abs" else None
        if (wanted and len(node.args) != 1) or (not wanted and len(node.args) < 2):
            _fail(node, text, "abs takes one argument" if wanted else f"{node.func.id} takes two or more arguments")
        if any(isinstance(a, ast.Starred) for a in node.args):
            _fail(node, text, "* arguments are not allowed")
        children = node.args
    elif isinstance(node, ast.Attribute):
        raise RuleError("attribute access is not allowed in a rule", text, node.value.end_col_offset + 1)
    else:
        kind = {
            ast.Subscript: "indexing",
            ast.Lambda: "lambda",
            ast.Dict: "dictionaries",
            ast.List: "lists",
            ast.Tuple: "tuples",
            ast.Set: "sets",
            ast.ListComp: "comprehensions",
            ast.GeneratorExp: "comprehensions",
            ast.NamedExpr: "assignment (:=)",
            ast.JoinedStr: "strings",
            ast.Await: "await",
        }.get(type(node), type(node).__name__)
        _fail(node, text, f"{kind} is not allowed in a rule")
    for child in children:
        _check(child, text, variables, depth + 1)


def _truth(value: np.ndarray) -> np.ndarray:
    return np.asarray(value) != 0


def _evaluate(node: ast.AST, state: dict[str, np.ndarray], text: str):
    """(values, invalid): int64 values, and where a division by zero occurred."""
    none = np.zeros((), dtype=bool)
    if isinstance(node, ast.Constant):
        return np.asarray(int(node.value), dtype=np.int64), none
    if isinstance(node, ast.Name):
        if node.id in ("True", "False"):
            return np.asarray(int(node.id == "True"), dtype=np.int64), none
        return np.asarray(state[node.id], dtype=np.int64), none
    if isinstance(node, ast.BoolOp):
        # Python's meaning: ``a and b`` is a where a is false, else b; ``a or b`` is a where a
        # is true, else b (so ``k and 20`` is 20 where k is not 0, as it reads in Python)
        parts = [_evaluate(v, state, text) for v in node.values]
        value, invalid = parts[0]
        for part_value, part_invalid in parts[1:]:
            # short-circuit: a later operand matters only where the earlier ones did not decide
            undecided = _truth(value) if isinstance(node.op, ast.And) else ~_truth(value)
            invalid = invalid | (undecided & part_invalid)
            value = np.where(undecided, part_value, value)
        return value, invalid
    if isinstance(node, ast.UnaryOp):
        value, invalid = _evaluate(node.operand, state, text)
        if isinstance(node.op, ast.Not):
            return (~_truth(value)).astype(np.int64), invalid
        return (-value if isinstance(node.op, ast.USub) else value), invalid
    if isinstance(node, ast.BinOp):
        (a, ia), (b, ib) = _evaluate(node.left, state, text), _evaluate(node.right, state, text)
        invalid = ia | ib
        if isinstance(node.op, (ast.FloorDiv, ast.Mod)):
            zero = b == 0
            safe = np.where(zero, 1, b)
            value = np.floor_divide(a, safe) if isinstance(node.op, ast.FloorDiv) else np.remainder(a, safe)
            return value, invalid | zero
        exact = _BINARY[type(node.op)](a.astype(float), b.astype(float))
        if np.any(np.abs(exact) > MAX_VALUE):
            _fail(node, text, "the numbers in this rule grow too large")
        return _BINARY[type(node.op)](a, b), invalid
    if isinstance(node, ast.Compare):
        left, invalid = _evaluate(node.left, state, text)
        result = np.ones((), dtype=bool)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right, right_invalid = _evaluate(right_node, state, text)
            invalid = invalid | (result & right_invalid)
            result = result & _COMPARE[type(op)](left, right)
            left = right
        return result.astype(np.int64), invalid
    if isinstance(node, ast.IfExp):
        (test, it), (body, ib), (other, io) = (_evaluate(n, state, text) for n in (node.test, node.body, node.orelse))
        chosen = _truth(test)
        return np.where(chosen, body, other), it | np.where(chosen, ib, io)
    if isinstance(node, ast.Call):
        parts = [_evaluate(a, state, text) for a in node.args]
        invalid = none
        for _, part_invalid in parts:
            invalid = invalid | part_invalid
        if node.func.id == "abs":
            return np.abs(parts[0][0]), invalid
        reduce = np.minimum if node.func.id == "min" else np.maximum
        value = parts[0][0]
        for part_value, _ in parts[1:]:
            value = reduce(value, part_value)
        return value, invalid
    raise RuleError("internal: unchecked node", text)  # parse_rule lets nothing else through
