"""Scenario and save files: reading them with clear errors, writing them atomically."""
