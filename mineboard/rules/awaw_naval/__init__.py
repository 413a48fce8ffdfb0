"""awaw-naval: naval operations on a strategic hex map (A World at War, rule 21)."""
