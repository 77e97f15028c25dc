"""libbubble through ctypes: the library found and its C functions declared (include/bubble.h).

ctypes lets go of the GIL for the length of every call, so threads of Python lay out in parallel, and
`bubble_batch` runs on the library's own threads.
"""
import ctypes
import os
from ctypes import POINTER, c_char_p, c_int32, c_size_t, c_void_p

_HERE = os.path.dirname(os.path.abspath(__file__))

#: The library inside the wheel, and its catalog (found beside it as `lib/../share/bubble/catalog.json`).
BUNDLED_LIBRARY = os.path.join(_HERE, "lib", "libbubble.so")
BUNDLED_CATALOG = os.path.join(_HERE, "share", "bubble", "catalog.json")

#: The environment variable naming another libbubble.so (a build tree, an installed /usr/local/lib one).
LIBRARY_VARIABLE = "BUBBLE_LIBRARY"


def _load():
    path = os.environ.get(LIBRARY_VARIABLE) or BUNDLED_LIBRARY
    lib = ctypes.CDLL(path)
    out = POINTER(c_void_p)  # char ** whose pointer is kept as an integer, to be freed
    text_call = [c_void_p, c_char_p, c_size_t, out, POINTER(c_size_t), out]
    lib.bubble_engine_new.argtypes = [c_char_p, c_char_p, POINTER(c_void_p), out]
    lib.bubble_engine_new.restype = c_int32
    lib.bubble_engine_free.argtypes = [c_void_p]
    lib.bubble_engine_free.restype = None
    lib.bubble_free.argtypes = [c_void_p]
    lib.bubble_free.restype = None
    for name in ("bubble_layout", "bubble_svg", "bubble_html", "bubble_hit", "bubble_layout_text"):
        f = getattr(lib, name)
        f.argtypes = text_call
        f.restype = c_int32
    # The calls of the hot paths take their out arguments as addresses into one ctypes structure
    # (_engine.TextOut, _engine.SizeOut): one object per call rather than one per out argument.
    lib.bubble_layout_text.argtypes = [c_void_p, c_char_p, c_size_t, c_void_p, c_void_p, c_void_p]
    lib.bubble_batch.argtypes = [c_void_p, c_char_p, c_size_t, c_int32, out, POINTER(c_size_t), out]
    lib.bubble_batch.restype = c_int32
    for name in ("bubble_size", "bubble_size_text"):
        f = getattr(lib, name)
        f.argtypes = [c_void_p, c_char_p, c_size_t, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p]
        f.restype = c_int32
    lib.bubble_version.argtypes = []
    lib.bubble_version.restype = c_void_p
    lib.bubble_font_fingerprint.argtypes = [c_void_p]
    lib.bubble_font_fingerprint.restype = c_void_p
    return lib, path


LIB, LIBRARY_PATH = _load()


def take(pointer, length=None):
    """The bytes of a buffer libbubble returned, which is then freed."""
    if not pointer:
        return b""
    try:
        return ctypes.string_at(pointer, length) if length is not None else ctypes.string_at(pointer)
    finally:
        LIB.bubble_free(pointer)
