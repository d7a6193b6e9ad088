"""One module per game; each defines one :class:`pycore.rules.JeopardyGame`."""
