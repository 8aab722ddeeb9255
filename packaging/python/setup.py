"""The wheel holds native programs and no Python extension: it runs under any Python 3, on the
platform the programs were built for, which scripts/build_wheel.sh names in
TORCHLINT_WHEEL_PLATFORM (e.g. manylinux_2_36_x86_64)."""
import os

from setuptools import Distribution, setup
from wheel.bdist_wheel import bdist_wheel


class NativeDistribution(Distribution):
    """Platform-specific, so the package lands in the wheel's root (platlib)."""

    def has_ext_modules(self):
        return True


class NativeProgramsWheel(bdist_wheel):
    def get_tag(self):
        platform = os.environ.get("TORCHLINT_WHEEL_PLATFORM")
        if not platform:
            raise SystemExit("TORCHLINT_WHEEL_PLATFORM is not set: build the wheel with scripts/build_wheel.sh")
        return "py3", "none", platform


setup(distclass=NativeDistribution, cmdclass={"bdist_wheel": NativeProgramsWheel})
