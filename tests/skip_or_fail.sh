# Sourced by the tests that need an external tool: the test command installs these tools, so in
# CI (CI=true) a missing tool is a failure, elsewhere a skip (exit 77).
skip_or_fail() {
  if [ "${CI:-}" = true ]; then
    echo "FAIL: a required tool is missing in CI"
    exit 1
  fi
  exit 77
}
