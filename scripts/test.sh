#!/usr/bin/env bash
# The whole test suite: type check, lint, format check, unit tests, integration tests against PGlite and a throwaway
# PostgreSQL, then end-to-end tests in Debian's Chromium against the built application.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

step() { echo; echo "=== $* ==="; }

step "codegen"
npm run --silent codegen

step "API document (redocly lint, recommended rules)"
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint generated/openapi.json --extends recommended --format summary

step "type check (browser, server and tests projects)"
npx tsc -b

step "lint (rules and import boundaries)"
npm run --silent lint

step "format (prettier, checked)"
npm run --silent format:check

step "unit tests"
npx vitest run --project unit --project unit-node --project unit-codegen

step "integration tests (PGlite and PostgreSQL)"
# The integration project's global setup starts a throwaway PostgreSQL (tests/integration/global-setup.ts).
# The document tests check the PDFs with qpdf and read them with pdftotext.
bash scripts/ensure-pdf-tools.sh
npx vitest run --project integration
# The files that race transactions or kill processes run alone, after the others (vitest.config.ts).
npx vitest run --project integration-alone

step "build"
npx vite build --logLevel warn

step "end-to-end tests (Chromium)"
bash scripts/ensure-chromium.sh
npx vitest run --project e2e
