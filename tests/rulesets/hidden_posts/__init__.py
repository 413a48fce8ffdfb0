"""hidden-posts: a ruleset for the tests whose one secret is *where* a counter lies."""
