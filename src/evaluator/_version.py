"""The package's version: the one place it is written (the build reads it, see
pyproject.toml's [tool.setuptools.dynamic]; `evaluator.__version__`,
`games.__version__` and `pokerhands --version` all report it)."""

__version__ = "0.2.0"
