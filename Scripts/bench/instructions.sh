#!/usr/bin/env bash
# Instructions one PDF render executes, counted by valgrind's callgrind: a figure this
# machine's noise cannot move (a process's wall time swings by up to 2x here; the count
# by well under 0.1 %). For one itinerary-bench binary, a trip and the book's parts:
#   Scripts/bench/instructions.sh BENCH TRIP [SECTIONS]
#     BENCH     a release itinerary-bench (debug info is stripped from a copy: valgrind 3.19
#               cannot read Swift's DWARF 5)
#     SECTIONS  cover,map,days,bookings by default; cover,map,days is the book before issue #36
# A render is `itinerary-bench loop pdf TRIP 2` less `loop pdf TRIP 1` (each also renders once
# untimed): start-up, reading the trip and the first render's font loading cancel out.
# The 14-day trip takes about 40 s, the 5,000-item year about 25 minutes.
set -euo pipefail
bench=$1 trip=$2 sections=${3:-cover,map,days,bookings}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/bench" "$bench"
count() {
    ITINERARY_BENCH_SECTIONS=$sections valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" \
        "$work/bench" loop pdf "$trip" "$1" 2>&1 | sed -n 's/.*I *refs: *//p' | tr -d ,
}
one=$(count 1) two=$(count 2)
echo "$(basename "$trip") $sections: $(( (two - one) / 1000 )) thousand instructions a render"
