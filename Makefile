# Bubble. On a fresh Debian 12 machine with the Swift toolchain:
#   make examples   installs what is missing, builds, renders Examples/ (rewrites the goldens)
#   make test       the suite: swift test, the schema, the Examples compared with their goldens (minutes)
#   make check      everything: make test, docs, rasterizer, Chromium, the release, Spark, parallel, the fuzz build
#   make bench      Bubble beside Pango and a bare-HarfBuzz floor on bench/corpus, in one run
SWIFT ?= swift
CONFIG ?= debug
PREFIX ?= /usr/local
VERSION := $(shell cat VERSION)
ARCH := $(shell uname -m)
BUBBLE_BIN := .build/$(CONFIG)/bubble
# The release binary: optimized, the Swift runtime linked in statically (what dist and install ship).
RELEASE_SCRATCH := .build/static
RELEASE_BIN := $(RELEASE_SCRATCH)/release/bubble
# libbubble as SwiftPM names it (make-release installs it as lib/libbubble.so, its soname).
RELEASE_LIB := $(RELEASE_SCRATCH)/release/libBubbleC.so
DIST_NAME := bubble-$(VERSION)-linux-$(ARCH)
DIST := dist/$(DIST_NAME).tar.gz

# Seconds per fuzz target: `make fuzz` (long runs); `make fuzz-smoke` (in `make check`) runs each built by
# .clusterfuzzlite/build.sh for FUZZ_SMOKE_SECONDS, two targets at a time on two cores.
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_SECONDS ?= 20
# make bench: rounds of the round-robin, and timed passes per round.
BENCH_ROUNDS ?= 3
BENCH_PASSES ?= 5

.PHONY: all deps build release dist install wheel examples docs test check check-render check-browser check-flutter check-ship check-wheel check-soak bench bench-embedding fuzz fuzz-smoke sanitize clean

all: examples

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build -c $(CONFIG)

release: deps
	$(SWIFT) build -c release --product bubble --static-swift-stdlib --scratch-path $(RELEASE_SCRATCH)
	$(SWIFT) build -c release --product BubbleC --static-swift-stdlib --scratch-path $(RELEASE_SCRATCH)

# dist/bubble-VERSION-linux-ARCH.tar.gz: bin/, lib/ (libbubble, pkgconfig/), include/, share/ (see scripts/make-release)
# in one top folder.
dist: release
	rm -rf dist/$(DIST_NAME) && mkdir -p dist
	scripts/make-release $(RELEASE_BIN) dist/$(DIST_NAME) $(RELEASE_LIB)
	tar -C dist -czf $(DIST) --owner=0 --group=0 --sort=name $(DIST_NAME)
	@echo "dist: $(DIST)"

# The same tree as the archive, under PREFIX (default /usr/local).
install: release
	scripts/make-release $(RELEASE_BIN) $(DESTDIR)$(PREFIX) $(RELEASE_LIB)

# The Python package (python/, `import bubble`) as dist/bubble_layout-VERSION-*.whl around the release libbubble,
# repaired by auditwheel so HarfBuzz, ICU, FreeType, fontconfig and PCRE2 come inside it (scripts/make-wheel).
wheel: release
	scripts/make-wheel $(RELEASE_LIB) dist

# Renders every Examples input beside it: this is what rewrites the goldens.
examples: build
	BUBBLE=$(BUBBLE_BIN) scripts/render-examples

# The first tier: one debug build; no browser, no JVM, no second compile.
test: build
	$(SWIFT) test
	@scripts/python-deps
	scripts/check-schema
	BUBBLE=$(BUBBLE_BIN) scripts/check-examples

# The second tier, what CI runs (.ci/run): make test, then everything else.
check: test docs check-render check-browser check-flutter check-ship check-wheel check-soak fuzz-smoke

# The README and docs/ (no dead link, every page reachable from the README, the README at most 250 lines),
# then the DocC archive of the public API (.build/docs/Bubble.doccarchive; fails on any DocC warning).
docs: deps
	scripts/check-docs
	scripts/build-docs

# What an XML parser and a real rasterizer say about Bubble's SVG, on corpus and hostile messages.
check-render: build
	@scripts/python-deps
	scripts/check-render --bubble $(BUBBLE_BIN)

# Bubble against headless Chromium: 1,000 corpus messages at 200, 280 and 360 px (bubble html and a
# plain chat CSS, lineMetrics web), then the same messages with entities over their words (bold,
# italic, code, pre, …) and as spans of mixed sizes and faces (bubble html), failing under the floors
# it reaches today; the 1,870 messages of bench/multiscript (seventeen languages, fourteen scripts) in
# bubble html and the plain chat CSS, with a table per language and bubble html's floors in every one
# (about 2.5 min); then the playground in Chromium.
check-browser: build
	@scripts/browser-deps
	scripts/check-browser --sample 1000 --enforce --bubble $(BUBBLE_BIN)
	scripts/check-browser --sample 1000 --styled --enforce --bubble $(BUBBLE_BIN)
	scripts/check-browser --sample 1000 --styled spans --enforce --bubble $(BUBBLE_BIN)
	scripts/check-browser --corpus bench/multiscript/messages.jsonl --all --modes html,plain --by-lang --enforce --bubble $(BUBBLE_BIN)
	scripts/check-playground --bubble $(BUBBLE_BIN)

# Bubble (lineMetrics and lineBreaking flutter) against Skia's SkParagraph, what Flutter draws text with
# (skia-python): line count, breaks, height and longest line at 200, 280 and 360 px, on 1,000 corpus
# messages and on the 1,870 of bench/multiscript (those without emoji tokens), failing under the floors
# it reaches today (about 30 s in all).
check-flutter: build
	@scripts/pip-need skparagraph
	scripts/check-skparagraph --sample 1000 --enforce --bubble $(BUBBLE_BIN)
	scripts/check-skparagraph --corpus bench/multiscript/messages.jsonl --all --by-lang --enforce --bubble $(BUBBLE_BIN)

# The release archive run from nowhere near the source (its libbubble too, from examples/c and, with Debian's
# golang, examples/go), under Spark (RDD.pipe, and the wheel in mapPartitions), GNU parallel and co-process clients;
# and the release link's order of functions (bench/link-order.txt) still fits the code.
check-ship: dist wheel
	RELEASE_SCRATCH=$(RELEASE_SCRATCH) scripts/make-link-order --check
	scripts/check-dist $(DIST)
	scripts/check-go $(DIST)
	scripts/check-parallel --bubble $(RELEASE_BIN)
	scripts/check-clients --bubble $(RELEASE_BIN)
	scripts/check-spark $(DIST) $$(ls dist/bubble_layout-*.whl)

# The wheel in a fresh venv: layout() byte for byte bubble layout's on 1,000 corpus messages and every Example,
# 8 Python threads and layout_many agreeing, resident memory flat over 200,000 calls, bad input raising with
# bubble batch's codes, HarfBuzz and ICU loaded from inside the wheel (scripts/check-wheel).
check-wheel: wheel
	scripts/check-wheel $$(ls dist/bubble_layout-*.whl) $(RELEASE_BIN)

# The release service under attack, shortly (scripts/soak, 3 s alone, 6 s under attack, 4 s after, about
# 40 s for both mixes): the hostile mix, then valid but expensive requests, with the shaped cache on at
# 32 MiB. Fails only on what is not a timing: an error on valid requests, a 5xx to the attacker, an
# unanswered /healthz, or resident memory past the byte caps plus a fixed 320 MB. Timings are reported.
check-soak: release
	BUBBLE=$(RELEASE_BIN) BASELINE=3 ATTACK=6 AFTER=4 CHECK=1 CACHE_ENTRIES=20000 CACHE_BYTES=33554432 MIX=hostile scripts/soak >/dev/null
	BUBBLE=$(RELEASE_BIN) BASELINE=3 ATTACK=6 AFTER=4 CHECK=1 CACHE_ENTRIES=20000 CACHE_BYTES=33554432 MIX=expensive scripts/soak >/dev/null

# Bubble's static bench beside the Pango harness and the bare-HarfBuzz floor of bench/peers, round-robin in
# one run: µs per message, ratios and peak RSS (scripts/bench-peers).
bench: deps
	scripts/bench-peers $(BENCH_ROUNDS) $(BENCH_PASSES)

# In-process costs from Python (scripts/bench-embedding): size() against the static bench's per-message time,
# layout() against the bench plus json.loads of the same answer, layout_many(jobs=2) against jobs=1; ratios.
bench-embedding: wheel
	BENCH_SCRATCH=$(RELEASE_SCRATCH) scripts/bench-embedding $$(ls dist/bubble_layout-*.whl)

# libFuzzer over every entry point (Fuzz/, scripts/fuzz), one executable per target built with ASan in
# .build-fuzz: each target runs FUZZ_SECONDS from its kept corpus (Fuzz/Corpora/TARGET) and fails on a
# crash, a leak or an input slower than 10 s (the input lands in .build-fuzz/crashes/TARGET/; figures in
# .build-fuzz/summary.tsv); then what the runs found is merged back into Fuzz/Corpora (commit it).
fuzz: deps
	scripts/fuzz build
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz all
	scripts/fuzz merge

# The OSS-Fuzz / ClusterFuzzLite build: .clusterfuzzlite/build.sh with OSS-Fuzz's variables into a temporary
# OUT (every target, its .dict and _seed_corpus.zip), then each target FUZZ_SMOKE_SECONDS under ASan with
# leak detection on.
fuzz-smoke: deps
	FUZZ_SMOKE_SECONDS=$(FUZZ_SMOKE_SECONDS) scripts/check-oss-fuzz-build

# ASan, then TSan (.build-asan, .build-tsan): bubble batch --jobs 2 over the corpus, the server's
# concurrent-request tests and the hostile-input tests. In neither tier (docs/testing.md says why).
sanitize: deps
	scripts/sanitize

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan dist
