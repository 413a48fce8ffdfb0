"""The bundle's entry point: the same command line as the installed `mineboard` script."""

from mineboard.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
