"""In Between: the multi-player coin game on the shared card classes (in progress)."""
