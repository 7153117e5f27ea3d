#!/bin/sh
# `make stress-e2e`: runs `make test-e2e` RUNS times in a row while LOAD busy loops keep the
# CPU busy (each `nice -n NICE`, bounded by `timeout`, stopped by pid at the end). Counts the
# failed passes and the harness's notes (repeated launches, waits for a Gecko port), prints
# the figures and a line per pass; exits 1 if any pass failed.
# usage: stress-e2e.sh RUNS LOAD NICE
runs=${1:-20}
load=${2:-2}
nice_level=${3:-10}
log_dir=target/stress-e2e
mkdir -p "$log_dir"
# A bound on the load even if this script is killed: 15 minutes a pass.
bound=$((runs * 900))
pids=""
i=0
while [ "$i" -lt "$load" ]; do
  timeout "$bound" nice -n "$nice_level" sh -c 'while :; do :; done' &
  pids="$pids $!"
  i=$((i + 1))
done
# Stopping the script stops the load and the passes: a trap that only ran `kill` would let
# the loop go on after SIGTERM (it did once, for 13 more passes without the load).
trap 'kill $pids 2>/dev/null' EXIT
trap 'exit 143' INT TERM
echo "stress-e2e: $runs passes of make test-e2e; load: $load busy loops at nice $nice_level (pids$pids), $(nproc) cores"
failed=0
repeats=0
waits=0
start=$(date +%s)
pass=1
while [ "$pass" -le "$runs" ]; do
  t0=$(date +%s)
  if make --no-print-directory test-e2e > "$log_dir/pass$pass.txt" 2>&1; then result=ok; else result=FAILED; failed=$((failed + 1)); fi
  notes=target/dolphin-runs/notes.log
  r=0; w=0
  if [ -f "$notes" ]; then
    r=$(grep -c "launching once more" "$notes")
    w=$(grep -c "waited" "$notes")
    cp "$notes" "$log_dir/pass$pass.notes"
  fi
  repeats=$((repeats + r)); waits=$((waits + w))
  tests=$(grep -c '^test .* ok <' "$log_dir/pass$pass.txt")
  bad=$(grep '^test .* FAILED' "$log_dir/pass$pass.txt" | sed 's/^test //; s/ \.\.\..*//' | tr '\n' ' ')
  echo "stress-e2e: pass $pass/$runs $result in $(( $(date +%s) - t0 )) s: $tests tests ok, repeated launches $r, port waits $w, load $(cut -d' ' -f1 /proc/loadavg) $bad"
  pass=$((pass + 1))
done
echo "stress-e2e: $runs passes in $(( $(date +%s) - start )) s: $failed failed, $repeats repeated launches, $waits port waits (logs in $log_dir/)"
[ "$failed" -eq 0 ]
