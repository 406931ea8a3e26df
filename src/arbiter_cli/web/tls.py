"""``arbiter serve --tls-cert FILE --tls-key FILE``: the server's certificate and key, for HTTPS
(issue 26). A file that is missing, unreadable or not what it should be is one clear line naming
its option; the key is never asked a passphrase for on the terminal (a key with one is refused)."""

from __future__ import annotations

import os
import ssl
import stat
from pathlib import Path

from arbiter_cli.core.errors import BadArgument

__all__ = ["tls_context"]


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server's TLS context (TLS 1.2 at least, the ssl module's defaults otherwise) of a PEM
    certificate (its chain after it, if any) and its PEM private key."""
    for path, option in ((cert, "--tls-cert"), (key, "--tls-key")):
        try:
            # a pipe or a device is no file: opening a FIFO waits for a writer for ever, and each file
            # is read more than once below
            if not stat.S_ISREG(os.stat(path).st_mode):
                raise BadArgument(f"not a file: {path} (a PEM file is read more than once)", field=option)
            with open(path, "rb") as stream:
                stream.read(1)
        except FileNotFoundError:
            raise BadArgument(f"no such file: {path}", field=option) from None
        except OSError as error:
            raise BadArgument(f"cannot read {path}: {error.strerror or error}", field=option) from None
    probe = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    try:
        probe.load_verify_locations(cafile=str(cert))
    except (ssl.SSLError, ValueError, UnicodeError):
        raise BadArgument(f"not a certificate in PEM form: {cert}", field="--tls-cert") from None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(str(cert), str(key), password=_no_passphrase)
    except (ssl.SSLError, ValueError, UnicodeError) as error:
        # The certificate reads (above), so the key read too when OpenSSL says they differ: a key of the
        # certificate's type but another pair (KEY_VALUES_MISMATCH), or of another type altogether, an
        # RSA key for an EC certificate (NO_CERTIFICATE_ASSIGNED: no certificate for that key's type).
        if isinstance(error, ssl.SSLError) and error.reason in _MISMATCH:
            raise BadArgument(f"the key does not belong to the certificate: --tls-key {key} is not the key of "
                              f"--tls-cert {cert}", field="--tls-key") from None
        raise BadArgument(f"not a private key in PEM form without a passphrase: {key}", field="--tls-key") from None
    return context


#: OpenSSL's reasons for a key that reads but is not the certificate's.
_MISMATCH = frozenset({"KEY_VALUES_MISMATCH", "NO_CERTIFICATE_ASSIGNED"})


def _no_passphrase() -> bytes:
    """What a key with a passphrase is given: nothing (arbiter serve asks no passphrase)."""
    return b""
