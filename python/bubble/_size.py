"""Size: a bubble's size without its layout (what `Engine.size` returns)."""
from typing import NamedTuple


class Size(NamedTuple):
    """A bubble's size without its layout: px with padding, its line count, and whether it was cut."""
    width: float
    height: float
    lines: int
    truncated: bool
