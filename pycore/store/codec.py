"""Compressed anchor tables: bytes in, arrays out (no file access here).

A table file is ``MAGIC``, one line of JSON (the header) and a zlib stream.
The header names the game's rules, the number of stored values, the
fixed-point scale and the sha256 of the compressed payload; the payload holds
the anchor values of the game's reachable anchors (in ``game.layers()``
order, so the reader knows where each goes) followed by any extra float64
arrays named in the header (e.g. the final-score distribution).

Values are stored in fixed point (``round(v * 2**scale_bits)``), delta coded
along the anchor order (neighbours differ by one point of upper total) and
byte-planed before zlib: 2**-20 keeps every value to 5e-7, well inside the
4 printed decimals of the published optimum, and a rule set takes under 1 MB.
Scales up to 2**-30 are stored in 4-byte words, finer ones (to 2**-52, a
probability to its last bit) in 8-byte words.
"""

from __future__ import annotations

import hashlib
import json
import zlib

import numpy as np

from ..core.errors import TableError

MAGIC = b"ROLL-OR-HOLD-TABLE 1\n"
SCALE_BITS = 20


def _word_type(scale_bits: int) -> type:
    """The words fixed-point values are stored in: 4 bytes up to a scale of 2^-30 (values in
    [0, 2)), 8 beyond (to 2^-52: a probability to its last bit)."""
    return np.uint32 if scale_bits <= 30 else np.uint64


def _byte_planes(words: np.ndarray) -> bytes:
    return words.view(np.uint8).reshape(-1, words.itemsize).T.tobytes()


def _from_byte_planes(data: bytes, dtype: np.dtype, count: int) -> np.ndarray:
    itemsize = np.dtype(dtype).itemsize
    planes = np.frombuffer(data, dtype=np.uint8, count=count * itemsize).reshape(itemsize, count)
    return planes.T.copy().view(dtype).reshape(count)


def encode_table(
    rules: dict, values: np.ndarray, extra: dict[str, np.ndarray] | None = None, scale_bits: int = SCALE_BITS
) -> bytes:
    """Bytes of a table: ``values`` [n] (the anchors' values in the game's table order) and
    ``extra`` float64 arrays stored exactly."""
    fixed = np.round(np.asarray(values, dtype=np.float64) * 2**scale_bits).astype(np.int64)
    word = _word_type(scale_bits)
    if fixed.size and (fixed.min() < 0 or fixed.max() >= 2 ** (8 * np.dtype(word).itemsize - 1)):
        raise TableError("values out of the fixed-point range")
    delta = np.diff(fixed, prepend=0)
    zigzag = ((delta << 1) ^ (delta >> 63)).astype(word)  # small signed deltas -> small unsigned
    extra = {k: np.asarray(v, dtype=np.float64) for k, v in (extra or {}).items()}
    raw = _byte_planes(zigzag) + b"".join(v.tobytes() for v in extra.values())
    payload = zlib.compress(raw, 9)
    header = {
        "rules": rules,
        "values": int(fixed.size),
        "scale_bits": scale_bits,
        "extra": {k: int(v.size) for k, v in extra.items()},
        "payload_sha256": hashlib.sha256(payload).hexdigest(),
    }
    return MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + payload


#: the largest table read: 256 MB unpacked (the largest shipped is a few MB; a compressed
#: "bomb" stops here instead of filling the phone's memory)
MAX_TABLE_BYTES = 256 << 20


def _whole(value) -> int:
    """A header's count: a JSON whole number (1e999 or 2.5 or true is not one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def decode_table(data: bytes, rules: dict | None = None) -> tuple[dict, np.ndarray, dict[str, np.ndarray]]:
    """(header, values [n], extra arrays) of a table; ``rules`` (if given) must match. The
    payload is inflated only up to the size its header gives (at most MAX_TABLE_BYTES)."""
    data = bytes(data)
    if not data.startswith(MAGIC):
        raise TableError("not a Roll or Hold table (bad magic line)")
    line_end = data.find(b"\n", len(MAGIC))
    try:
        header = json.loads(data[len(MAGIC) : line_end])
        count, scale = _whole(header["values"]), _whole(header["scale_bits"])
        extra_sizes = {str(k): _whole(v) for k, v in header["extra"].items()}
        expected_sha = str(header["payload_sha256"])
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError, OverflowError) as exc:
        raise TableError(f"table header is unreadable ({type(exc).__name__}: {exc})") from None
    if not 0 <= scale <= 52:  # (a fixed-point scale a float's 53 bits can hold)
        raise TableError(f"table header's scale_bits must be 0 to 52, got {scale}")
    word = _word_type(scale)
    word_bytes = np.dtype(word).itemsize
    size = word_bytes * count + 8 * sum(extra_sizes.values())
    if count < 0 or min(extra_sizes.values(), default=0) < 0 or size > MAX_TABLE_BYTES:
        raise TableError(f"table header gives {size:,} bytes of values; a table holds 0 to {MAX_TABLE_BYTES:,}")
    if rules is not None and header.get("rules") != rules:
        raise TableError(f"table is for rules {header.get('rules')}, not {rules}")
    payload = data[line_end + 1 :]
    if hashlib.sha256(payload).hexdigest() != expected_sha:
        raise TableError("table payload is corrupted (sha256 mismatch)")
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(payload, size + 1)  # (one byte more shows a payload too long)
    except zlib.error as exc:
        raise TableError(f"table payload does not decompress ({exc})") from None
    if len(raw) != size or not inflater.eof:
        raise TableError("table payload has the wrong length")
    zigzag = _from_byte_planes(raw[: word_bytes * count], word, count).astype(np.uint64)
    fixed = np.cumsum((zigzag >> np.uint64(1)).astype(np.int64) ^ -(zigzag & np.uint64(1)).astype(np.int64))
    extra, offset = {}, word_bytes * count
    for name, size in extra_sizes.items():
        extra[name] = np.frombuffer(raw, dtype=np.float64, count=size, offset=offset).copy()
        offset += 8 * size
    return header, fixed / 2**scale, extra
