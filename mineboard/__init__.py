"""mineboard: lay, sweep and run through minefields under the mine rules of wargames."""

__version__ = "0.1.0"
