#!/usr/bin/env python3
"""Score torchlint on the reductions in cases/: every `# expect: TLxxx` line must
carry that finding; any other finding from the checked classes is reported as extra, except
those marked `# also: TLxxx` (true findings beside the pinned bug, not scored).

Usage: check_cases.py [TORCHLINT]   (default: $TORCHLINT or build/torchlint)
"""
import collections, glob, json, os, re, shutil, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
tool = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("TORCHLINT", "build/torchlint")
# torchlint treats files under a tests/ folder as test code (no training loops), so the
# reductions are checked from a copy outside this tree.
tmp = tempfile.mkdtemp(prefix="tl-cases-")
shutil.copytree(os.path.join(here, "cases"), os.path.join(tmp, "cases"))
proc = subprocess.run([tool, "check", "cases", "--no-cache", "--format", "json"],
                      capture_output=True, text=True, cwd=tmp)
shutil.rmtree(tmp, ignore_errors=True)
data = json.loads(proc.stdout or "{}")
classes = {"TL101", "TL102", "TL201", "TL301", "TL303", "TL304", "TL305",
           "TL105", "TL106", "TL107", "TL202", "TL203", "TL207", "TL302", "TL306",
           "TL307", "TL308", "TL309", "TL310", "TL312", "TL313", "TL314", "TL315", "TL316",
           "TL401", "TL402", "TL404", "TL701"}
got = collections.defaultdict(set)
for f in data.get("findings", []):
    got[(os.path.basename(f["path"]), f["line"])].add(f["rule"])
expected = {}
also = collections.defaultdict(set)  # `# also: TLxxx`: a true finding beside the pinned bug, not scored
for p in sorted(glob.glob(os.path.join(here, "cases", "*.py"))):
    for i, line in enumerate(open(p), 1):
        m = re.search(r"# expect: (TL\d+)", line)
        if m:
            expected[(os.path.basename(p), i)] = m.group(1)
        m = re.search(r"# also: (TL\d+)", line)
        if m:
            also[(os.path.basename(p), i)].add(m.group(1))
total, found = collections.Counter(), collections.Counter()
for key, cls in sorted(expected.items()):
    total[cls] += 1
    if cls in got.get(key, ()):
        found[cls] += 1
        print(f"{key[0]:45s} {cls} found")
    else:
        print(f"{key[0]:45s} {cls} missed")
extra = [(k, sorted((v & classes) - {expected.get(k)} - also[k])) for k, v in sorted(got.items())]
extra = [(k, v) for k, v in extra if v]
for k, v in extra:
    print(f"EXTRA {k[0]}:{k[1]} {' '.join(v)}")
print("\nper class (found/total):")
for cls in sorted(total):
    print(f"  {cls}  {found[cls]}/{total[cls]}")
print(f"found {sum(found.values())} of {sum(total.values())}; extra findings: {len(extra)}")
