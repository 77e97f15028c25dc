"""The wheel holds libbubble, a native library loaded with ctypes: a platform wheel for any Python 3
(py3-none-PLATFORM), not a pure one and not one per CPython version."""
from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.dist import Distribution


class NativeDistribution(Distribution):
    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    def get_tag(self):
        return ("py3", "none", super().get_tag()[2])


setup(distclass=NativeDistribution, cmdclass={"bdist_wheel": PlatformWheel})
