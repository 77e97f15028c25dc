"""Types of the compiled module bubble._native (bubble/_native.c): libbubble for CPython."""
from typing import Any, Dict, List, Optional, Tuple, Union

from ._size import Size

#: The path of the libbubble.so this module loaded.
LIBRARY_PATH: Optional[str]

def version_json() -> str: ...

class Engine:
    def layout(self, text: Optional[str] = None, *, spans: Optional[list] = None, markup: Optional[str] = None,
               entities: Optional[Union[list, dict]] = None, link_map: Optional[Dict[str, str]] = None,
               highlights: Optional[list] = None, **options: Any) -> Dict[str, Any]:
        """Lays out one message, given as `text` (with `entities`), `spans` or `markup`: the JSON of `bubble
        layout` as a dict (with the `widths` option, `{"layouts": [...]}`)."""
    def size(self, text: Optional[str] = None, *, spans: Optional[list] = None, markup: Optional[str] = None,
             entities: Optional[Union[list, dict]] = None, link_map: Optional[Dict[str, str]] = None,
             highlights: Optional[list] = None, **options: Any) -> Size:
        """The bubble's width, height, line count and truncation, with no JSON written: for pre-sizing."""
    def close(self) -> None:
        """Releases the engine now (no call may be running on it); later calls raise."""
    def _open(self, options: bytes, catalog: Optional[str]) -> None: ...
    def _layout_tokens(self, request: Union[str, bytes]) -> Dict[str, Any]: ...
    def _size_tokens(self, request: Union[str, bytes]) -> Size: ...
    def _text(self, call: int, request: Union[str, bytes]) -> str: ...
    def _batch(self, lines: bytes, jobs: int, max_line_length: int) -> str: ...
    def _layout_many(self, items: Tuple[Union[str, bytes], ...], requests: bool, jobs: int,
                     raise_errors: bool) -> List[Any]: ...
    def _font_fingerprint(self) -> str: ...
