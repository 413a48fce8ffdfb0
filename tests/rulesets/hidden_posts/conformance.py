"""The conformance kit of hidden-posts: the secret is where Red's face-down posts lie."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

from mineboard.core.actions import Action
from mineboard.rules.common.conformance import Kit
from tests.rulesets.hidden_posts.ruleset import PlacePost, PostsState


def scramble(state: PostsState, side: str, rng: random.Random) -> PostsState:
    """Red's face-down posts elsewhere, where ``side`` may not look."""
    other = copy.deepcopy(state)
    for post in other.posts:
        if post.owner != side and not post.face_up:
            post.at = rng.choice(other.places)
    return other


def twins(view: PostsState, action: Action) -> list[Action]:
    """A post at another system of Red's."""
    if not isinstance(action, PlacePost):
        return []
    mine = {p.at for p in view.posts if p.owner == "Red"}
    others: list[Action] = [PlacePost(p) for p in view.places if p not in mine | {action.place}]
    return others[:3]


def pairs(start: Any) -> list[Any]:
    return []


KIT = Kit(str(Path(__file__).with_name("scenario.json")), scramble, twins, pairs)
