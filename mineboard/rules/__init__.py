"""The rule systems, one line each: the id names the two folders a ruleset lives in
(``mineboard/rules/<folder>/`` and ``mineboard/qt/<folder>/``) and everything in them is
loaded on first use (see :func:`mineboard.core.registry.provide`): importing this package is
cheap."""

from mineboard.core.registry import provide

provide("naval-lines", odds="LineQuery")
provide("gwas-tactical", odds="HexQuery")
provide("imperium-mines", odds="SystemQuery")
provide("asl-minefields", odds="AttackQuery")
provide("awaw-naval", odds="RaiderQuery")
