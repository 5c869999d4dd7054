"""Entry point of the PyInstaller build: the same ``designer`` command as the wheel's script."""

import sys

from designer.cli import main

if __name__ == "__main__":
    sys.exit(main())
