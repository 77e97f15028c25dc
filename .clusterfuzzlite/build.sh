#!/bin/bash -eu
# Builds Bubble's fuzz targets for ClusterFuzzLite and OSS-Fuzz: $OUT/bubble-fuzz-TARGET, its .dict and its
# _seed_corpus.zip (the kept corpus Fuzz/Corpora/TARGET and the regression inputs), and the emoji catalog the
# engine finds beside its executable. In the builder image precompile_swift exports SWIFTFLAGS for
# $SANITIZER; elsewhere (scripts/check-oss-fuzz-build on a developer's machine) the caller exports them.
if [[ -z "${SWIFTFLAGS:-}" ]] && command -v precompile_swift >/dev/null; then
  . precompile_swift
fi
: "${SWIFTFLAGS:?precompile_swift (or the caller) sets SWIFTFLAGS}" "${OUT:?}" "${SRC:?}"
cd -P "$SRC/bubble"
SWIFTFLAGS=$SWIFTFLAGS scripts/fuzz build
scripts/fuzz package "$OUT"
