"""The rule systems, each named here by where it lives and loaded on first use (see
:func:`mineboard.core.ruleset.provide`): importing this package is cheap."""

from mineboard.core.ruleset import provide

provide("naval-lines", "mineboard.rules.naval_lines.ruleset:RULESET")
provide("gwas-tactical", "mineboard.rules.gwas_tactical.ruleset:RULESET")
provide("imperium-mines", "mineboard.rules.imperium_mines.ruleset:RULESET")
