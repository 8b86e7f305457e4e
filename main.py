#!/usr/bin/env python3
"""Tafel: ``python main.py`` opens the arcade; ``python main.py --help`` lists the commands."""

import sys

from tafel.cli import main

if __name__ == "__main__":
    sys.exit(main())
