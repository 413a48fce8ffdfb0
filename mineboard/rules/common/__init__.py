"""What every ruleset shares: place references, the phase sequencer, ownership helpers."""
