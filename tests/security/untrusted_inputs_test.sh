#!/usr/bin/env bash
# Untrusted configuration and inputs: what a repository can make torchlint read, and what it
# prints about it. Configurations with alias bombs, rule-pack paths out of the project, compile
# databases naming other files, FIFOs and unreadable files, oversized files, lone-CR line ends.
# Each must end in a clear error or note, within a time and memory bound, quoting nothing of the
# machine's other files.
set -u
. "$(dirname "$0")/common.sh" "$1"
here=$(cd "$(dirname "$0")" && pwd)
chmod 755 "$scratch"  # the unprivileged checks below run as another user
# run NAME CMD...: stdout+stderr in $scratch/NAME.out, exit code in $rc; 20 s and 2 GB at most.
run() {
  local name=$1
  shift
  # AddressSanitizer reserves terabytes of address space: the memory cap is for plain builds.
  if [ -n "${ASAN_OPTIONS:-}" ]; then timeout $((20 * scale)) "$@"; else (ulimit -v 2000000; timeout 20 "$@"); fi >"$scratch/$name.out" 2>&1
  rc=$?
}
expect() {  # expect NAME RC REGEX [what]: the exit code and a line of the output
  [ "$rc" = "$2" ] || fail "$1: exit code $rc, expected $2 ($(head -c 300 "$scratch/$1.out"))"
  grep -Eq -- "$3" "$scratch/$1.out" || fail "$1: no line matching /$3/ in: $(head -c 300 "$scratch/$1.out")"
}
never() {  # never NAME REGEX: the output must not hold it
  if grep -Eq -- "$2" "$scratch/$1.out"; then fail "$1: printed /$2/: $(grep -E -- "$2" "$scratch/$1.out" | head -c 300)"; fi
}
new_project() {  # new_project DIR: a git work tree with one clean Python file
  mkdir -p "$1/.git"
  printf 'x = 1\n' >"$1/clean.py"
}
seeds="$here/../fuzz_seeds/regressions/fuzz_config"

# 1. Configuration readers: a self-referencing alias (17 bytes) crashed, an alias bomb took
# 23 GB; a long TOML array took 1 GB. The readers' caps give an error naming the file.
p="$scratch/alias" && new_project "$p"
tail -c +2 "$seeds/yaml-self-referencing-alias" >"$p/.torchlint.yaml"
run self_alias "$bin" check "$p" --no-cache
expect self_alias 2 '\.torchlint\.yaml:1:[0-9]+: .*nest more than 100 levels deep'
p="$scratch/bomb" && new_project "$p"
tail -c +2 "$seeds/yaml-alias-bomb" >"$p/.torchlint.yaml"
run alias_bomb "$bin" check "$p" --no-cache
expect alias_bomb 2 '\.torchlint\.yaml:[0-9]+:[0-9]+: .*more than 200000 nodes'
p="$scratch/toml_array" && new_project "$p"
python3 -c "print('[tool.torchlint]\nselect = [' + '1,' * 300000 + ']')" >"$p/pyproject.toml"
run toml_array "$bin" check "$p" --no-cache
expect toml_array 2 'pyproject\.toml:2:[0-9]+: .*more than 200000 nodes'
python3 -c "print('[tool.torchlint]\nselect = [' + '1,' * 3000000 + ']')" >"$p/pyproject.toml"
run toml_huge "$bin" check "$p" --no-cache
expect toml_huge 2 'pyproject\.toml: 5\.7 MiB, over the 1 MiB limit'

# 2. `extend-rules` from a repository's configuration stays in the project; rule packs are
# regular files of bounded size; errors about a file that is not a rule pack show none of it.
mkdir -p "$scratch/outside"
printf 'api_token: hunter2-SECRET\n' >"$scratch/outside/creds.yaml"
mkfifo "$scratch/outside/fifo.yaml"
p="$scratch/packs" && new_project "$p"
for entry in ../outside/creds.yaml "$scratch/outside/creds.yaml" / /dev/zero "$scratch/outside/fifo.yaml"; do
  printf 'extend-rules: ["%s"]\n' "$entry" >"$p/.torchlint.yaml"
  run pack_outside "$bin" check "$p" --no-cache
  expect pack_outside 2 "\.torchlint\.yaml:1:[0-9]+: \`extend-rules\` entry .* is outside the project"
  never pack_outside 'api_token|internal error'
done
ln -s ../outside "$p/linked_rules"
printf 'extend-rules: ["linked_rules"]\n' >"$p/.torchlint.yaml"
run pack_symlink "$bin" check "$p" --no-cache
expect pack_symlink 2 'is outside the project'
mkdir -p "$p/rules" && ln -s ../../outside/creds.yaml "$p/rules/creds.yaml"
printf 'extend-rules: ["rules"]\n' >"$p/.torchlint.yaml"
run pack_symlink_in_folder "$bin" check "$p" --no-cache
expect pack_symlink_in_folder 2 'a symbolic link out of the rule-pack folder'
never pack_symlink_in_folder 'api_token'
rm "$p/rules/creds.yaml" && mkfifo "$p/rules.yaml"
printf 'extend-rules: ["rules.yaml"]\n' >"$p/.torchlint.yaml"
run pack_fifo "$bin" check "$p" --no-cache
expect pack_fifo 2 'rules\.yaml: a FIFO, not a regular file'
rm "$p/rules.yaml" "$p/.torchlint.yaml"
# A path on the command line is the user's own: read, but a file that is no rule pack is not shown.
run cli_pack "$bin" check "$p" --no-cache --rules "$scratch/outside/creds.yaml"
expect cli_pack 2 'creds\.yaml:1:1: not a rule pack'
never cli_pack 'api_token'
run cli_pack_device "$bin" check "$p" --no-cache --rules /dev/zero
expect cli_pack_device 2 '/dev/zero: a device, not a regular file'

# 3. A committed compile_commands.json naming other files: the C/C++ front end's notes quote
# none of them (an -include'd file's first token, a sanitizer list's line, a config file's word).
p="$scratch/cxx" && new_project "$p"
printf 'int main() { return 0; }\n' >"$p/m.cpp"
printf 'ghp_SECRETTOKEN123\n' >"$scratch/outside/key.txt"
run cxx_probe "$bin" check "$p/m.cpp" --no-cache
if grep -q "built without Clang\|cannot start" "$scratch/cxx_probe.out"; then
  echo "SKIP: the C/C++ checks (no torchlint-cxx beside $bin)"
else
  for flags in "-include $scratch/outside/key.txt" "-include ../outside/key.txt" "-fsanitize=address -fsanitize-ignorelist=$scratch/outside/key.txt" \
               "--config=$scratch/outside/key.txt" "-fmodule-map-file=$scratch/outside/key.txt" "-x c++ $scratch/outside/key.txt"; do
    printf '[{"directory": "%s", "command": "clang++ %s -c m.cpp", "file": "m.cpp"}]\n' "$p" "$flags" >"$p/compile_commands.json"
    run cxx_leak "$bin" check "$p" --no-cache
    never cxx_leak 'ghp_SECRETTOKEN123'
    [ "$rc" = 0 ] || fail "cxx_leak ($flags): exit code $rc"
  done
  printf '#include "%s"\nint main() { return 0; }\n' "$scratch/outside/key.txt" >"$p/m.cpp"
  printf '[]\n' >"$p/compile_commands.json"
  run cxx_include "$bin" check "$p" --no-cache
  expect cxx_include 0 'did not compile cleanly.*key\.txt:1:1: an error in an included file'
  never cxx_include 'ghp_SECRETTOKEN123'
fi

# 4. Files that cannot be read: named, an error (exit 2); met in a walk, a note. A FIFO, socket
# or device is never opened.
p="$scratch/special" && new_project "$p"
mkfifo "$p/fifo.py"
python3 -c "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$p/sock.py"
for named in "$p/fifo.py" "$p/sock.py" /dev/null; do
  run named_special "$bin" check "$named" --no-cache
  expect named_special 2 ": a (FIFO|socket|device), not a regular file"
done
run parse_fifo "$bin" parse "$p/fifo.py"
expect parse_fifo 2 'fifo\.py: a FIFO, not a regular file'
run walk_special "$bin" check "$p" --no-cache
expect walk_special 0 'fifo\.py: a FIFO, not a regular file; skipped'
mkdir -p "$p/locked" && printf 'x = 1\n' >"$p/locked/a.py" && printf 'x = 1\n' >"$p/secret.py"
chmod 000 "$p/locked" "$p/secret.py"
as_user=()
[ "$(id -u)" = 0 ] && as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
if [ ${#as_user[@]} -gt 0 ] && ! command -v setpriv >/dev/null; then
  echo "SKIP: unreadable files (running as root without setpriv)"
else
  run named_unreadable "${as_user[@]}" "$bin" check "$p/secret.py" --no-cache
  expect named_unreadable 2 'secret\.py: cannot read the file \(Permission denied\)'
  run walk_unreadable "${as_user[@]}" "$bin" check "$p" --no-cache
  expect walk_unreadable 0 'locked: cannot read the folder \(Permission denied\); skipped'
fi
chmod 755 "$p/locked" && chmod 644 "$p/secret.py"

# 5. Files over `max-file-size` (default 10 MiB) are skipped with a note naming file and cap.
p="$scratch/sizes" && new_project "$p"
python3 -c "import sys; sys.stdout.write('x = 1\n' * 2000000)" >"$p/big.py"
run big_default "$bin" check "$p" --no-cache
expect big_default 0 'big\.py: 11\.4 MiB, over the 10 MiB max-file-size; skipped'
rm "$p/big.py"
python3 -c "import sys; sys.stdout.write('x = 1\n' * 200000)" >"$p/mid.py"
printf 'max-file-size: 1\n' >"$p/.torchlint.yaml"
run mid_config "$bin" check "$p" --no-cache
expect mid_config 0 'mid\.py: 1\.1 MiB, over the 1 MiB max-file-size; skipped'
run mid_flag_wins "$bin" check "$p" --no-cache --max-file-size 2
expect mid_flag_wins 0 'No findings in 2 files'
never mid_flag_wins 'max-file-size'
printf 'max-file-size: 0\n' >"$p/.torchlint.yaml"
run size_invalid "$bin" check "$p" --no-cache
expect size_invalid 2 '\.torchlint\.yaml:1:16: `max-file-size` must be a whole number of MiB'

# 6. Lone CR line ends (old Mac OS): Python reads them as line ends; so does torchlint, at the
# lines CPython gives, and --fix keeps them.
p="$scratch/cr" && new_project "$p"
printf 'import torch\r\rdef freeze(model):\r    for p in model.parameters():\r        p.require_grad = False\r\rdef g(:\r    pass\r' >"$p/mac.py"
want=$(python3 -c "
import sys
try: compile(open(sys.argv[1], 'rb').read(), 'mac.py', 'exec')
except SyntaxError as e: print(f'{e.lineno}:{e.offset}')" "$p/mac.py")
run lone_cr "$bin" check "$p/mac.py" --no-cache --no-source
expect lone_cr 1 "mac\.py:$want: TL999"
expect lone_cr 1 'mac\.py:5:[0-9]+: TL313'
sed -i 's/def g(:/def g():/' "$p/mac.py"
run lone_cr_fix "$bin" check "$p/mac.py" --no-cache --fix
expect lone_cr_fix 0 'Applied 1 fix'
grep -q 'requires_grad' "$p/mac.py" || fail "lone_cr_fix: the fix was not applied"
[ "$(tr -cd '\n' <"$p/mac.py" | wc -c)" = 0 ] || fail "lone_cr_fix: the fix rewrote the file's line ends"
finish "untrusted inputs"
