"""How long work reports how far it has got: ``progress(stage, fraction)``, the stage in
words and the fraction of it done (0 to 1). The page's worker turns each call into a
progress event (and a Cancel stops the worker); the command line draws a bar."""

from collections.abc import Callable

Progress = Callable[[str, float], None]
