"""Bubble in process: chat-message layout from libbubble (docs/embedding.md).

    import bubble
    engine = bubble.Engine(max_width=240)
    engine.layout(text="Hello @alice")   # the dict of `bubble layout`'s JSON
"""
from ._engine import Engine, version
from ._errors import BubbleError
from ._native import LIBRARY_PATH
from ._size import Size
from ._version import __version__

__all__ = ["Engine", "Size", "BubbleError", "version", "LIBRARY_PATH", "__version__"]
