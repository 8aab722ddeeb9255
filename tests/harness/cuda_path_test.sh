#!/usr/bin/env bash
# The CUDA parts of the harness, on any machine: where the toolkit built them, `torchlint
# calibrate` prints figures on a GPU and fails with a clear error without one, and the CUPTI
# counter library loads and refuses to start (rather than crash) when no device is there.
# Where the toolkit is absent they are not built, and `calibrate` says so.
set -u
bin=$(realpath "$1")
dir=$(dirname "$bin")
fail() { echo "FAIL: $*"; exit 1; }
out=$("$bin" calibrate 2>&1); rc=$?
if [ ! -x "$dir/torchlint-calibrate" ]; then
  [ $rc -ne 0 ] && echo "$out" | grep -qi "without CUDA\|not built" || fail "calibrate without the toolkit: rc=$rc: $out"
  echo "CUDA toolkit absent: calibrate reports it was built without CUDA"
  exit 0
fi
gpu=0
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 && gpu=1
if [ $gpu -eq 1 ]; then
  [ $rc -eq 0 ] || fail "calibrate on a GPU: rc=$rc: $out"
  for key in launch sync pinned; do echo "$out" | grep -qi "$key" || fail "calibrate printed no '$key' figure: $out"; done
else
  [ $rc -eq 2 ] || fail "calibrate without a GPU should exit 2, got $rc: $out"
  echo "$out" | grep -q "calibration failed" || fail "calibrate without a GPU gave no clear error: $out"
fi
if [ -f "$dir/libtorchlint_cupti.so" ]; then
  py=$(command -v python3) || fail "python3 is needed to load the CUPTI counter"
  started=$("$py" - "$dir/libtorchlint_cupti.so" <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.torchlint_cupti_syncs.restype = ctypes.c_ulonglong
rc = lib.torchlint_cupti_start()
print(rc, lib.torchlint_cupti_syncs())
PY
) || fail "the CUPTI counter library did not load or crashed"
  read -r start syncs <<<"$started"
  if [ $gpu -eq 1 ]; then [ "$start" = 0 ] || fail "CUPTI counter did not start on a GPU (rc=$start)"; fi
  [ "$syncs" = 0 ] || fail "CUPTI counter reports $syncs syncs before any CUDA work"
fi
echo "CUDA path: calibrate and the CUPTI counter behave (GPU present: $gpu)"
