"""Mine and dummy counters on a WWI tactical hex map: seed 001, clause catalogue GT."""
