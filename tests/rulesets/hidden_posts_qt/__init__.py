"""hidden-posts in the window: posts as counters at their systems (a ruleset of the tests)."""

from __future__ import annotations

from mineboard.qt.maps.picture import BACK, CounterMark, Face, Picture
from mineboard.qt.maps.points import PointScene
from mineboard.qt.plugin import RulesetUI
from tests.rulesets.hidden_posts.ruleset import NOWHERE, PostsState


class HiddenPostsUI(RulesetUI[PostsState]):
    ruleset_id = "hidden-posts"
    scene_class = PointScene

    def picture(self, view: PostsState) -> Picture:
        """Each post where its viewer knows it lies; the others only counted, in a tip."""
        p = Picture()
        for post in view.posts:
            if post.at != NOWHERE:
                p.counters.append(CounterMark(view.board.ref(post.at), post.owner,
                                              (Face("post", up=True) if post.face_up
                                               else BACK,)))
        unplaced = sum(post.at == NOWHERE for post in view.posts)
        if unplaced:
            p.tips[view.places[0]] = f"Red has {unplaced} posts where you may not know"
        return p
