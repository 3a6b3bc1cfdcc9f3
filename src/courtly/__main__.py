"""``python -m courtly``: the same command line as the ``courtly`` script."""

from courtly.cli import main

main()
