#!/usr/bin/env bash
# `cmake --install` for packagers: both programs, the probe, the docs and the shell completions
# land under the prefix, and the installed torchlint reports the Python and C/C++/CUDA findings
# of examples/. Without its torchlint-cxx beside it, a run with C/C++/CUDA files is an error
# naming the missing file (exit 2), while a Python-only run still works.
# usage: install_test.sh BUILD/torchlint
. "$(dirname "$0")/common.sh" "$@"
[ -x "$build_dir/torchlint-cxx" ] || { echo "SKIP: this build has no torchlint-cxx"; exit 77; }

prefix="$scratch/prefix"
cmake --install "$build_dir" --prefix "$prefix" >"$scratch/install.log" 2>&1 || { cat "$scratch/install.log"; echo "FAIL: cmake --install"; exit 1; }
for f in bin/torchlint bin/torchlint-cxx share/torchlint/runtime/torchlint_probe.py share/doc/torchlint/README.md \
         share/doc/torchlint/cxx.md share/doc/torchlint/rules/TL101.md; do
  [ -s "$prefix/$f" ] || fail "$f was not installed"
done
grep -q "complete .*-F _torchlint torchlint" "$prefix/share/bash-completion/completions/torchlint" 2>/dev/null || fail "no bash completion"
grep -q "#compdef torchlint" "$prefix/share/zsh/site-functions/_torchlint" 2>/dev/null || fail "no zsh completion"
grep -q "complete -c torchlint" "$prefix/share/fish/vendor_completions.d/torchlint.fish" 2>/dev/null || fail "no fish completion"

cd "$root"
"$prefix/bin/torchlint" check examples/ --no-cache >"$scratch/check.out" 2>&1
[ $? -eq 1 ] || fail "the installed torchlint did not exit 1 on examples/"
grep -q "^examples/train.py:36:33: TL101" "$scratch/check.out" || { fail "no Python finding"; cat "$scratch/check.out"; }
grep -q "^examples/csrc/scale.cu:15:3: TL810" "$scratch/check.out" || { fail "no CUDA finding"; cat "$scratch/check.out"; }

# A torchlint copied without its front end.
rm "$prefix/bin/torchlint-cxx"
"$prefix/bin/torchlint" check examples/ --no-cache >"$scratch/alone.out" 2>"$scratch/alone.err"
rc=$?
[ $rc -eq 2 ] || fail "without torchlint-cxx: exit $rc, not 2"
grep -q "$prefix/bin/torchlint-cxx is missing" "$scratch/alone.err" || { fail "the error does not name the missing file"; cat "$scratch/alone.err"; }
"$prefix/bin/torchlint" check examples/train.py --no-cache >/dev/null 2>&1
[ $? -eq 1 ] || fail "without torchlint-cxx, a Python-only run failed"

[ "$failures" -eq 0 ] || { echo "$failures install check(s) failed"; exit 1; }
echo "cmake --install works"
