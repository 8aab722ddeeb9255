"""The pre-commit hook's package: nothing but a pinned dependency on the torchlint wheel, whose
`torchlint` command the hook runs. A plain setup.py (no pyproject.toml) installs without
fetching build tools, so the hook also installs from a local wheel with no package index."""
from setuptools import setup

setup(
    name="torchlint-pre-commit",
    version="@VERSION@",
    description="pre-commit hook for torchlint",
    py_modules=[],
    install_requires=["torchlint==@VERSION@"],
)
