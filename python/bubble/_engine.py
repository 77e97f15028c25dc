"""Engine: one libbubble engine (fonts, catalog, caches) and the calls that lay messages out with it."""
import ctypes
import json
import os
from ctypes import byref, c_double, c_int32, c_size_t, c_void_p
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Union

from ._errors import BubbleError
from ._library import BUNDLED_CATALOG, LIB, take

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_loads = json.loads

#: The keys of a message object other than its options (docs/contract.md).
_MESSAGE_KEYS = ("id", "text", "spans", "markup", "entities", "linkMap", "highlights", "x", "y")
#: `{"id":null,"layout":` and the closing `}` around the layout of a request without an id.
_LAYOUT_PREFIX = len(b'{"id":null,"layout":')


class Size(NamedTuple):
    """A bubble's size without its layout: px with padding, its line count, and whether it was cut."""
    width: float
    height: float
    lines: int
    truncated: bool


def _camel(name: str) -> str:
    """`max_width` -> `maxWidth`: Python spelling of Bubble's option keys (the JSON keys pass as they are)."""
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _options(options: Dict[str, Any]) -> Dict[str, Any]:
    return {_camel(k): v for k, v in options.items()}


def _request(text, spans, markup, entities, link_map, highlights, options, extra=None) -> bytes:
    """The message object, as a `bubble batch` line."""
    message: Dict[str, Any] = {}
    if isinstance(entities, dict) and text is None:  # {"text", "entities"}, as `bubble layout --input entities` reads
        text, entities = entities.get("text"), entities.get("entities")
    given = (("text", text), ("spans", spans), ("markup", markup), ("entities", entities), ("linkMap", link_map),
             ("highlights", highlights))
    message.update((key, value) for key, value in given if value is not None)
    if options:
        message["options"] = _options(options)
    if extra:
        message.update(extra)
    return _dumps(message).encode("utf-8")


class Engine:
    """Fonts, the emoji catalog and caches loaded once, for any number of calls from any number of threads.

    `Engine(max_width=240, font_size=15)` takes Bubble's options (snake_case or the JSON's camelCase);
    each call's own options go over them. `catalog` names an emoji catalog file (default: the one in the
    package).
    """

    def __init__(self, catalog: Optional[str] = None, **options: Any):
        self._handle = None  # until the library gives one: close() and __del__ then do nothing
        handle = c_void_p()
        error = c_void_p()
        if catalog is None and "catalog" not in options and os.path.exists(BUNDLED_CATALOG):
            catalog = BUNDLED_CATALOG
        status = LIB.bubble_engine_new(_dumps(_options(options)).encode("utf-8"),
                                       catalog.encode("utf-8") if catalog else None, byref(handle), byref(error))
        if status != 0:
            raise BubbleError.from_json(status, take(error.value))
        self._handle = handle.value

    def close(self) -> None:
        """Releases the engine now (no call may be running on it); later calls raise."""
        handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            LIB.bubble_engine_free(handle)

    def __del__(self):
        self.close()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # The calls.

    def _text(self, function, request: bytes) -> bytes:
        out, length, error = c_void_p(), c_size_t(), c_void_p()
        status = function(self._handle, request, len(request), byref(out), byref(length), byref(error))
        if status != 0:
            raise BubbleError.from_json(status, take(error.value))
        return take(out.value, length.value)

    def layout_json(self, text: Optional[str] = None, *, spans: Optional[list] = None, markup: Optional[str] = None,
                    entities: Optional[Union[list, dict]] = None, link_map: Optional[Dict[str, str]] = None,
                    highlights: Optional[list] = None, **options: Any) -> str:
        """The layout as JSON text: byte for byte what `bubble layout` prints (without its newline)."""
        answer = self._text(LIB.bubble_layout, _request(text, spans, markup, entities, link_map, highlights, options))
        key_end = answer.index(b":", _LAYOUT_PREFIX - 2) + 1  # after `"layout":` or `"layouts":`
        return answer[key_end:-1].decode("utf-8") if answer.startswith(b'{"id":null,') else answer.decode("utf-8")

    def layout(self, text: Optional[str] = None, *, spans: Optional[list] = None, markup: Optional[str] = None,
               entities: Optional[Union[list, dict]] = None, link_map: Optional[Dict[str, str]] = None,
               highlights: Optional[list] = None, **options: Any) -> Dict[str, Any]:
        """Lays out one message, given as `text` (with `entities`), `spans` or `markup`: the JSON of `bubble
        layout` as a dict (with the `widths` option, `{"layouts": [...]}`)."""
        answer = self._text(LIB.bubble_layout, _request(text, spans, markup, entities, link_map, highlights, options))
        result = _loads(answer)
        return result["layout"] if "layout" in result else {"layouts": result["layouts"]}

    def svg(self, text: Optional[str] = None, *, spans=None, markup=None, entities=None, link_map=None,
            highlights=None, **options: Any) -> str:
        """The bubble as a standalone SVG document, as `bubble svg` writes it (options `theme`, `debug`)."""
        return self._text(LIB.bubble_svg, _request(text, spans, markup, entities, link_map, highlights, options)).decode("utf-8")

    def html(self, text: Optional[str] = None, *, spans=None, markup=None, entities=None, link_map=None,
             highlights=None, **options: Any) -> str:
        """The bubble as an HTML fragment drawn with Bubble's lines, as `bubble html` writes it."""
        return self._text(LIB.bubble_html, _request(text, spans, markup, entities, link_map, highlights, options)).decode("utf-8")

    def hit(self, x: float, y: float, text: Optional[str] = None, *, spans=None, markup=None, entities=None,
            link_map=None, highlights=None, **options: Any) -> Dict[str, Any]:
        """What lies under the point (x, y), CSS px in the bubble, as `bubble hit` prints it ({"hit": False}
        outside the bubble)."""
        request = _request(text, spans, markup, entities, link_map, highlights, options, {"x": x, "y": y})
        return _loads(self._text(LIB.bubble_hit, request))

    def size(self, text: Optional[str] = None, *, spans=None, markup=None, entities=None, link_map=None,
             highlights=None, **options: Any) -> Size:
        """The bubble's width, height, line count and truncation, with no JSON written: for pre-sizing."""
        request = _request(text, spans, markup, entities, link_map, highlights, options)
        width, height, lines, truncated, error = c_double(), c_double(), c_int32(), c_int32(), c_void_p()
        status = LIB.bubble_size(self._handle, request, len(request), byref(width), byref(height), byref(lines),
                                 byref(truncated), byref(error))
        if status != 0:
            raise BubbleError.from_json(status, take(error.value))
        return Size(width.value, height.value, lines.value, bool(truncated.value))

    def request(self, message: Union[Dict[str, Any], bytes, str]) -> Dict[str, Any]:
        """Answers one message object (a dict, or its JSON) exactly as `bubble batch` answers it: the result
        line as a dict, `{"id", "layout"}`."""
        line = message if isinstance(message, bytes) else (message.encode("utf-8") if isinstance(message, str) else _dumps(message).encode("utf-8"))
        return _loads(self._text(LIB.bubble_layout, line))

    def batch(self, lines: Iterable[Union[str, bytes]], jobs: Optional[int] = 1) -> List[str]:
        """Answers message objects given as JSON lines exactly as `bubble batch` does, on `jobs` threads of the
        library's own (the GIL let go): one result line per input line, in order, `{"id","layout"}` or an
        error line `{"id","error","line"}`, as text without the newline."""
        payload = b"".join((l if isinstance(l, bytes) else l.encode("utf-8")) + b"\n" for l in lines)
        if not payload:
            return []
        out, length, error = c_void_p(), c_size_t(), c_void_p()
        status = LIB.bubble_batch(self._handle, payload, len(payload), int(jobs or os.cpu_count() or 1),
                                  byref(out), byref(length), byref(error))
        if status != 0:
            raise BubbleError.from_json(status, take(error.value))
        return take(out.value, length.value).decode("utf-8").split("\n")[:-1]

    def layout_many(self, messages: Iterable[Union[str, Dict[str, Any]]], jobs: Optional[int] = None,
                    errors: str = "raise") -> List[Any]:
        """Lays out many messages on the library's own threads (`jobs`, default every core), the GIL let go
        for the whole call. Each message is a text or a message object (`{"text"|"spans"|"markup", "options"?,
        ...}`, as a `bubble batch` line). Returns the layouts in order; a message that fails raises its
        BubbleError (`.index` says which), or with `errors="return"` stands in the list as its BubbleError."""
        lines = [_dumps({"text": m} if isinstance(m, str) else m) for m in messages]
        results: List[Any] = []
        for index, line in enumerate(self.batch(lines, jobs=jobs)):
            result = _loads(line)
            if "error" in result:
                failure = BubbleError(result["error"]["code"], result["error"]["message"])
                failure.index = index
                if errors == "raise":
                    raise failure
                results.append(failure)
            else:
                results.append(result["layout"] if "layout" in result else {"layouts": result["layouts"]})
        return results

    @property
    def font_fingerprint(self) -> str:
        """The default font set's fingerprint (16 hex digits): hosts that agree lay out the same bytes."""
        return take(LIB.bubble_font_fingerprint(self._handle)).decode("ascii")


def version() -> Dict[str, Any]:
    """Bubble's version, commit and C library versions, as `bubble version --json` says them."""
    return _loads(take(LIB.bubble_version()))
