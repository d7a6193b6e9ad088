"""What every kind of game shares: errors, parameters and descriptions, the registry, dice."""
