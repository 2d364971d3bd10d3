"""TLS for the host, and pinning for the joiner.

A host without a certificate of its own makes a self-signed one on first use (an EC P-256 key, with the
`cryptography` package) and keeps it in the folder it is given (the app's data folder), so its fingerprint,
which travels in every invitation, stays the same from one game to the next. A joiner does not ask any
authority: it checks that the certificate the host shows has the fingerprint of its invitation (pinning).
Plain WebSocket (`--insecure`) is for tests on one machine: only loopback addresses may use it.
"""
from __future__ import annotations

import datetime
import hashlib
import hmac
import ipaddress
import ssl
from pathlib import Path
from typing import Final

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from cardsets import files
from rules.kernel import RulesError

CERT_NAME: Final = "host-cert.pem"
KEY_NAME: Final = "host-key.pem"
MAX_PEM: Final = 64 * 1024
YEARS: Final = 10


class NotSecure(RulesError):
    """Plain WebSocket asked for an address that is not loopback, or a certificate that is not the one pinned."""


def host_certificate(folder: Path) -> tuple[Path, Path]:
    """The host's certificate and key files in `folder`, made on first use; returns their paths."""
    cert_path, key_path = folder / CERT_NAME, folder / KEY_NAME
    if cert_path.is_file() and key_path.is_file():
        return cert_path, key_path
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Convivium host")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=365 * YEARS))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    folder.mkdir(parents=True, exist_ok=True)
    files.write_bytes(key_path, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                  serialization.NoEncryption()), private=True)
    files.write_bytes(cert_path, cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def host_identity(folder: Path) -> tuple[ssl.SSLContext, str]:
    """The host's TLS context and its certificate's fingerprint, the certificate made on first use (`host_certificate`).
    A certificate or key in `folder` that cannot be used (a damaged file, one edited by hand, a key of another
    certificate) is NotSecure("net.bad_certificate"): the ssl module says it in its library's codes ("PEM lib"), a
    host needs the files named and what to do."""
    cert, key = host_certificate(folder)
    try:
        return server_context(cert, key), file_fingerprint(cert)
    except (ssl.SSLError, ValueError) as exc:  # ValueError: cryptography could not read the PEM
        raise NotSecure("net.bad_certificate", folder=str(folder)[:300], cert_file=CERT_NAME, key_file=KEY_NAME) from exc


def fingerprint_of(der: bytes) -> str:
    """The SHA-256 of a certificate in DER form, as lowercase hex: what an invitation carries."""
    return hashlib.sha256(der).hexdigest()


def file_fingerprint(cert_path: Path) -> str:
    """The fingerprint of the PEM certificate at `cert_path`."""
    cert = x509.load_pem_x509_certificate(files.read_bytes(cert_path, MAX_PEM))
    return fingerprint_of(cert.public_bytes(serialization.Encoding.DER))


def server_context(cert_path: Path, key_path: Path) -> ssl.SSLContext:
    """The host's TLS (1.2 at least) with its certificate."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert_path, key_path)
    return context


def client_context() -> ssl.SSLContext:
    """A joiner's TLS: no authority is asked (the host's certificate is self-signed); `check_pin` is what
    trusts it, right after the handshake and before a word is sent."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def check_pin(der: bytes | None, pinned: str) -> None:
    """NotSecure("net.wrong_certificate") unless the certificate shown starts with the pinned fingerprint (the
    invitation's code carries its first 128 bits, the link all 256)."""
    if der is None or len(pinned) < 32 or not hmac.compare_digest(fingerprint_of(der)[:len(pinned)], pinned):
        raise NotSecure("net.wrong_certificate")


def is_loopback(host: str) -> bool:
    """Whether `host` names this machine only: localhost, 127.0.0.0/8 or ::1."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_plain(host: str) -> None:
    """NotSecure("net.insecure_not_loopback") unless plain WebSocket may be used with `host` (loopback only)."""
    if not is_loopback(host):
        raise NotSecure("net.insecure_not_loopback", host=host[:100])
