"""The wheel holds libbubble and the compiled module that calls it, bubble._native (bubble/_native.c, built
against include/bubble.h and linked with the libbubble.so beside it in bubble/lib/, which scripts/make-wheel
puts there): a wheel for one CPython version (cpXY-cpXY-PLATFORM)."""
from setuptools import Extension, setup

setup(ext_modules=[Extension(
    "bubble._native",
    sources=["bubble/_native.c"],
    include_dirs=["include"],
    library_dirs=["bubble/lib"],
    libraries=["bubble"],
    runtime_library_dirs=["$ORIGIN/lib"],
    extra_compile_args=["-O2", "-Wall", "-Wno-vla"],
)])
