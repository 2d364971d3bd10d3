"""The standalone build's entry point: the same `convivium` command pip installs."""
import sys

from desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
