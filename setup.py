"""The optional compiled hot path of the Ataxx search (issue 43); everything else is in pyproject.toml.

The extension is ``optional``: without a C compiler (or Python's headers) the build skips it
with a warning and Tafel installs as before, its Ataxx search in pure Python with the same nodes
and moves, only slower (``tafel.games.ataxx.compiled`` picks whichever is there).
"""

import sys

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tafel.games.ataxx._fastsearch",
            sources=["plugins/ataxx/_fastsearch.c"],
            extra_compile_args=[] if sys.platform == "win32" else ["-O2"],
            optional=True,
        )
    ]
)
