/**
 * The safetensors format (huggingface/safetensors): an 8-byte little-endian
 * header length N, N bytes of JSON —
 * `{"name": {"dtype": "F32", "shape": [n, d], "data_offsets": [begin, end]}, "__metadata__": {"k": "v"}}`
 * — then the tensors' raw little-endian bytes, offsets relative to the end
 * of the header. Read here: one tensor of shape [n, d], F32 or F16, and
 * the string metadata (where a pipeline can put the ids).
 * Reference: https://github.com/huggingface/safetensors#format
 */
import type { DenseMatrix } from './denseMatrix.ts';
import { FormatError } from './formatError.ts';
import { float16ToFloat32, float32FromBytes } from './float16.ts';

export interface SafetensorsVectors {
  readonly tensor: string;
  readonly matrix: DenseMatrix;
  /** `__metadata__` (string → string), empty when the header has none. */
  readonly metadata: Readonly<Record<string, string>>;
}

interface TensorInfo {
  readonly dtype?: unknown;
  readonly shape?: unknown;
  readonly data_offsets?: unknown;
}

/**
 * Parses a safetensors file holding one [n, d] tensor of embeddings.
 * @throws {FormatError} for a header that is cut off or not JSON, no tensor or several, a dtype other than F32/F16, a shape that is not 2-D, or data offsets outside the file or not matching the shape.
 * @example parseSafetensors(bytes) // { tensor: 'embeddings', matrix: { rows: 3, dims: 100, … }, metadata: { ids: '["d1", …]' } }
 */
export function parseSafetensors(bytes: Uint8Array): SafetensorsVectors {
  if (bytes.length < 8) throw new FormatError(`truncated safetensors file: ${bytes.length} bytes, not even the 8-byte header length`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getBigUint64(0, true);
  if (length > BigInt(bytes.length - 8)) throw new FormatError(`truncated safetensors file (or not one): the header says ${length} bytes of JSON, the file has ${bytes.length - 8} after the length`);
  const start = 8 + Number(length);
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(8, start))) as Record<string, unknown>;
  } catch {
    throw new FormatError('not a safetensors file: its header is not UTF-8 JSON');
  }
  if (header === null || typeof header !== 'object' || Array.isArray(header)) throw new FormatError('not a safetensors file: its header is not a JSON object');
  const { __metadata__: meta, ...tensors } = header;
  const metadata: Record<string, string> = {};
  if (meta !== undefined) {
    if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) throw new FormatError('"__metadata__" must be an object of strings');
    for (const [k, v] of Object.entries(meta)) {
      if (typeof v !== 'string') throw new FormatError(`"__metadata__"."${k}" must be a string (a JSON-encoded array for "ids")`);
      metadata[k] = v;
    }
  }
  const names = Object.keys(tensors);
  if (names.length !== 1) throw new FormatError(`the file must hold one tensor of shape [n, dimensions]; it holds ${names.length}${names.length ? ` (${names.slice(0, 5).join(', ')})` : ''}`);
  const tensor = names[0];
  const info = tensors[tensor] as TensorInfo;
  const { dtype, shape, data_offsets: offsets } = info ?? {};
  if (dtype !== 'F32' && dtype !== 'F16') throw new FormatError(`tensor "${tensor}" has dtype ${JSON.stringify(dtype)}: vectors must be F32 or F16`);
  if (!Array.isArray(shape) || shape.some((n) => !Number.isSafeInteger(n) || n < 0)) throw new FormatError(`tensor "${tensor}": "shape" must be an array of sizes`);
  if (shape.length !== 2) throw new FormatError(`tensor "${tensor}" has shape [${shape.join(', ')}], ${shape.length}-D: vectors must be 2-D [n, dimensions]`);
  const [rows, dims] = shape as number[];
  if (rows === 0 || dims === 0) throw new FormatError(`tensor "${tensor}" has shape [${rows}, ${dims}]: no vectors`);
  if (!Array.isArray(offsets) || offsets.length !== 2 || offsets.some((n) => !Number.isSafeInteger(n) || n < 0) || offsets[1] < offsets[0]) {
    throw new FormatError(`tensor "${tensor}": "data_offsets" must be [begin, end]`);
  }
  const [begin, end] = offsets as number[];
  const size = dtype === 'F32' ? 4 : 2;
  if (end - begin !== rows * dims * size) throw new FormatError(`tensor "${tensor}": data_offsets [${begin}, ${end}] hold ${end - begin} bytes; shape [${rows}, ${dims}] of ${dtype} needs ${rows * dims * size}`);
  if (start + end > bytes.length) throw new FormatError(`truncated safetensors file: tensor "${tensor}" ends at byte ${end} of the data, the file has ${bytes.length - start}`);
  const raw = bytes.subarray(start + begin, start + end);
  return { tensor, metadata, matrix: { rows, dims, dtype: size === 4 ? 'float32' : 'float16', data: size === 4 ? float32FromBytes(raw) : float16ToFloat32(raw) } };
}
