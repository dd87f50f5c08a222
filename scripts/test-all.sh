#!/usr/bin/env bash
# The whole test suite: lint, formatting, types, unit and contract tests, the production build, integration tests against the
# built app (embedded defaults, then PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set), and the Playwright
# journeys in Chromium. Ends with a summary: "N passed, N failed, N skipped, N flaky", each skipped test with its reason and
# each flaky journey named (scripts/test-summary.mjs).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports && rm -f reports/*.json reports/lane-*
status=0
timings=()
step() {
  local name=$1 started=$SECONDS
  echo; echo "── $name"; shift
  "$@" || status=1
  timings+=("$(printf '%5ds  %s' $((SECONDS - started)) "$name")")
}
vitest() { local report=$1; shift; npx vitest run "$@" --reporter=default --reporter=json --outputFile="reports/$report.json"; }
# A lane: a step run in the background beside the steps that follow, for steps whose time is mostly waiting (on app
# processes, a browser, a database) rather than computing; on this 2-core machine two such steps take little more than
# the longer one. Its output is kept in reports/lane-N.log and printed, with its time, when the lanes are joined.
lanes=()
lane() {
  local name=$1 log="reports/lane-${#lanes[@]}.log"; shift
  ( started=$SECONDS; "$@" >"$log" 2>&1; echo "$? $((SECONDS - started))" >"$log.status" ) &
  lanes+=("$!:$log:$name")
}
join_lanes() {
  local entry pid log name code seconds
  for entry in "${lanes[@]}"; do
    pid=${entry%%:*}; log=${entry#*:}; name=${log#*:}; log=${log%%:*}
    wait "$pid"
    read -r code seconds <"$log.status"
    echo; echo "── $name (in a lane, beside the steps above)"; cat "$log"
    [ "$code" = 0 ] || status=1
    timings+=("$(printf '%5ds  %s (in a lane)' "$seconds" "$name")")
  done
  lanes=()
}

# A token that must never reach a browser: the build and the journeys run with it, and the canary check looks for it.
export CANARY_TOKEN="canary-$(date +%s)-$RANDOM$RANDOM"

# Three checks that each keep one core busy: the type check beside lint and formatting.
lane "types" npx tsc --noEmit
step "lint" npx eslint .
step "formatting (Prettier; npm run format fixes it)" npx prettier --check --log-level warn .
join_lanes
step "unit and contract tests (embedded defaults)" env -u DATABASE_URL -u REDIS_URL bash -c "$(declare -f vitest); vitest unit --project unit"
# The services pass: the variants the embedded pass reports as skipped, run against the machine's PostgreSQL and Redis.
if [ -n "${DATABASE_URL:-}" ]; then
  step "JSON inserts, contract, job engine, its upgrade from pg-boss 10 and log tests against DATABASE_URL" vitest unit-postgres --project unit lib/db/insert-rows.test.ts lib/sandbox/contract.test.ts lib/jobs/engine.test.ts lib/jobs/upgrade-v10.test.ts lib/log.test.ts
fi
if [ -n "${REDIS_URL:-}" ]; then
  step "cache and lock tests against REDIS_URL" vitest unit-redis --project unit lib/cache/redis.test.ts lib/cache/lock.test.ts
fi
step "build: next build, then the standalone folder completed (with the canary token)" env PROPERTY_API_TOKEN="$CANARY_TOKEN" npm run build
# Each integration file runs in the pass its row of docs/development.md names ("Where each integration file runs"). In the
# embedded pass the shared http app is on the run's PostgreSQL and Redis, so a file that checks both shared apps covers
# both storages at once.
mapfile -t embedded_files < <(node scripts/integration-plan.mjs embedded)
mapfile -t services_files < <(node scripts/integration-plan.mjs services)
step "integration (embedded defaults; the http app on DATABASE_URL and REDIS_URL)" \
  env -u DATABASE_URL -u REDIS_URL HTTP_APP_DATABASE_URL="${DATABASE_URL:-}" HTTP_APP_REDIS_URL="${REDIS_URL:-}" \
  bash -c "$(declare -f vitest); vitest integration --project integration ${embedded_files[*]}"
# The services pass beside the journeys: both wait on app processes, a browser and the databases far more than they
# compute (measured: 310 s and 372 s one after the other, docs/development.md).
if [ ${#services_files[@]} -gt 0 ]; then
  lane "integration against DATABASE_URL and REDIS_URL" vitest integration-services --project integration "${services_files[@]}"
fi
step "end-to-end (Playwright)" env PROPERTY_API_TOKEN="$CANARY_TOKEN" npx playwright test
join_lanes
step "the token never reaches a browser" node scripts/check-canary.mjs

# With both services, a skip must have run in another pass or be on tests/allowed-skips.json; without them, skips are listed.
services=()
if [ -n "${DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then services=(--services); fi
echo; echo "── time per step (whole run: $((SECONDS / 60)) min)"; printf '%s\n' "${timings[@]}"
node scripts/test-summary.mjs "${services[@]}" reports/*.json || status=1
exit $status
