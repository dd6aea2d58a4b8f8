#!/usr/bin/env python3
"""Scales a TMNN network's output (output weights and bias) by a factor and
rewrites its checksum: scripts/nnue_scale.py IN OUT FACTOR (docs/nnue.md)."""
import struct, sys
src, dst, factor = sys.argv[1], sys.argv[2], float(sys.argv[3])
b = bytearray(open(src, 'rb').read())
magic = 4
version, features, inputs, hidden = struct.unpack_from('<4I', b, magic)
at = magic + 16
n_fw, n_fb, n_ow = inputs * hidden, hidden, 2 * hidden
ow_at = at + 2 * (n_fw + n_fb)
for i in range(n_ow):
    v = struct.unpack_from('<h', b, ow_at + 2 * i)[0]
    struct.pack_into('<h', b, ow_at + 2 * i, max(-32768, min(32767, round(v * factor))))
ob_at = ow_at + 2 * n_ow
v = struct.unpack_from('<i', b, ob_at)[0]
struct.pack_into('<i', b, ob_at, round(v * factor))
body = b[:ob_at + 4]
h = 0xcbf29ce484222325
for x in body:
    h = ((h ^ x) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
open(dst, 'wb').write(bytes(body) + struct.pack('<Q', h))
