#!/usr/bin/env bash
# npm test: every check of the project, on a fresh machine of this kind (Debian, Node 20, root).
# Installs what the tests need (npm ci; Debian's Chromium and nginx when missing), then runs in order:
# typecheck, lint + format, unit tests, the build of both bundles (timed), the syntax check of dist/ against the
# webviews, the byte budgets, the production build test, the sandbox's tests, and the end-to-end tests in Chromium
# (also through nginx with deploy/'s configuration).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "dependencies"
node scripts/complete-lockfile.mjs --check
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  echo "node_modules up to date"
fi

step "Chromium and nginx (Debian) for the end-to-end and delivery tests"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
/usr/bin/chromium --version
/usr/sbin/nginx -v

step "typecheck"
npx tsc -p tsconfig.json --noEmit

step "lint and format"
npx eslint . --max-warnings 0
node node_modules/prettier/bin/prettier.cjs --check .

step "unit tests"
npx vitest run --project unit

step "build (both bundles, sandbox settings)"
start=$(date +%s%N)
npx rsbuild build --env-mode sandbox
end=$(date +%s%N)
echo "build took $(( (end - start) / 1000000 )) ms"

step "syntax of dist/ against iOS 12 / Chromium 69"
node scripts/check-dist.mjs dist

step "byte budgets"
node scripts/budget.mjs

step "production builds (example settings: nothing of the sandbox in them)"
npx vitest run --project deploy

step "sandbox tests"
npx vitest run --project sandbox

step "end-to-end tests (Chromium, both bundles; nginx in front of them)"
npx vitest run --project e2e

step "all tests passed"
