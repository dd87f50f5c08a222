#!/usr/bin/env bash
# The whole test suite: lint, formatting, types, unit and contract tests, the production build, integration tests against the
# built app (embedded defaults, then PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set), and the Playwright
# journeys in Chromium. Ends with a summary: "N passed, N failed, N skipped, N flaky", each skipped test with its reason and
# each flaky journey named (scripts/test-summary.mjs).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports && rm -f reports/*.json
status=0
timings=()
step() {
  local name=$1 started=$SECONDS
  echo; echo "── $name"; shift
  "$@" || status=1
  timings+=("$(printf '%5ds  %s' $((SECONDS - started)) "$name")")
}
vitest() { local report=$1; shift; npx vitest run "$@" --reporter=default --reporter=json --outputFile="reports/$report.json"; }

# A token that must never reach a browser: the build and the journeys run with it, and the canary check looks for it.
export CANARY_TOKEN="canary-$(date +%s)-$RANDOM$RANDOM"

step "lint" npx eslint .
step "formatting (Prettier; npm run format fixes it)" npx prettier --check --log-level warn .
step "types" npx tsc --noEmit
step "unit and contract tests (embedded defaults)" env -u DATABASE_URL -u REDIS_URL bash -c "$(declare -f vitest); vitest unit --project unit"
# The services pass: the variants the embedded pass reports as skipped, run against the machine's PostgreSQL and Redis.
if [ -n "${DATABASE_URL:-}" ]; then
  step "JSON inserts, contract, job engine, its upgrade from pg-boss 10 and log tests against DATABASE_URL" vitest unit-postgres --project unit lib/db/insert-rows.test.ts lib/sandbox/contract.test.ts lib/jobs/engine.test.ts lib/jobs/upgrade-v10.test.ts lib/log.test.ts
fi
if [ -n "${REDIS_URL:-}" ]; then
  step "cache and lock tests against REDIS_URL" vitest unit-redis --project unit lib/cache/redis.test.ts lib/cache/lock.test.ts
fi
step "build: next build, then the standalone folder completed (with the canary token)" env PROPERTY_API_TOKEN="$CANARY_TOKEN" npm run build
step "integration (embedded defaults)" env -u DATABASE_URL -u REDIS_URL bash -c "$(declare -f vitest); vitest integration --project integration"
if [ -n "${DATABASE_URL:-}" ] || [ -n "${REDIS_URL:-}" ]; then
  step "integration against DATABASE_URL and REDIS_URL" vitest integration-services --project integration
fi
step "end-to-end (Playwright)" env PROPERTY_API_TOKEN="$CANARY_TOKEN" npx playwright test
step "the token never reaches a browser" node scripts/check-canary.mjs

# With both services, a skip must have run in another pass or be on tests/allowed-skips.json; without them, skips are listed.
services=()
if [ -n "${DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then services=(--services); fi
echo; echo "── time per step (whole run: $((SECONDS / 60)) min)"; printf '%s\n' "${timings[@]}"
node scripts/test-summary.mjs "${services[@]}" reports/*.json || status=1
exit $status
