"""The rules-independent core: value types, dice, odds, actions, events, history, views.

No Qt and no file I/O here, so every rule can be tested and replayed headless.
"""
