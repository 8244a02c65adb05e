#!/bin/bash
# Runs each case in its own process; reports exit/signal, Cairo status, qpdf --check.
cd "$(dirname "$0")"
cases=$(grep -oE 'IS\("[a-z0-9_]+"\)' tags.c | sed -E 's/IS\("(.*)"\)/\1/' | grep -v '^n"$' | sort -u)
for c in $cases; do
  rm -f out/$c.pdf
  out=$(timeout 120 ./tags $c 2>&1); rc=$?
  if [ $rc -ge 128 ]; then res="CRASH signal $((rc-128)) ($(kill -l $((rc-128))))"; else res="exit $rc"; fi
  q="-"
  if [ -s out/$c.pdf ]; then
    qo=$(qpdf --check out/$c.pdf 2>&1); qr=$?
    case $qr in 0) q="qpdf OK";; 3) q="qpdf WARN: $(echo "$qo" | grep -i warn | head -2 | tr '\n' ' ')";; *) q="qpdf ERR($qr): $(echo "$qo" | tail -2 | tr '\n' ' ')";; esac
  elif [ -e out/$c.pdf ]; then q="empty file"; else q="no file"; fi
  echo "== $c: $res | $q"
  [ -n "$out" ] && echo "$out" | head -6 | sed 's/^/   /'
done
