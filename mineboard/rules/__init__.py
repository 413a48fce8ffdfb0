"""The rule systems. Importing this package registers every ruleset by its id."""

from mineboard.core.ruleset import register
from mineboard.rules.gwas_tactical.ruleset import RULESET as GWAS_TACTICAL
from mineboard.rules.imperium_mines.ruleset import RULESET as IMPERIUM_MINES
from mineboard.rules.naval_lines.ruleset import RULESET as NAVAL_LINES

register(NAVAL_LINES)
register(GWAS_TACTICAL)
register(IMPERIUM_MINES)

__all__ = ["GWAS_TACTICAL", "IMPERIUM_MINES", "NAVAL_LINES"]
