"""Rulesets written only for the tests, each provided with one registry line by the test
that plays it (``provide(id, rules=…, window=…)``): proof that the registry-driven parts of
the program take a ruleset that lives outside the package."""
