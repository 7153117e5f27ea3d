#!/bin/sh
# Prints, after `make test-e2e`, the time of every e2e test (slowest first) from the output of
# `cargo test ... -Z unstable-options --report-time` (lines `test NAME ... ok <12.345s>`), and
# whatever the harness noted about its runs (target/dolphin-runs/notes.log: waits for a free
# USB Gecko port, a launch repeated because Dolphin could not listen).
# usage: e2e-summary.sh CARGO_TEST_OUTPUT NOTES_LOG
out=$1
notes=$2
echo "e2e test times (slowest first):"
awk '
  /^ *Running / { f = ($2 == "unittests") ? $3 : $2; sub(/^.*\//, "", f); sub(/\.rs$/, "", f); file = f }
  /^ *Doc-tests/ { file = "doc" }
  # `test NAME ... ok <1.234s>`, the result possibly on a later line after other output.
  /^test / { name = $2 }
  / (ok|FAILED) <[0-9.]+s>$/ || /^(ok|FAILED) <[0-9.]+s>$/ {
    t = $NF; gsub(/[<>s]/, "", t)
    status = $(NF-1)
    printf "%8.1f s  %-6s %s::%s\n", t, status, file, name
    total += t
  }
  END { printf "%8.1f s  total\n", total > "/dev/stderr" }
' "$out" 2>"$out.total" | sort -rn
cat "$out.total"
rm -f "$out.total"
if [ -s "$notes" ]; then
  echo "e2e harness notes ($(wc -l < "$notes") lines; time, test, run, what):"
  sed 's/^/  /' "$notes"
else
  echo "e2e harness notes: none (no waits for a Gecko port, no repeated launch)"
fi
