"""Naval mines on the lines between sea zones: seed 000, clause catalogue NL."""
