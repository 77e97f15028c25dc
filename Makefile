# Bubble: `make examples` sets everything up and renders Examples/; `make test` runs the tests.
SWIFT ?= swift
CONFIG ?= debug

.PHONY: all deps build examples test clean

all: examples

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build -c $(CONFIG)

examples: build
	BUBBLE=.build/$(CONFIG)/bubble scripts/render-examples

test: deps
	$(SWIFT) test

clean:
	rm -rf .build
