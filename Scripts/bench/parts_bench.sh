#!/usr/bin/env bash
# Issue #36's figures, `itinerary render TRIP --format pdf`, medians of alternated rounds (ROUNDS, default 7),
# on TripGenerator's 14-day trip (60 items) and 5,000-item year (itinerary-bench generate).
#   OLD=path/to/itinerary Scripts/bench/parts_bench.sh   the book before #36 against this one
#       (OLD: a release build of the commit before #36: git worktree add /tmp/pre36 <commit>, then
#       swift build -c release --static-swift-stdlib --product itinerary there)
#   Scripts/bench/parts_bench.sh parts                   the year's parts alone (--sections X)
set -euo pipefail
NEW=${NEW:-.build/release/itinerary}; BENCH=${BENCH:-.build/release/itinerary-bench}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$BENCH" generate 14 60 "$work/trip-14.json" >/dev/null
"$BENCH" generate 365 5000 "$work/trip-year.json" >/dev/null
ms() { local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
if [ "${1:-}" = parts ]; then
    for r in $(seq 1 "${ROUNDS:-7}"); do
        for part in cover bookings days days,bookings; do
            echo "$part $(ms "$NEW" render "$work/trip-year.json" --format pdf --sections "$part" -o "$work/x.pdf")"
        done
    done > "$work/times"
else
    : "${OLD:?give OLD=the itinerary built before #36, or run with: parts}"
    for trip in trip-14 trip-year; do
        for r in $(seq 1 "${ROUNDS:-7}"); do
            echo "$trip:before $(ms "$OLD" render "$work/$trip.json" --format pdf -o "$work/x.pdf")"
            echo "$trip:same-parts $(ms "$NEW" render "$work/$trip.json" --format pdf --sections cover,map,days -o "$work/x.pdf")"
            echo "$trip:every-part $(ms "$NEW" render "$work/$trip.json" --format pdf -o "$work/x.pdf")"
        done
    done > "$work/times"
fi
python3 - "$work/times" <<'PY'
import collections, statistics, sys
times = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, value = line.split()
    times[name].append(int(value))
for name, values in times.items():
    print(f"{name}: median {statistics.median(values)} ms of {sorted(values)}")
PY
