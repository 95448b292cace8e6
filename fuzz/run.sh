#!/usr/bin/env bash
# Run every fuzz target for a bounded time (default 60 s each): `fuzz/run.sh [SECONDS] [TARGET…]`.
# Works on the stable toolchain (RUSTC_BOOTSTRAP lets cargo-fuzz pass its sanitizer flags).
# A crash leaves its input under fuzz/artifacts/<target>/; copy it to fuzz/regressions/<target>/
# so the regular test suite replays it (see fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")"
secs="${1:-60}"
shift || true
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(RUSTC_BOOTSTRAP=1 cargo fuzz list)
fi
for t in "${targets[@]}"; do
  echo "== fuzz $t for ${secs}s"
  RUSTC_BOOTSTRAP=1 cargo fuzz run "$t" -- -max_total_time="$secs" -rss_limit_mb=2048 2>&1 | tail -n 3
done
