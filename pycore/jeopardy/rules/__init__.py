"""What a jeopardy game writes: the rules protocol, the shared vocabulary and the notation of a position."""
