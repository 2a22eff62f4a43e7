/**
 * NumPy's `.npy` format (numpy.lib.format, versions 1.0–3.0): the magic
 * `\x93NUMPY`, a version, a little-endian header length (2 bytes in 1.0,
 * 4 in 2.0 and 3.0), a Python dict literal
 * `{'descr': '<f4', 'fortran_order': False, 'shape': (n, d), }` and the raw
 * data. Read here: a 2-D array [n, d] of little-endian float32 or float16 in
 * C order — what `np.save(f, embeddings.astype('float32'))` writes.
 * Reference: https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html
 */
import type { DenseMatrix } from './denseMatrix.ts';
import { FormatError } from './formatError.ts';
import { float16ToFloat32, float32FromBytes } from './float16.ts';

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];

/** What a `descr` other than '<f4' / '<f2' is, in words, with the fix. */
function unsupported(descr: string): string {
  const kind = { f: 'float', i: 'int', u: 'unsigned int', b: 'bool', c: 'complex', U: 'unicode', S: 'bytes', O: 'object', V: 'void' }[descr.replace(/^[<>|=]/, '')[0]] ?? 'unknown';
  const bits = Number(descr.replace(/^[<>|=][a-zA-Z]/, '')) * 8;
  if (descr.startsWith('>') && (descr.endsWith('f4') || descr.endsWith('f2'))) return `dtype ${descr} is big-endian; save little-endian (.astype('<f4'))`;
  return `dtype ${descr} (${kind}${Number.isFinite(bits) && bits > 0 ? bits : ''}) is not supported: vectors must be float32 or float16 (.astype('float32'))`;
}

/**
 * Parses a `.npy` file of embeddings.
 * @throws {FormatError} for a file that is not .npy, a dtype other than float32/float16, Fortran order, a shape that is not 2-D, or data shorter or longer than the shape.
 * @example parseNpy(bytes) // { rows: 3, dims: 100, dtype: 'float32', data: Float32Array(300) }
 */
export function parseNpy(bytes: Uint8Array): DenseMatrix {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) throw new FormatError('not a .npy file (no \\x93NUMPY magic)');
  const major = bytes[6];
  if (major < 1 || major > 3) throw new FormatError(`.npy version ${major}.${bytes[7]} is not supported (1.0–3.0)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const prefix = major === 1 ? 10 : 12;
  if (bytes.length < prefix) throw new FormatError('truncated .npy file: the header is cut off');
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = prefix + headerLength;
  if (bytes.length < start) throw new FormatError(`truncated .npy file: the header says ${headerLength} bytes, the file has ${bytes.length - prefix} after the prefix`);
  const header = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(bytes.subarray(prefix, start));
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || fortran === undefined || shapeText === undefined) throw new FormatError(`not a .npy header (descr, fortran_order, shape): ${header.trim().slice(0, 120)}`);
  const shape = shapeText.split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
  if (descr !== '<f4' && descr !== '<f2') throw new FormatError(unsupported(descr));
  if (fortran === 'True') throw new FormatError("the array is in Fortran order; save a C-order array (np.ascontiguousarray)");
  if (shape.length !== 2 || shape.some((n) => !Number.isSafeInteger(n) || n < 0)) {
    throw new FormatError(`shape (${shape.join(', ')}${shape.length === 1 ? ',' : ''}) is ${shape.length}-D: vectors must be a 2-D array [n, dimensions]`);
  }
  const [rows, dims] = shape;
  if (rows === 0 || dims === 0) throw new FormatError(`shape (${rows}, ${dims}) holds no vectors`);
  const size = descr === '<f4' ? 4 : 2;
  const expected = rows * dims * size;
  const have = bytes.length - start;
  if (have < expected) throw new FormatError(`truncated .npy file: shape (${rows}, ${dims}) needs ${expected} bytes of data, the file has ${have}`);
  if (have > expected) throw new FormatError(`.npy file has ${have - expected} bytes after the data of shape (${rows}, ${dims})`);
  const raw = bytes.subarray(start, start + expected);
  return { rows, dims, dtype: size === 4 ? 'float32' : 'float16', data: size === 4 ? float32FromBytes(raw) : float16ToFloat32(raw) };
}
