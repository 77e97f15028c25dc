"""Engine: one libbubble engine (fonts, catalog, caches) and the calls that lay messages out with it."""
import gc
import json
import os
from concurrent.futures import ThreadPoolExecutor
from ctypes import Structure, addressof, byref, c_double, c_int32, c_size_t, c_void_p
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Union

from ._errors import BubbleError
from ._library import BUNDLED_CATALOG, LIB, take

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_loads = json.loads

#: The keys of a message object other than its options (docs/contract.md).
_MESSAGE_KEYS = ("id", "text", "spans", "markup", "entities", "linkMap", "highlights", "x", "y")
#: `{"id":null,"layout":` and the closing `}` around the layout of a request without an id.
_LAYOUT_PREFIX = len(b'{"id":null,"layout":')
#: Messages per `bubble_batch` call of `layout_many` on two or more threads.
_CHUNK = 512


class SizeOut(Structure):
    """The out arguments of `bubble_size`, side by side: one ctypes object per call."""
    _fields_ = [("width", c_double), ("height", c_double), ("lines", c_int32), ("truncated", c_int32),
                ("error", c_void_p)]


class TextOut(Structure):
    """The out arguments of a call that returns text (`result`, `result_length`, `error`)."""
    _fields_ = [("result", c_void_p), ("length", c_size_t), ("error", c_void_p)]


_SIZE_OFFSETS = tuple(getattr(SizeOut, f[0]).offset for f in SizeOut._fields_)
_TEXT_OFFSETS = tuple(getattr(TextOut, f[0]).offset for f in TextOut._fields_)
_layout_text = LIB.bubble_layout_text
_size_text = LIB.bubble_size_text
_size_request = LIB.bubble_size


_NOTHING_ELSE = (None,) * 5


def _plain(text, options, others) -> bool:
    """Whether a call gives a text alone (no other field, no options of its own): then the text's bytes
    go to Bubble as they are, through the `_text` calls."""
    return text.__class__ is str and not options and others == _NOTHING_ELSE


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

    def _layout_of_text(self, text: str) -> bytes:
        """The layout JSON of a plain text with the engine's options: its UTF-8 alone, no request JSON
        written here nor read by Bubble (`bubble_layout_text`)."""
        data = text.encode("utf-8")
        out = TextOut()
        base = addressof(out)
        status = _layout_text(self._handle, data, len(data), base, base + _TEXT_OFFSETS[1], base + _TEXT_OFFSETS[2])
        if status != 0:
            raise BubbleError.from_json(status, take(out.error))
        return take(out.result, out.length)

    def layout_json(self, text: Optional[str] = None, *, spans: Optional[list] = None, markup: Optional[str] = None,
                    entities: Optional[Union[list, dict]] = None, link_map: Optional[Dict[str, str]] = None,
                    highlights: Optional[list] = None, **options: Any) -> str:
        """The layout as JSON text: byte for byte what `bubble layout` prints (without its newline)."""
        if _plain(text, options, (spans, markup, entities, link_map, highlights)):
            return self._layout_of_text(text).decode("utf-8")
        answer = self._text(LIB.bubble_layout, _request(text, spans, markup, entities, link_map, highlights, options))
        key_end = answer.index(b":", _LAYOUT_PREFIX - 2) + 1  # after `"layout":` or `"layouts":`
        return answer[key_end:-1].decode("utf-8") if answer.startswith(b'{"id":null,') else answer.decode("utf-8")

    def layout(self, text: Optional[str] = None, *, spans: Optional[list] = None, markup: Optional[str] = None,
               entities: Optional[Union[list, dict]] = None, link_map: Optional[Dict[str, str]] = None,
               highlights: Optional[list] = None, **options: Any) -> Dict[str, Any]:
        """Lays out one message, given as `text` (with `entities`), `spans` or `markup`: the JSON of `bubble
        layout` as a dict (with the `widths` option, `{"layouts": [...]}`)."""
        if _plain(text, options, (spans, markup, entities, link_map, highlights)):
            result = _loads(self._layout_of_text(text))
            return result if result.__class__ is dict else {"layouts": result}
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
        if _plain(text, options, (spans, markup, entities, link_map, highlights)):
            function, request = _size_text, text.encode("utf-8")  # the text alone: no request JSON
        else:
            function, request = _size_request, _request(text, spans, markup, entities, link_map, highlights, options)
        out = SizeOut()
        base = addressof(out)
        w, h, n, t, e = _SIZE_OFFSETS
        status = function(self._handle, request, len(request), base, base + h, base + n, base + t, base + e)
        if status != 0:
            raise BubbleError.from_json(status, take(out.error))
        return Size(out.width, out.height, out.lines, out.truncated != 0)

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
        while they work. Each message is a text or a message object (`{"text"|"spans"|"markup", "options"?,
        ...}`, as a `bubble batch` line). Returns the layouts in order; a message that fails raises its
        BubbleError (`.index` says which), or with `errors="return"` stands in the list as its BubbleError.

        With `jobs` of 2 or more the messages go in chunks, and the library lays out the next chunk while
        Python reads the answers of the last one into dicts (reading is on one thread: it holds the GIL);
        with `jobs=1` the call runs on the caller's thread alone."""
        lines = [_dumps({"text": m} if isinstance(m, str) else m) for m in messages]
        jobs = int(jobs or os.cpu_count() or 1)
        results: List[Any] = []
        # The layouts are hundreds of thousands of new dicts and lists, none in a cycle: the cyclic collector
        # would walk every one kept so far again and again (it cost more than reading them). Off for the call.
        collecting = gc.isenabled()
        gc.disable()
        try:
            if jobs < 2 or len(lines) <= _CHUNK:
                self._read_answers(self.batch(lines, jobs=jobs), 0, results, errors)
                return results
            chunks = [lines[i:i + _CHUNK] for i in range(0, len(lines), _CHUNK)]
            with ThreadPoolExecutor(1, thread_name_prefix="bubble-layout-many") as pool:
                pending = pool.submit(self.batch, chunks[0], jobs)
                for k in range(len(chunks)):
                    answers = pending.result()
                    if k + 1 < len(chunks):
                        pending = pool.submit(self.batch, chunks[k + 1], jobs)
                    self._read_answers(answers, k * _CHUNK, results, errors)
            return results
        finally:
            if collecting:
                gc.enable()

    @staticmethod
    def _read_answers(answers: List[str], first: int, results: List[Any], errors: str) -> None:
        """Appends the layouts (or BubbleErrors) of `bubble_batch` result lines whose first is message
        `first` of the call."""
        for index, line in enumerate(answers, first):
            result = _loads(line)
            if "error" in result:
                message = result["error"]["message"]
                if first:  # a chunk's line numbers count from its own first line
                    head = f"line {result['line']}: "
                    if message.startswith(head):
                        message = f"line {index + 1}: " + message[len(head):]
                failure = BubbleError(result["error"]["code"], message)
                failure.index = index
                if errors == "raise":
                    raise failure
                results.append(failure)
            else:
                results.append(result["layout"] if "layout" in result else {"layouts": result["layouts"]})

    @property
    def font_fingerprint(self) -> str:
        """The default font set's fingerprint (16 hex digits): hosts that agree lay out the same bytes."""
        return take(LIB.bubble_font_fingerprint(self._handle)).decode("ascii")


def version() -> Dict[str, Any]:
    """Bubble's version, commit and C library versions, as `bubble version --json` says them."""
    return _loads(take(LIB.bubble_version()))
