#!/usr/bin/env python3
"""Reads libcube's SVG pictures back (standard library only).
usage: svg_check.py batch FILE
         runs the checks of FILE, one a line: NAME EXPECTED then a check below, tab-separated; prints
         "FAIL NAME ..." for each that does not print EXPECTED, then "checks: P passed, F failed"
       svg_check.py stickers SVG FACELETS COLOURS [PREFIX]
         every sticker id PREFIX+FACE+INDEX has the colour of facelet FACE*N*N+INDEX; prints how many
       svg_check.py pixels SVG PNG ZOOM
         the PNG (rsvg-convert --zoom ZOOM of SVG) has each sticker's fill at the sticker's centre
COLOURS: six hex colours for U R F D L B, comma-separated (cube's scheme)."""
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = '{http://www.w3.org/2000/svg}'


def stickers(path):
    """(id, fill, centre) of every element with class sticker."""
    out = []
    for e in ET.parse(path).getroot().iter():
        if e.get('class') != 'sticker':
            continue
        if e.tag == SVG + 'rect':
            x, y = float(e.get('x')), float(e.get('y'))
            centre = (x + float(e.get('width')) / 2, y + float(e.get('height')) / 2)
        elif e.tag == SVG + 'polygon':
            points = [tuple(map(float, p.split(','))) for p in e.get('points').split()]
            centre = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
        else:
            raise Failed('sticker %s is a %s' % (e.get('id'), e.tag))
        out.append((e.get('id'), e.get('fill'), centre))
    return out


class Failed(Exception):
    pass


def check_stickers(path, facelets, colours, prefix=''):
    palette = dict(zip('URFDLB', colours.split(',')))
    per = len(facelets) // 6
    seen = 0
    for ident, fill, _ in stickers(path):
        if not ident.startswith(prefix):
            continue
        m = re.fullmatch(re.escape(prefix) + r'([URFDLB])(\d+)', ident)
        if not m:
            raise Failed('sticker id %r is not FACE+INDEX' % ident)
        index = 'URFDLB'.index(m.group(1)) * per + int(m.group(2))
        want = palette[facelets[index]].lower()
        if fill.lower() != want:
            raise Failed('sticker %s has %s, facelet %d is %s (%s)' % (ident, fill, index, facelets[index], want))
        seen += 1
    return str(seen)


def png_pixels(path):
    """(width, height, rows of RGBA bytes) of an 8-bit RGBA or RGB, non-interlaced PNG."""
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        sys.exit('%s is not a PNG' % path)
    at, idat = 8, b''
    while at < len(data):
        length, kind = struct.unpack('>I4s', data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b'IHDR':
            width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        at += 12 + length
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit('unexpected PNG format: depth %d colour type %d interlace %d' % (depth, colour, interlace))
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            corner = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xff
            elif kind == 2:
                line[i] = (line[i] + up) & 0xff
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xff
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + pred) & 0xff
        rows.append(line)
        previous = line
    return width, height, bpp, rows


def check_pixels(svg, png, zoom):
    width, height, bpp, rows = png_pixels(png)
    found = stickers(svg)
    for ident, fill, (x, y) in found:
        px, py = int(x * float(zoom)), int(y * float(zoom))
        pixel = tuple(rows[py][px * bpp:px * bpp + 3])
        want = tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))
        if any(abs(a - b) > 2 for a, b in zip(pixel, want)):
            raise Failed('sticker %s: pixel (%d,%d) is #%02x%02x%02x, its fill %s' % ((ident, px, py) + pixel + (fill,)))
    return str(len(found))


CHECKS = {'stickers': check_stickers, 'pixels': check_pixels}


def run(args):
    try:
        return CHECKS[args[0]](*args[1:])
    except Failed as e:
        return str(e)


def batch(path):
    passed = failed = 0
    for line in open(path):
        name, expected, *args = line.rstrip('\n').split('\t')
        got = run(args)
        if got == expected:
            passed += 1
        else:
            failed += 1
            print('FAIL %s\n  expected: %s\n  actual:   %s' % (name, expected, got))
    print('checks: %d passed, %d failed' % (passed, failed))
    return failed == 0


if __name__ == '__main__':
    if len(sys.argv) == 3 and sys.argv[1] == 'batch':
        sys.exit(0 if batch(sys.argv[2]) else 1)
    if len(sys.argv) >= 2 and sys.argv[1] in CHECKS:
        print(run(sys.argv[2:]))
    else:
        sys.exit(__doc__)
