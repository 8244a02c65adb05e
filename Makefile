# The two commands a new machine needs: `make run` and `make test`.
# Both install missing Debian packages first (apt-get, as root or with sudo).

SWIFT ?= swift
APT_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev qpdf poppler-utils tzdata fonts-dejavu-core \
	fonts-inter fonts-noto-core fonts-droid-fallback fonts-nanum fonts-symbola python3-html5lib python3-markdown-it
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup build run test bench clean

setup:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: setup
	$(SWIFT) build

run: build
	$(SWIFT) run itinerary render --format pdf,png,html,md

test: setup
	$(SWIFT) test

# Release binaries link the Swift runtime and Foundation statically: a
# dynamically linked one spends 10–20 ms of every run loading and relocating them.
RELEASE := -c release --static-swift-stdlib

bench: setup
	$(SWIFT) build $(RELEASE) --product itinerary
	$(SWIFT) build $(RELEASE) --product itinerary-bench
	.build/release/itinerary-bench

clean:
	rm -rf .build
