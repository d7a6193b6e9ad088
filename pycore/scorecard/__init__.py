"""Solitaire scorecard games (Yahtzee and kin): the protocol, the within-turn keep recursion,
the expected-score and target solvers."""
