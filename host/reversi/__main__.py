import sys

from host.reversi.cli import main

sys.exit(main())
