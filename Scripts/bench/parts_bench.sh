#!/usr/bin/env bash
# Issue #36's figure: the book with every part against the build before it, alternated.
# OLD: a release build of the commit before #36 (git worktree add /tmp/pre36 <commit>; swift build -c release
# --static-swift-stdlib --product itinerary); NEW: this one. Trips: TripGenerator's 14-day and 5,000-item
# trips in /tmp/trip-14.json and /tmp/trip-year.json (itinerary-bench generate 14 60 …; 365 5000 …).
OLD=${OLD:-/tmp/pre36/.build/release/itinerary}; NEW=${NEW:-.build/release/itinerary}
for trip in trip-14 trip-year; do
for r in $(seq 1 ${ROUNDS:-7}); do
  for mode in old same all; do
    case $mode in old) B=$OLD; args="";; same) B=$NEW; args="--sections cover,map,days";; all) B=$NEW; args="";; esac
    s=$(date +%s%N); $B render /tmp/$trip.json --format pdf $args -o /tmp/b-$mode.pdf >/dev/null; e=$(date +%s%N)
    echo "$trip $mode $(( (e - s) / 1000000 ))"
  done
done
done > /tmp/bench36b.txt
python3 -c "
import statistics, collections
d=collections.defaultdict(list)
for l in open('/tmp/bench36b.txt'):
    t,m,v=l.split(); d[(t,m)].append(int(v))
for t in ['trip-14','trip-year']:
    o,s,a=(statistics.median(d[(t,m)]) for m in ['old','same','all'])
    print(t, 'old', o, 'new same parts', s, 'new all parts', a, 'same/old %.3f all/old %.3f' % (s/o, a/o))
"
