#!/usr/bin/env bash
# Run every fuzz target for a bounded time (default 60 s each): `fuzz/run.sh [SECONDS] [TARGET…]`.
# Works on the stable toolchain (RUSTC_BOOTSTRAP lets cargo-fuzz pass its sanitizer flags).
# Builds once, then runs the built binaries (so a tree that changes meanwhile is not rebuilt
# halfway). A crash leaves its input under fuzz/artifacts/<target>/; copy it to
# fuzz/regressions/<target>/ so the regular test suite replays it (see fuzz/README.md).
# Exits non-zero if any target failed.
set -euo pipefail
cd "$(dirname "$0")"
secs="${1:-60}"
shift || true
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(RUSTC_BOOTSTRAP=1 cargo fuzz list)
fi
RUSTC_BOOTSTRAP=1 cargo fuzz build
bin="target/x86_64-unknown-linux-gnu/release"
failed=()
for t in "${targets[@]}"; do
  echo "== fuzz $t for ${secs}s"
  mkdir -p "artifacts/$t" "corpus/$t"
  # Start from the kept inputs too, so the corpus always covers them.
  cp -n regressions/"$t"/* "corpus/$t/" 2>/dev/null || true
  if "$bin/$t" -artifact_prefix="artifacts/$t/" -max_total_time="$secs" -rss_limit_mb=2048 \
      "corpus/$t" >"artifacts/$t.log" 2>&1; then
    tail -n 1 "artifacts/$t.log"
  else
    failed+=("$t")
    grep -m1 -A3 -E "panicked|ERROR" "artifacts/$t.log" || tail -n 20 "artifacts/$t.log"
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]} (inputs in fuzz/artifacts/<target>/, logs in fuzz/artifacts/<target>.log)"
  exit 1
fi
echo "all clean"
