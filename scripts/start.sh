#!/usr/bin/env bash
# Quick start: installs dependencies, generates code, builds the application and serves it on
# http://127.0.0.1:${PORT:-8080} with the embedded database (PGlite in ./data) and demo data.
# Set DATABASE_URL to use a PostgreSQL server instead, BRAND to choose the brand.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npm run --silent build
echo "Serving on http://127.0.0.1:${PORT:-8080} (brand ${BRAND:-paxum}). Demo sign-in: personal@example.com / Demo-pass-2026"
exec npx tsx server/main.ts
