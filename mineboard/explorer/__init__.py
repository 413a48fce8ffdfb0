"""The rules explorer: every clause in the project's own words, where the engine enforces it,
and the demo boards that show it working — which are also its tests (docs/demos.md).

``clauses`` reads the clause catalogues (``assets/rules/<ruleset>/clauses.toml``) and is
light enough for ``mineboard explain``; ``demos`` loads and plays demo boards, and needs the
rules and maps.
"""
