#!/usr/bin/python3
"""Reference fixtures for Fairground's vector-file parsers (src/core/formats/npy.ts,
safetensors.ts, float16.ts; src/core/audit/imported/vectorFiles.ts).

NumPy writes the .npy files (np.save) and decodes float16 (numpy's own half
conversion). Safetensors files are written by hand from the format's spec
(https://github.com/huggingface/safetensors#format): an 8-byte little-endian
header length, the JSON header, the raw little-endian data. The expected
values go to expected.json, each float as Python's repr (exact round trip).

Run: /usr/bin/python3 scripts/reference/vectors.py  (writes test/fixtures/vectors/)
"""
import json
import os
import struct

import numpy as np

OUT = os.path.join(os.path.dirname(__file__), '..', '..', 'test', 'fixtures', 'vectors')
os.makedirs(OUT, exist_ok=True)

IDS = ['d1', 'd2', 'q1']
F32 = np.array([[0.1, -2.5, 3.0e-8, 1.0], [65504.0, -0.0, 1.17549435e-38, -1.0e30], [0.333333343, 7.0, -7.0, 0.0]], dtype='<f4')
# Float16 edge values: ±0, the smallest subnormal, the largest subnormal, the smallest normal,
# 1, 1 + ulp, the largest finite, a value that rounds, and ordinary ones.
F16 = np.array([[0.0, -0.0, 2.0 ** -24, 1023 * 2.0 ** -24], [2.0 ** -14, 1.0, 1.0 + 2.0 ** -10, 65504.0], [0.1, -2.5, 1.0 / 3.0, -65504.0]], dtype='<f2')


def path(name):
    return os.path.join(OUT, name)


def save_npy(name, array):
    with open(path(name), 'wb') as f:
        np.save(f, array, allow_pickle=False)


def save_safetensors(name, tensors, metadata=None, cut=0):
    header = {}
    data = b''
    for tname, array in tensors.items():
        raw = np.ascontiguousarray(array).tobytes()
        header[tname] = {'dtype': {'<f4': 'F32', '<f2': 'F16', '<f8': 'F64', '<i4': 'I32'}[array.dtype.str], 'shape': list(array.shape), 'data_offsets': [len(data), len(data) + len(raw)]}
        data += raw
    if metadata is not None:
        header['__metadata__'] = metadata
    text = json.dumps(header, separators=(',', ':')).encode('utf-8')
    text += b' ' * (-len(text) % 8)  # the spec allows trailing spaces; writers pad to 8
    blob = struct.pack('<Q', len(text)) + text + data
    with open(path(name), 'wb') as f:
        f.write(blob[: len(blob) - cut] if cut else blob)


def values(array):
    return [[float(x) for x in row] for row in array.astype(np.float32).astype(np.float64)]


def ids_file(name, ids):
    with open(path(name), 'w', encoding='utf-8') as f:
        f.write(''.join(f'{i}\n' for i in ids))


# Good files: float32 and float16, .npy with ids files, safetensors with ids in the metadata.
save_npy('f32.npy', F32)
ids_file('f32.ids.txt', IDS)
save_npy('f16.npy', F16)
with open(path('f16.ids.json'), 'w', encoding='utf-8') as f:
    json.dump(IDS, f)
save_safetensors('f32.safetensors', {'embeddings': F32}, {'ids': json.dumps(IDS)})
save_safetensors('f16.safetensors', {'embeddings': F16}, {'ids': json.dumps(IDS), 'model': 'reference'})

# Bad files: each with the words its error must contain.
bad = {}
save_npy('bad-f64.npy', F32.astype('<f8'))
bad['bad-f64.npy'] = 'dtype <f8 (float64) is not supported'
save_npy('bad-int.npy', np.arange(6, dtype='<i8').reshape(2, 3))
bad['bad-int.npy'] = 'dtype <i8 (int64) is not supported'
save_npy('bad-1d.npy', F32[0])
bad['bad-1d.npy'] = 'shape (4,) is 1-D'
save_npy('bad-3d.npy', F32.reshape(3, 2, 2))
bad['bad-3d.npy'] = 'shape (3, 2, 2) is 3-D'
save_npy('bad-fortran.npy', np.asfortranarray(F32))
bad['bad-fortran.npy'] = 'Fortran order'
save_npy('bad-bigendian.npy', F32.astype('>f4'))
bad['bad-bigendian.npy'] = 'big-endian'
with open(path('f32.npy'), 'rb') as f:
    whole = f.read()
with open(path('bad-truncated.npy'), 'wb') as f:
    f.write(whole[:-5])
bad['bad-truncated.npy'] = 'truncated .npy file: shape (3, 4) needs 48 bytes of data, the file has 43'
save_safetensors('bad-f64.safetensors', {'embeddings': F32.astype('<f8')}, {'ids': json.dumps(IDS)})
bad['bad-f64.safetensors'] = 'dtype "F64": vectors must be F32 or F16'
save_safetensors('bad-3d.safetensors', {'embeddings': F32.reshape(3, 2, 2)}, {'ids': json.dumps(IDS)})
bad['bad-3d.safetensors'] = 'has shape [3, 2, 2], 3-D'
save_safetensors('bad-truncated.safetensors', {'embeddings': F32}, {'ids': json.dumps(IDS)}, cut=6)
bad['bad-truncated.safetensors'] = 'truncated safetensors file: tensor "embeddings" ends at byte 48 of the data, the file has 42'
save_safetensors('bad-two.safetensors', {'a': F32, 'b': F32}, {'ids': json.dumps(IDS)})
bad['bad-two.safetensors'] = 'it holds 2 (a, b)'

# Non-finite values, named by id when the files are read as a set (readVectorFiles).
nan = F32.copy()
nan[1, 1] = np.nan
save_npy('nonfinite-nan.npy', nan)
ids_file('nonfinite-nan.ids.txt', IDS)
inf = F16.copy()
inf[2, 0] = -np.inf
save_safetensors('nonfinite-inf.safetensors', {'embeddings': inf}, {'ids': json.dumps(IDS)})
nonfinite = {
    'nonfinite-nan.npy': 'the vector of "d2" (row 2) has NaN at value 1',
    'nonfinite-inf.safetensors': 'the vector of "q1" (row 3) has -Infinity at value 0',
}

expected = {
    'ids': IDS,
    'good': {
        'f32.npy': {'dtype': 'float32', 'shape': list(F32.shape), 'values': values(F32)},
        'f16.npy': {'dtype': 'float16', 'shape': list(F16.shape), 'values': values(F16)},
        'f32.safetensors': {'dtype': 'float32', 'shape': list(F32.shape), 'values': values(F32), 'tensor': 'embeddings'},
        'f16.safetensors': {'dtype': 'float16', 'shape': list(F16.shape), 'values': values(F16), 'tensor': 'embeddings'},
    },
    'bad': bad,
    'nonfinite': nonfinite,
    # -0.0 survives json as -0.0; numpy's float16 → float32 conversion is the reference for every value.
    'numpy': np.__version__,
}
with open(path('expected.json'), 'w', encoding='utf-8') as f:
    json.dump(expected, f, indent=1)
    f.write('\n')
print(f'wrote {len(os.listdir(OUT))} files to {os.path.normpath(OUT)}')
