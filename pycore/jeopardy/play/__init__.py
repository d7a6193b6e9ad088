"""A whole game, played and reviewed."""
