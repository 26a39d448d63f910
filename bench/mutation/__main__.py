"""python -m bench.mutation: see bench/mutation/__init__.py."""
import sys

from .cli import main

sys.exit(main())
