"""The rule systems, each named here by where it lives and loaded on first use (see
:func:`mineboard.core.ruleset.provide`): importing this package is cheap."""

from mineboard.core.registry import provide

provide("naval-lines", "mineboard.rules.naval_lines.ruleset:RULESET",
        odds="mineboard.rules.naval_lines.odds:LineQuery")
provide("gwas-tactical", "mineboard.rules.gwas_tactical.ruleset:RULESET",
        odds="mineboard.rules.gwas_tactical.odds:HexQuery")
provide("imperium-mines", "mineboard.rules.imperium_mines.ruleset:RULESET",
        odds="mineboard.rules.imperium_mines.odds:SystemQuery")
