"""A small writer and reader of IREE parameter archives (.irpa), written
from the format's definition (IREE's runtime/src/iree/schemas/
parameter_archive.h: a packed little-endian header, an entry table, a
metadata segment of names and a storage segment of data). Used by the tests
to make archives (good ones, and ones broken on purpose) and, as an
independent reader, to check what the importer wrote."""

import struct

MAGIC = b"IRPA"
HEADER_SIZE = 88  # prefix (32) + entry_count (8) + three ranges (48)
ENTRY_HEADER = 60  # size 8, type 4, flags 8, name 16, metadata 16, align 8
SKIP, SPLAT, DATA, EXTERNAL = 0, 1, 2, 3


def _align(n, a):
    return (n + a - 1) // a * a


def build(entries, data_alignment=64, version=(0, 0)):
    """entries: list of (name, value) where value is bytes (a data entry),
    ("splat", pattern_bytes, length) or ("skip",). Returns the file bytes."""
    table = b""
    metadata = b""
    storage = b""
    for name, value in entries:
        nb = name.encode()
        name_ref = (len(metadata), len(nb))
        metadata += nb
        if isinstance(value, (bytes, bytearray)):
            off = _align(len(storage), data_alignment)
            storage += b"\0" * (off - len(storage)) + bytes(value)
            body = struct.pack("<QQ", off, len(value))
            kind = DATA
        elif value[0] == "splat":
            pattern, length = value[1], value[2]
            body = struct.pack("<Q", length) + pattern.ljust(16, b"\0") + \
                struct.pack("<B", len(pattern))
            kind = SPLAT
        else:
            body = struct.pack("<QQ", 0, 0)
            kind = SKIP
        size = ENTRY_HEADER + len(body)
        entry = struct.pack("<QIQQQQQQ", size, kind, 0, name_ref[0],
                            name_ref[1], 0, 0,
                            data_alignment if kind == DATA else 0) + body
        table += entry + b"\0" * (_align(len(entry), 16) - len(entry))
    entry_off = _align(HEADER_SIZE, 16)
    meta_off = entry_off + len(table)
    storage_off = _align(meta_off + len(metadata), data_alignment)
    header = MAGIC + struct.pack("<HHQQQQ", version[0], version[1],
                                 HEADER_SIZE, 0, 0, len(entries))
    header += struct.pack("<QQQQQQ", entry_off, len(table), meta_off,
                          len(metadata), storage_off, len(storage))
    out = header + b"\0" * (entry_off - len(header)) + table + metadata
    out += b"\0" * (storage_off - len(out)) + storage
    return out + b"\0" * (_align(len(out), 4096) - len(out))


def read(data):
    """{name: bytes} of the data and splat entries (one archive, no links)."""
    assert data[:4] == MAGIC, "not an IRPA file"
    (major, minor, header_size, next_off, flags, count, eo, el, mo, ml, so,
     sl) = struct.unpack_from("<HHQQQQQQQQQQ", data, 4)
    out = {}
    pos = eo
    for _ in range(count):
        size, kind, eflags, no, nl, _mo, _ml, _al = struct.unpack_from(
            "<QIQQQQQQ", data, pos)
        name = data[mo + no:mo + no + nl].decode()
        if kind == DATA:
            off, length = struct.unpack_from("<QQ", data, pos + ENTRY_HEADER)
            out[name] = data[so + off:so + off + length]
        elif kind == SPLAT:
            length, = struct.unpack_from("<Q", data, pos + ENTRY_HEADER)
            pattern = data[pos + ENTRY_HEADER + 8:pos + ENTRY_HEADER + 24]
            plen = data[pos + ENTRY_HEADER + 24]
            out[name] = (pattern[:plen] * (length // plen))
        pos += _align(size, 16)
    return out
