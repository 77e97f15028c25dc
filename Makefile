# Bubble: `make examples` sets everything up and renders Examples/; `make test` runs the tests.
SWIFT ?= swift
CONFIG ?= debug

.PHONY: all deps build examples test check clean

all: examples

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build -c $(CONFIG)

examples: build
	BUBBLE=.build/$(CONFIG)/bubble scripts/render-examples

test: deps
	$(SWIFT) test
	$(MAKE) check

# What a real validator and a real rasterizer say about Bubble's output.
check: build
	@scripts/python-deps
	BUBBLE=.build/$(CONFIG)/bubble scripts/render-examples
	scripts/check-schema
	scripts/check-render --bubble .build/$(CONFIG)/bubble

clean:
	rm -rf .build
