"""The engine's SHA-256 (``engine.sha256``, loaded without OpenSSL) is hashlib's SHA-256: the
same digest for every input, so no lot, toss or drawn order changes with the module used."""

from __future__ import annotations

import hashlib
from importlib.util import find_spec

from hypothesis import given
from hypothesis import strategies as st

from fairpair.engine.sha256 import sha256

#: FIPS 180-4's own examples ("abc", the empty message, the two-block message).
KNOWN = {
    b"abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    b"": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq": (
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
}


def test_the_published_examples() -> None:
    for message, digest in KNOWN.items():
        assert sha256(message).hexdigest() == digest


@given(st.binary(max_size=300))
def test_the_same_digest_as_hashlib(data: bytes) -> None:
    assert sha256(data).digest() == hashlib.sha256(data).digest()


def test_the_interpreter_s_own_module_when_built() -> None:
    """The module this interpreter builds is used when there is one (hashlib's otherwise)."""
    built = find_spec("_sha256") or find_spec("_sha2")
    expected = built.name if built is not None else "_hashlib"
    assert sha256.__module__ == expected
