"""Red Dog: the single-player casino game on the shared card classes (in progress)."""
