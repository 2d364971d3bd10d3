"""Invitations and the host's certificate: a link and a code read back as what they say, anything malformed is
refused, the joiner trusts only the pinned certificate, and plain WebSocket is for loopback only."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from network import tls
from network.invite import (CROCKFORD, BadInvite, Invite, ShortCode, code_token, new_table_id, new_token, parse_code,
                            parse_link, parse_short, token_matches)

FP = "0123456789abcdef" * 4


def test_a_link_and_a_code_read_back_as_the_invitation() -> None:
    invite = Invite("192.168.1.20", 45817, new_table_id(), 3, new_token(), FP)
    assert parse_link(invite.link()) == invite
    code = invite.code()
    assert code is not None and len(code.replace("-", "")) == 72
    assert parse_code(code) == Invite(invite.host, invite.port, invite.table, 3, invite.token, FP[:32])
    assert parse_code(code.lower().replace("-", " ")) == parse_code(code)


def test_a_spectators_link_and_code_name_no_seat() -> None:
    invite = Invite("10.0.0.7", 45817, new_table_id(), None, new_token(), FP)
    assert "seat=watch" in invite.link() and parse_link(invite.link()) == invite
    code = invite.code()
    assert code is not None and parse_code(code).seat is None


def test_a_link_without_fingerprint_is_plain_and_has_no_code() -> None:
    invite = Invite("localhost", 8765, new_table_id(), 0, new_token(), None)
    assert parse_link(invite.link()) == invite
    assert invite.url().startswith("ws://") and invite.code() is None


@pytest.mark.parametrize("link", [
    "", "http://h:1/table?seat=0&token=" + "a" * 22,
    "convivium://h/tabl?seat=0&token=" + "a" * 22,  # no port
    "convivium://h:99999/tabl?seat=0&token=" + "a" * 22,
    "convivium://h:1/ta?seat=0&token=" + "a" * 22,  # table id too short
    "convivium://h:1/tabl?seat=10&token=" + "a" * 22,
    "convivium://h:1/tabl?seat=0&token=short",
    "convivium://h:1/tabl?seat=0&seat=1&token=" + "a" * 22,
    "convivium://h:1/tabl?seat=0&token=" + "a" * 22 + "&fp=XYZ",
    "convivium://h:1/tabl?seat=0&token=" + "a" * 22 + "&admin=1",
    "convivium://u:p@h:1/tabl?seat=0&token=" + "a" * 22,
    "convivium://h<b>:1/tabl?seat=0&token=" + "a" * 22,
    "convivium://h:1/tabl?seat=0&token=" + "a" * 22 + "#x",
    "convivium://h:1/tabl?seat=0&token=" + "a" * 22 + "x" * 600,
    # parse_qs's own ValueErrors, which were not BadInvite (the Join dialog then said nothing): a fourth field, a field
    # repeated past three, a field without "=", an empty one
    "convivium://h:1/tabl?seat=0&token=" + "a" * 22 + "&fp=" + "a" * 64 + "&x=1",
    "convivium://h:1/tabl?seat=0&token=" + "a" * 22 + "&fp=" + "a" * 64 + "&seat=1",
    "convivium://h:1/tabl?seat&token=" + "a" * 22,
    "convivium://h:1/tabl?seat=0&&token=" + "a" * 22,
    "convivium://h:1/tabl?seat=0&token=" + "a" * 22 + "&",
])
def test_a_malformed_link_is_refused(link: str) -> None:
    with pytest.raises(BadInvite):
        parse_link(link)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
def test_any_text_is_an_invitation_or_refused(text: str) -> None:
    for parse in (parse_link, parse_code):
        try:
            parse(text)
        except BadInvite:
            pass


def test_a_short_code_is_24_characters_to_read_aloud_and_names_seat_secret_and_host() -> None:
    for seat in (0, 9, None):
        invite = Invite("192.168.1.20", 45817, new_table_id(), seat, new_token(), FP)
        code = invite.short_code()
        assert code is not None and len(code) == 29 and [len(g) for g in code.split("-")] == [4] * 6
        assert set(code.replace("-", "")) <= set(CROCKFORD)
        assert parse_short(code) == ShortCode(seat, code_token(invite.token), FP[:16])
        # read back as a person may type it: lower case, spaces, and the look-alikes I, L and O
        typed = code.lower().replace("-", " ").replace("1", "l").replace("0", "O")
        assert parse_short(typed) == parse_short(code)
        # on the network the table's address, port, id and whole fingerprint come from its announcement
        found = parse_short(code).at("10.0.0.5", 40000, invite.table, FP)
        assert found == Invite("10.0.0.5", 40000, invite.table, seat, code_token(invite.token), FP)
    assert Invite("localhost", 1, new_table_id(), 0, new_token(), None).short_code() is None  # no pin, no code


def test_the_host_takes_a_short_codes_token_for_the_seats_and_no_other() -> None:
    token, other = new_token(), new_token()
    assert token_matches(token, token) and token_matches(code_token(token), token)
    assert not token_matches(code_token(other), token) and not token_matches(other, token)
    assert not token_matches(token[:16], token)


def test_a_short_code_for_another_host_is_refused_before_anything_is_sent() -> None:
    code = parse_short(Invite("10.0.0.2", 1, new_table_id(), 1, new_token(), FP).short_code() or "")
    with pytest.raises(BadInvite) as refused:
        code.at("10.0.0.2", 45817, new_table_id(), "f" + FP[1:])
    assert refused.value.code == "net.code_other_table"


def test_the_check_catches_every_one_character_typo_and_every_swap() -> None:
    code = (Invite("10.0.0.2", 1, new_table_id(), 4, new_token(), FP).short_code() or "").replace("-", "")
    typos = [code[:i] + c + code[i + 1:] for i in range(len(code)) for c in CROCKFORD if c != code[i]]
    swaps = [code[:i] + code[i + 1] + code[i] + code[i + 2:] for i in range(len(code) - 1) if code[i] != code[i + 1]]
    assert len(typos) == 24 * 31
    for wrong in typos + swaps:
        with pytest.raises(BadInvite) as refused:
            parse_short(wrong)
        assert refused.value.code == "net.code_typo"


@pytest.mark.parametrize(("typed", "reason"), [
    ("ABCD-EFGH-JKMN-PQRS-TVWX-YZU1", ("net.code_letter", {"letter": "U"})),
    ("ABCD-EFGH-JKMN-PQRS-TVWX-YZ!1", ("net.code_letter", {"letter": "!"})),
    ("ABCD-EFGH-JKMN-PQRS-TVWX-YZ\x071", ("net.code_letter", {"letter": "?"})),
    ("ABCD-EFGH-JKMN-PQRS-TVWX-YZ", ("net.code_length", {"length": 24})),
])
def test_a_short_code_that_cannot_be_one_says_what_is_wrong(typed: str, reason: tuple[str, dict[str, object]]) -> None:
    with pytest.raises(BadInvite) as refused:
        parse_short(typed)
    assert (refused.value.code, refused.value.params) == reason


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=CROCKFORD + "ilo -U!é\x00", max_size=40))
def test_any_text_is_a_short_code_or_refused_with_a_reason(text: str) -> None:
    try:
        code = parse_short(text)
    except BadInvite as refused:
        assert refused.code in ("net.bad_invite", "net.code_letter", "net.code_length", "net.code_typo")
        return
    assert code.seat is None or 0 <= code.seat <= 9
    assert len(code.fingerprint) == 16 and code.token.startswith("code-") and len(code.token) == 17


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 9), st.binary(min_size=32, max_size=32), st.text(alphabet=CROCKFORD, min_size=1, max_size=1),
       st.integers(0, 23))
def test_one_letter_changed_in_any_code_is_caught(seat: int, digest: bytes, letter: str, at: int) -> None:
    code = (Invite("10.0.0.2", 1, new_table_id(), seat, new_token(), digest.hex()).short_code() or "").replace("-", "")
    changed = code[:at] + letter + code[at + 1:]
    if changed == code:
        assert parse_short(changed).seat == seat
        return
    with pytest.raises(BadInvite):
        parse_short(changed)


def test_the_certificate_is_made_once_and_pinned(tmp_path: Path) -> None:
    cert, key = tls.host_certificate(tmp_path)
    fingerprint = tls.file_fingerprint(cert)
    assert tls.host_certificate(tmp_path) == (cert, key) and tls.file_fingerprint(cert) == fingerprint
    assert key.stat().st_mode & 0o077 == 0  # the key is the owner's alone
    der = __import__("ssl").PEM_cert_to_DER_cert(cert.read_text())
    tls.check_pin(der, fingerprint)
    tls.check_pin(der, fingerprint[:32])  # a code carries the first 128 bits
    other, _ = tls.host_certificate(tmp_path / "other")
    for pinned in (tls.file_fingerprint(other), fingerprint[:20], ""):
        with pytest.raises(tls.NotSecure):
            tls.check_pin(der, pinned)
    with pytest.raises(tls.NotSecure):
        tls.check_pin(None, fingerprint)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.8.9.1", "::1", "[::1]", "localhost"])
def test_plain_websocket_on_loopback(host: str) -> None:
    tls.check_plain(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.2", "example.org", "localhost.example.org", "::"])
def test_plain_websocket_elsewhere_is_refused(host: str) -> None:
    with pytest.raises(tls.NotSecure):
        tls.check_plain(host)


@pytest.mark.parametrize("damage", ["garbage certificate", "cut short", "key of another host"])
def test_a_host_certificate_that_cannot_be_used_names_its_files(tmp_path: Path, damage: str) -> None:
    """A damaged certificate or key is refused as net.bad_certificate with the folder and the files to delete, not the
    ssl module's "[SSL] PEM lib" (issue #41: a host reads why it cannot open its table)."""
    cert, key = tls.host_certificate(tmp_path)
    context, fingerprint = tls.host_identity(tmp_path)
    assert fingerprint == tls.file_fingerprint(cert) and context.minimum_version >= __import__("ssl").TLSVersion.TLSv1_2
    if damage == "garbage certificate":
        cert.write_text("not a certificate\n")
    elif damage == "cut short":
        cert.write_text(cert.read_text()[:200])
    else:
        key.write_bytes(tls.host_certificate(tmp_path / "other")[1].read_bytes())
    with pytest.raises(tls.NotSecure) as refused:
        tls.host_identity(tmp_path)
    assert refused.value.code == "net.bad_certificate"
    assert refused.value.params == {"folder": str(tmp_path), "cert_file": tls.CERT_NAME, "key_file": tls.KEY_NAME}
    assert tls.host_certificate(tmp_path) == (cert, key)  # nothing is made over the player's files
