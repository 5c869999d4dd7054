"""``python -m designer.cli``: the same command as ``python -m designer``."""

from designer.cli import main

raise SystemExit(main())
