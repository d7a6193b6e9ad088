"""Two-player jeopardy dice games: the rules protocol, the compiled model, the level-sweep
solver, one-turn recomputation, boundaries and the strategy lab."""
