#!/usr/bin/env bash
# Makes a release in two steps (docs/release.md):
#   scripts/release.sh prepare NEW_VERSION   sets VERSION and the version the docs pin, commits,
#       tags v<VERSION>, builds the wheel (dist/), the image (where Docker runs) and the
#       pre-commit hook repository (a clone of it in --mirror DIR, default dist/torchlint-pre-commit)
#   scripts/release.sh publish NEW_VERSION   pushes the commit and tag (which publishes the action),
#       the hook repository and its tag, the wheel (twine) and the image ($TORCHLINT_IMAGE)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
die() { echo "error: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: $0 prepare|publish NEW_VERSION [--mirror DIR]"
step=$1 new=$2; shift 2
mirror="$root/dist/torchlint-pre-commit"
[ "${1:-}" = --mirror ] && mirror=$2
[[ "$new" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "the version must be MAJOR.MINOR.PATCH, not '$new'"
image="${TORCHLINT_IMAGE:-torchlint/torchlint}:$new"

if [ "$step" = publish ]; then
  [ "$(cat VERSION)" = "$new" ] && git rev-parse -q --verify "refs/tags/v$new" >/dev/null || die "run: $0 prepare $new"
  git push origin HEAD "v$new"
  git -C "$mirror" push origin HEAD "v$new"
  python3 -m twine upload dist/torchlint-"$new"-*.whl
  if docker image inspect "$image" >/dev/null 2>&1; then docker push "$image"; fi
  exit 0
fi
[ "$step" = prepare ] || die "the step is prepare or publish, not '$step'"
old=$(cat VERSION)
[ -z "$(git status --porcelain --untracked-files=no)" ] || die "the work tree has uncommitted changes"
git rev-parse -q --verify "refs/tags/v$new" >/dev/null && die "tag v$new exists already"

# 1. The version: VERSION, and every place the docs pin the released one.
if [ "$new" != "$old" ]; then
  echo "$new" >VERSION
  old_re=${old//./\\.}
  sed -i "s/v$old_re\b/v$new/g; s/torchlint-$old_re-/torchlint-$new-/g" README.md docs/integrations.md docs/release.md
  git add VERSION README.md docs/integrations.md docs/release.md
  git commit -qm "torchlint $new"
fi
# 2. The tag: what pre-commit's `rev` and the action's `uses: ...@v$new` name.
git tag -a "v$new" -m "torchlint $new"
# 3. The wheel, from a clean build of the tagged commit.
wheel=$(scripts/build_wheel.sh)
# 4. The image, where Docker runs.
if docker info >/dev/null 2>&1; then
  docker build -q -t "$image" . >/dev/null
else
  echo "note: Docker is not running here: no image built"
  image=""
fi
# 5. The pre-commit hook repository, tagged v$new too.
scripts/pre_commit_mirror.sh "$mirror"

echo "prepared $new: tag v$new, $wheel${image:+, image $image}, hook repository $mirror"
echo "check them, then: $0 publish $new${mirror:+ --mirror $mirror}"
