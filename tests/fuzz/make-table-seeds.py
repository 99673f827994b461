#!/usr/bin/env python3
"""Writes the seed corpus of fuzz_table_header from the 4 KiB header of a real 3x3 table file: the header
alone (passes magic, checksum, version and layout; too short), the header with a few bytes after it, and
damaged or truncated copies. Only headers are written, never a table file.
usage: make-table-seeds.py TABLE_FILE OUT_DIR   (e.g. build/test-tables/twophase3x3-v2.tbl corpus/table_header)
"""
import os
import sys

HEADER_SIZE = 4096
MAGIC_AT = 0
SECTION_COUNT_AT = 24
FIRST_OFFSET_AT = 32


def main():
    table_file, out_dir = sys.argv[1], sys.argv[2]
    with open(table_file, "rb") as f:
        header = f.read(HEADER_SIZE)
    if len(header) != HEADER_SIZE or header[:8] != b"LCTABLE1":
        sys.exit(f"{table_file} does not start with a libcube table header")
    os.makedirs(out_dir, exist_ok=True)

    def damaged(at, value):
        copy = bytearray(header)
        copy[at] = value
        return bytes(copy)

    seeds = {
        "header-only": header,
        "header-and-64-bytes": header + bytes(64),
        "bad-magic": damaged(MAGIC_AT + 7, ord("2")),
        "bad-section-count": damaged(SECTION_COUNT_AT, header[SECTION_COUNT_AT] ^ 1),
        "bad-offset": damaged(FIRST_OFFSET_AT + 8, header[FIRST_OFFSET_AT + 8] ^ 0x40),
        "truncated-100": header[:100],
        "truncated-4095": header[:HEADER_SIZE - 1],
        "zeros-4096": bytes(HEADER_SIZE),
        "empty": b"",
    }
    for name, data in seeds.items():
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
