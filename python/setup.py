# SPDX-License-Identifier: GPL-3.0-or-later
"""The vfplan package (pure Python, ctypes over libvfplan), with a copy of
the built library beside it when the install finds one: $VFPLAN_LIBRARY,
else ../build/src/libvfplan.so.0 (what `./.ci/setup.sh` builds). Without
one the package finds the library at import: pkg-config's libdir, then
the system's loader (docs/python.md)."""
import os
import re

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
SONAME = "libvfplan.so.0"


def version():
    """The project's version, from the top-level CMakeLists.txt."""
    try:
        with open(os.path.join(HERE, "..", "CMakeLists.txt")) as f:
            m = re.search(r"project\(vfplan VERSION ([0-9.]+)", f.read())
        return m.group(1) if m else "0.0.0"
    except OSError:
        return "0.0.0"


def built_library():
    env = os.environ.get("VFPLAN_LIBRARY")
    paths = [env] if env else [os.path.join(HERE, "..", "build", "src",
                                            SONAME)]
    for path in paths:
        if os.path.isfile(path):
            return os.path.realpath(path)
    return None


class BuildWithLibrary(build_py):
    """build_py, then the library copied in as vfplan/libvfplan.so.0."""

    def run(self):
        super().run()
        lib = built_library()
        if lib:
            self.copy_file(lib, os.path.join(self.build_lib, "vfplan",
                                             SONAME))


class MaybeBinary(Distribution):
    """A wheel with the library inside is this platform's, not any."""

    def has_ext_modules(self):
        return built_library() is not None


setup(
    name="vfplan",
    version=version(),
    description="GPU memory, time and cost of LLM training, serving and "
                "image generation (libvfplan through ctypes)",
    license="GPL-3.0-or-later",
    packages=["vfplan"],
    python_requires=">=3.9",
    cmdclass={"build_py": BuildWithLibrary},
    distclass=MaybeBinary,
    zip_safe=False,
)
