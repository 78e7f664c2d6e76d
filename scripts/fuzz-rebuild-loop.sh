#!/bin/sh
# Runs the bad-input fuzz and then a ledger rebuild (plugins/fuzz.test.ts) again and again, each time with another
# seed and another moment of the day, until a rebuild finds a difference (docs/decisions/security.md, "Facts
# never go stale"). `scripts/fuzz-rebuild-loop.sh [runs]`; each run prints its seed and moment.
set -u
runs=${1:-10}
i=0
while [ "$i" -lt "$runs" ]; do
  seed=$(( $(od -An -N2 -tu2 /dev/urandom) ))
  hour=$(( $(od -An -N1 -tu1 /dev/urandom) % 24 ))
  now="2026-11-$(( 20 + i % 8 ))T$(printf %02d "$hour"):$(printf %02d $(( seed % 60 ))):00Z"
  echo "run $i: FUZZ_SEED=$seed FUZZ_NOW=$now"
  if ! FUZZ_SEED=$seed FUZZ_NOW=$now npx vitest run apps/api/src/plugins/fuzz.test.ts >"/tmp/fuzz-run-$i.log" 2>&1; then
    echo "run $i failed: /tmp/fuzz-run-$i.log"
    exit 1
  fi
  i=$(( i + 1 ))
done
echo "no difference in $runs runs"
