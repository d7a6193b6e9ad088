"""Solved values on disk, for any game: the table codec and the checked prebuilt files."""
