"""The wire format (docs/protocol.md): every message reads back as itself, and `decode` answers anything else,
however malformed, with a BadMessage naming a text key, never another exception."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from network.protocol import (KINDS, MAX_JOINER_BYTES, PROTOCOL_VERSION, BadMessage, Bye, Claim, Hello, Message, Play,
                              Refused, Said, Say, Seats, Undo, Update, Welcome, decode, encode)

TOKEN = "A" * 22
SAMPLES: list[Message] = [
    Hello("Tb3xQk9a", 1, TOKEN, "Ada"), Hello("Tb3xQk9a", None, TOKEN, "Fan"),
    Play('PlayCard card="tl_1865" target=1865'), Undo(), Claim(), Say("ciao a tutti"),
    Welcome("Tb3xQk9a", "banquet", "standard", 2, 4), Welcome("Tb3xQk9a", "banquet", "standard", None, 4),
    Seats([{"seat": 0, "kind": "remote", "name": "Ada", "here": True},
           {"seat": 1, "kind": "computer", "name": "", "here": False}]),
    Update(moves=3, view={"hands": [["?", "c1"]], "rng": None}, log=[{"key": "log.draw", "params": {"player": 1}}],
           events=[{"kind": "drawn", "params": {"card": "?"}}], to_act=[1],
           decider=1, legal=["Pass"], can_undo=False, over=False, countdown=2.5),
    Update(moves=90, view={}, log=[], events=[], to_act=[], decider=None, legal=[], can_undo=False, over=True,
           result={"winners": [0, 2], "scores": None, "reason": "won"}),
    Said(0, "<b>hi</b>"), Refused("illegal.not_in_hand", {"card": "c1", "seat": None}), Bye("net.replaced"),
]


@pytest.mark.parametrize("message", SAMPLES, ids=lambda m: type(m).__name__)
def test_every_message_reads_back_as_itself_from_canonical_bytes(message: Message) -> None:
    data = encode(message)
    assert decode(data, from_joiner=message.FROM_JOINER) == message
    assert data == json.dumps(json.loads(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def test_every_type_has_a_sample() -> None:
    assert {m.TYPE for m in SAMPLES} == set(KINDS)


def refusal(raw: bytes | str, from_joiner: bool = True) -> str:
    with pytest.raises(BadMessage) as caught:
        decode(raw, from_joiner=from_joiner)
    return caught.value.code


def test_each_kind_of_bad_message_is_named() -> None:
    good = json.loads(encode(Hello("Tb3xQk9a", 1, TOKEN, "Ada")))
    assert refusal(b"{not json") == "net.bad_json"
    assert refusal(b"\xff\xfe") == "net.bad_json"
    assert refusal(b"[1, 2]") == "net.bad_json"
    assert refusal(b" " * (MAX_JOINER_BYTES + 1)) == "net.too_large"
    assert refusal(json.dumps({**good, "v": PROTOCOL_VERSION + 1})) == "net.bad_version"
    assert refusal(json.dumps({**good, "v": True})) == "net.bad_version"
    assert refusal(json.dumps({**good, "type": "shout"})) == "net.unknown_type"
    assert refusal(encode(Bye("net.replaced"))) == "net.unknown_type"  # a host's message, from a joiner
    assert refusal(encode(Undo()), from_joiner=False) == "net.unknown_type"
    assert refusal(json.dumps({**good, "admin": True})) == "net.unexpected_field"
    assert refusal(json.dumps({k: v for k, v in good.items() if k != "token"})) == "net.missing_field"
    assert refusal(json.dumps({**good, "seat": 99})) == "net.bad_field"
    assert refusal(json.dumps({**good, "seat": True})) == "net.bad_field"
    assert refusal(json.dumps({**good, "token": "short"})) == "net.bad_field"
    assert refusal(json.dumps({**good, "name": "x" * 401})) == "net.bad_field"
    assert refusal("[" * 100 + "]" * 100) == "net.bad_json"  # too deep: refused before the parser recurses


@pytest.mark.parametrize("name", ["code", "self"])
def test_a_refusal_whose_parameter_a_rules_error_cannot_take_is_refused(name: str) -> None:
    """A joiner turns a host's refusal into RulesError(reason, **params): a parameter named `code` or `self` made that
    a TypeError (the joiner then said it had left, or its window printed a traceback) instead of a message."""
    raw = json.dumps({"type": "refused", "v": PROTOCOL_VERSION, "reason": "net.bad_seat", "params": {name: 1}})
    assert refusal(raw, from_joiner=False) == "net.bad_field"
    assert decode(raw.replace(f'"{name}"', '"seat"'), from_joiner=False) == Refused("net.bad_seat", {"seat": 1})


def test_a_view_nested_too_deep_or_too_long_is_refused() -> None:
    deep: object = "x"
    for _ in range(30):
        deep = [deep]
    update = json.loads(encode(next(m for m in SAMPLES if isinstance(m, Update))))
    assert refusal(json.dumps({**update, "view": {"a": deep}}), from_joiner=False) == "net.bad_field"
    assert refusal(json.dumps({**update, "legal": ["m"] * 3000}), from_joiner=False) == "net.bad_field"


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)
FIELD_NAMES = st.sampled_from(["type", "v", "table", "seat", "token", "name", "move", "text", "reason", "params", "log",
                               "view", "events", "legal", "moves", "to_act", "decider", "can_undo", "over", "seats",
                               "result", "countdown"])
SHAPED = st.dictionaries(FIELD_NAMES, JSON | st.sampled_from([1, *KINDS]), max_size=10)


def _total(raw: bytes | str, from_joiner: bool) -> None:
    try:
        message = decode(raw, from_joiner=from_joiner)
    except BadMessage as refused:
        assert refused.code.startswith("net.")
        return
    assert isinstance(message, Message) and message.FROM_JOINER == from_joiner
    assert decode(encode(message), from_joiner=from_joiner) == message


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.booleans())
def test_decode_of_any_bytes_is_a_message_or_a_bad_message(raw: bytes, from_joiner: bool) -> None:
    _total(raw, from_joiner)


@settings(max_examples=500, deadline=None)
@given(SHAPED, st.booleans())
def test_decode_of_any_json_object_is_a_message_or_a_bad_message(data: dict[str, object], from_joiner: bool) -> None:
    _total(json.dumps(data), from_joiner)
