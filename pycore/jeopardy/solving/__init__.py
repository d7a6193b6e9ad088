"""Solving a two-player jeopardy game: the solvers, the solution protocol they answer, one turn's values,
the cost of a solve, and a prebuilt table's content."""
