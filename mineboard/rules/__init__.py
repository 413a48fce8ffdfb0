"""The rule systems. Importing this package registers every ruleset by its id."""

from mineboard.core.ruleset import register
from mineboard.rules.naval_lines.ruleset import RULESET as NAVAL_LINES

register(NAVAL_LINES)

__all__ = ["NAVAL_LINES"]
