"""mineboard: lay, sweep and run through minefields under the mine rules of five wargames."""

__version__ = "0.1.0"
