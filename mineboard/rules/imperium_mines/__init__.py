"""Mine warfare between star systems: seed 004, clause catalogue IM."""
