"""asl-minefields: ASL chapter B28 — secret A-P and A-T minefields on a tactical hex board."""
