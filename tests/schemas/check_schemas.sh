#!/usr/bin/env bash
# The JSON Schemas under schemas/ are what `torchlint schema` generates from the loaders' key
# tables, and they accept what torchlint accepts: every shipped rule and test pack, the
# configurations of the tests and README; they reject a misspelt key and a wrong severity.
# UPDATE=1 rewrites the committed copies.
set -u
. "$(dirname "$0")/../skip_or_fail.sh"
bin=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$bin" schema config >"$scratch/config.json" && "$bin" schema rules >"$scratch/rules.json" || { echo "FAIL: torchlint schema"; exit 1; }
if [ "${UPDATE:-0}" = 1 ]; then
  cp "$scratch/config.json" "$root/schemas/torchlint-config.schema.json"
  cp "$scratch/rules.json" "$root/schemas/rule-pack.schema.json"
fi
diff -u "$root/schemas/torchlint-config.schema.json" "$scratch/config.json" >/dev/null &&
  diff -u "$root/schemas/rule-pack.schema.json" "$scratch/rules.json" >/dev/null ||
  { echo "FAIL: schemas/ is out of date: UPDATE=1 $0 BIN"; exit 1; }
python3 -c 'import jsonschema, yaml' 2>/dev/null || { echo "SKIP: python3-jsonschema or python3-yaml missing"; skip_or_fail; }
python3 - "$root" "$scratch" <<'PY'
import glob, json, os, sys, tomllib, yaml, jsonschema
root, scratch = sys.argv[1], sys.argv[2]
config = json.load(open(f"{scratch}/config.json"))
rules = json.load(open(f"{scratch}/rules.json"))
jsonschema.Draft7Validator.check_schema(config)
jsonschema.Draft7Validator.check_schema(rules)
failures = []

def expect(schema, doc, valid, what):
    errors = list(jsonschema.Draft7Validator(schema).iter_errors(doc))
    if bool(errors) == valid:
        failures.append(f"{what}: {'rejected: ' + errors[0].message if errors else 'accepted, want rejected'}")

packs = glob.glob(f"{root}/rules/**/rule.yaml", recursive=True) + [f"{root}/tests/cli/packs/custom.yaml", f"{root}/tests/cli/packs/breaking_fix.yaml"]
for p in packs:
    expect(rules, yaml.load(open(p), Loader=yaml.BaseLoader), True, os.path.relpath(p, root))  # YAML 1.2: `off` is a string
expect(rules, yaml.load(open(f"{root}/tests/cli/packs/typo.yaml"), Loader=yaml.BaseLoader), False, "tests/cli/packs/typo.yaml")
toml = tomllib.load(open(f"{root}/tests/cli/configured/pyproject.toml", "rb"))["tool"]["torchlint"]
expect(config, toml, True, "tests/cli/configured/pyproject.toml")
readme = open(f"{root}/README.md").read()
block = readme.split("```toml\n[tool.torchlint]", 1)[1].split("```", 1)[0]
expect(config, tomllib.loads("[tool.torchlint]" + block)["tool"]["torchlint"], True, "README's configuration")
expect(config, {"selct": ["TL1"]}, False, "a misspelt key")
expect(config, {"severity": {"TL304": "fatal"}}, False, "a wrong severity")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
PY
rc=$?
[ $rc -eq 0 ] && echo "schemas are current and accept what torchlint accepts"
exit $rc
