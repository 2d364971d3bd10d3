"""Invitations and the host's certificate: a link and a code read back as what they say, anything malformed is
refused, the joiner trusts only the pinned certificate, and plain WebSocket is for loopback only."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from network import tls
from network.invite import BadInvite, Invite, new_table_id, new_token, parse_code, parse_link

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
