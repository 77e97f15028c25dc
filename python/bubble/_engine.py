"""Engine: one libbubble engine (fonts, catalog, caches) and the calls that lay messages out with it.

The calls go to libbubble through the compiled module `bubble._native` (bubble/_native.c), which lets go
of the GIL while Bubble works. `layout()` and `size()` with a text alone are answered there without a line
of Python; the calls of other shapes come here to have their request written.
"""
import gc
import json
import os
from typing import Any, Dict, Iterable, List, Optional, Union

from . import _native
from ._errors import BubbleError
from ._size import Size

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_loads = json.loads

#: The package's own emoji catalog (found beside the library as `share/bubble/catalog.json`).
BUNDLED_CATALOG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "share", "bubble", "catalog.json")
#: `_native.Engine._text`'s calls, by number.
_LAYOUT, _SVG, _HTML, _HIT, _LAYOUT_TEXT = range(5)
#: How `bubble_layout` begins its answer to a request without an id: `{"id":null,` then `"layout":{...}}`
#: or, with the `widths` option, `"layouts":[...]}`.
_NO_ID = '{"id":null,'
_LAYOUT_LINE = _NO_ID + '"layout":'
_NOTHING_ELSE = (None,) * 5


def _plain(text, options, others) -> bool:
    """Whether a call gives a text alone (no other field, no options of its own): then the text's bytes
    go to Bubble as they are, through the `_text` calls."""
    return text.__class__ is str and not options and others == _NOTHING_ELSE


def _camel(name: str) -> str:
    """`max_width` -> `maxWidth`: Python spelling of Bubble's option keys (the JSON keys pass as they are)."""
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _options(options: Dict[str, Any]) -> Dict[str, Any]:
    return {_camel(k): v for k, v in options.items()}


def _request(text, spans, markup, entities, link_map, highlights, options, extra=None) -> str:
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
    return _dumps(message)


class Engine(_native.Engine):
    """Fonts, the emoji catalog and caches loaded once, for any number of calls from any number of threads.

    `Engine(max_width=240, font_size=15)` takes Bubble's options (snake_case or the JSON's camelCase);
    each call's own options go over them. `catalog` names an emoji catalog file (default: the one in the
    package).

    `layout()` and `size()` are the compiled module's (typed in bubble/_native.pyi); a call with anything
    but a text alone comes to `_layout_request` and `_size_request` below.
    """

    def __init__(self, catalog: Optional[str] = None, **options: Any):
        if catalog is None and "catalog" not in options and os.path.exists(BUNDLED_CATALOG):
            catalog = BUNDLED_CATALOG
        self._open(_dumps(_options(options)).encode("utf-8"), catalog)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # The calls.

    def _layout_request(self, text: Optional[str] = None, *, spans=None, markup=None, entities=None,
                        link_map=None, highlights=None, **options: Any) -> Dict[str, Any]:
        if _plain(text, options, (spans, markup, entities, link_map, highlights)):
            return self.layout(text)
        return self._layout_tokens(_request(text, spans, markup, entities, link_map, highlights, options))

    def _size_request(self, text: Optional[str] = None, *, spans=None, markup=None, entities=None, link_map=None,
                      highlights=None, **options: Any) -> Size:
        if _plain(text, options, (spans, markup, entities, link_map, highlights)):
            return self.size(text)
        return self._size_tokens(_request(text, spans, markup, entities, link_map, highlights, options))

    def layout_json(self, text: Optional[str] = None, *, spans: Optional[list] = None, markup: Optional[str] = None,
                    entities: Optional[Union[list, dict]] = None, link_map: Optional[Dict[str, str]] = None,
                    highlights: Optional[list] = None, **options: Any) -> str:
        """The layout as JSON text: byte for byte what `bubble layout` prints (without its newline), with the
        `widths` option `{"layouts": [...]}`."""
        if _plain(text, options, (spans, markup, entities, link_map, highlights)):
            answer = self._text(_LAYOUT_TEXT, text)  # the layout object, or with widths the array of layouts
            return answer if answer.startswith("{") else '{"layouts":' + answer + "}"
        answer = self._text(_LAYOUT, _request(text, spans, markup, entities, link_map, highlights, options))
        if answer.startswith(_LAYOUT_LINE):  # {"id":null,"layout":{...}}
            return answer[len(_LAYOUT_LINE):-1]
        return "{" + answer[len(_NO_ID):]  # {"id":null,"layouts":[...]} -> {"layouts":[...]}

    def svg(self, text: Optional[str] = None, *, spans=None, markup=None, entities=None, link_map=None,
            highlights=None, **options: Any) -> str:
        """The bubble as a standalone SVG document, as `bubble svg` writes it (options `theme`, `debug`)."""
        return self._text(_SVG, _request(text, spans, markup, entities, link_map, highlights, options))

    def html(self, text: Optional[str] = None, *, spans=None, markup=None, entities=None, link_map=None,
             highlights=None, font_base_url: Optional[str] = None, asset_base_url: Optional[str] = None,
             **options: Any) -> str:
        """The bubble as an HTML fragment drawn with Bubble's lines, as `bubble html` writes it: fonts loaded
        from `font_base_url` by file name (default: `local()` names, then `file://` paths) and catalog images
        from `asset_base_url` (default: `data:` URIs), as `--font-base-url` and `--asset-base-url` set them."""
        urls = {key: url for key, url in (("fontBaseURL", font_base_url), ("assetBaseURL", asset_base_url))
                if url is not None}
        return self._text(_HTML, _request(text, spans, markup, entities, link_map, highlights, options, urls))

    def hit(self, x: float, y: float, text: Optional[str] = None, *, spans=None, markup=None, entities=None,
            link_map=None, highlights=None, **options: Any) -> Dict[str, Any]:
        """What lies under the point (x, y), CSS px in the bubble, as `bubble hit` prints it ({"hit": False}
        outside the bubble)."""
        request = _request(text, spans, markup, entities, link_map, highlights, options, {"x": x, "y": y})
        return _loads(self._text(_HIT, request))

    def request(self, message: Union[Dict[str, Any], bytes, str]) -> Dict[str, Any]:
        """Answers one message object (a dict, or its JSON) exactly as `bubble batch` answers it: the result
        line as a dict, `{"id", "layout"}`."""
        return _loads(self._text(_LAYOUT, message if isinstance(message, (bytes, str)) else _dumps(message)))

    def batch(self, lines: Iterable[Union[str, bytes]], jobs: Optional[int] = 1,
              max_line_length: Optional[int] = None) -> List[str]:
        """Answers message objects given as JSON lines exactly as `bubble batch` does, on `jobs` threads of the
        library's own (the GIL let go): one result line per input line, in order, `{"id","layout"}` or an
        error line `{"id","error","line"}`, as text without the newline. A line longer than
        `max_line_length` bytes (default 1 MiB, as `bubble batch --max-line-length`) gets a `line_too_long`
        error line."""
        payload = b"".join((l if isinstance(l, bytes) else l.encode("utf-8")) + b"\n" for l in lines)
        if not payload:
            return []
        return self._batch(payload, int(jobs or os.cpu_count() or 1), int(max_line_length or 0)).split("\n")[:-1]

    def layout_many(self, messages: Iterable[Union[str, Dict[str, Any]]], jobs: Optional[int] = None,
                    errors: str = "raise") -> List[Any]:
        """Lays out many messages on the library's own threads (`jobs`, default every core), the GIL let go
        while they work. Each message is a text or a message object (`{"text"|"spans"|"markup", "options"?,
        ...}`, as a `bubble batch` line). Returns the layouts in order; a message that fails raises its
        BubbleError (`.index` says which), or with `errors="return"` stands in the list as its BubbleError.

        The calling thread and `jobs - 1` threads of the compiled module's each lay out the next message
        no thread has taken; the calling thread builds each dict, in order, as soon as its message is laid
        out (that part holds the GIL), and lays out messages itself while the next is not ready. With
        `jobs=1` it does it all: lay out one message, build its dict, and so on."""
        items = tuple(messages)
        requests = not all(m.__class__ is str for m in items)
        if requests:  # texts alone go as they are; with any message object, every message is one
            items = tuple(_dumps({"text": m} if isinstance(m, str) else m) for m in items)
        # The layouts are hundreds of thousands of new dicts and lists, none in a cycle: the cyclic collector
        # would walk every one kept so far again and again (it cost more than building them). Off for the call.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._layout_many(items, requests, int(jobs or os.cpu_count() or 1), errors == "raise")
        finally:
            if collecting:
                gc.enable()

    @property
    def font_fingerprint(self) -> str:
        """The default font set's fingerprint (16 hex digits): hosts that agree lay out the same bytes."""
        return self._font_fingerprint()


def version() -> Dict[str, Any]:
    """Bubble's version, commit and C library versions, as `bubble version --json` says them."""
    return _loads(_native.version_json())
