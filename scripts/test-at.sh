#!/usr/bin/env bash
# npm run test:at -- INSTANT...: the unit, sandbox and end-to-end suites with the machine's clock at each INSTANT
# (README "Tests at any instant", issue 29), through Debian's faketime (installed when missing): every process of a
# suite — Vitest, the sandboxes, Chromium — starts its clock there and lets it run. An INSTANT is as faketime takes it,
# in the machine's time zone ('2027-02-28 16:01:00' on a UTC machine is 00:01 on 1 March in Shanghai).
# TEST_AT_PROJECTS chooses the suites (default "unit sandbox e2e"). The end-to-end suite uses the bundles in dist/
# (built first when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  echo "usage: npm run test:at -- '2027-02-28 16:01:00' ['2028-02-29 02:30:00' ...]" >&2
  exit 2
fi
if ! command -v faketime >/dev/null; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends faketime
fi
[ -f dist/wechat/index.html ] && [ -f dist/alipay/index.html ] || npx rsbuild build --env-mode sandbox
failed=()
for at in "$@"; do
  for project in ${TEST_AT_PROJECTS:-unit sandbox e2e}; do
    printf '\n\033[1m== %s at %s\033[0m\n' "$project" "$at"
    if ! FAKETIME_DONT_RESET=1 faketime "$at" npx vitest run --project "$project"; then
      failed+=("$project at $at")
    fi
  done
done
if [ ${#failed[@]} -gt 0 ]; then
  printf '\n\033[1m== failed:\033[0m\n'
  printf '  %s\n' "${failed[@]}"
  exit 1
fi
printf '\n\033[1m== every suite passed at every instant\033[0m\n'
