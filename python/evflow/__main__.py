"""``python -m evflow``: the command line."""

from evflow.cli import main

raise SystemExit(main())
