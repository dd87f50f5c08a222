#!/usr/bin/env bash
# The whole test suite: lint, types, unit and contract tests (embedded defaults, then PostgreSQL when DATABASE_URL is
# set), the production build, and the Playwright journeys in Chromium. Ends with one line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports && rm -f reports/*.json
status=0
step() { echo; echo "── $1"; shift; "$@" || status=1; }

step "lint" npx eslint .
step "types" npx tsc --noEmit
step "unit and contract tests (embedded defaults)" \
  env -u DATABASE_URL -u REDIS_URL npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json
if [ -n "${DATABASE_URL:-}" ]; then
  step "database tests against DATABASE_URL" \
    npx vitest run lib/sandbox/contract.test.ts --reporter=default --reporter=json --outputFile=reports/vitest-postgres.json
fi
step "build" npx next build
step "end-to-end (Playwright)" npx playwright test

node scripts/test-summary.mjs reports/vitest.json reports/vitest-postgres.json reports/playwright.json || status=1
exit $status
