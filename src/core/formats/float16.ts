/**
 * IEEE 754 binary16 ("half", numpy float16, safetensors F16) to binary32.
 * Every binary16 value is exactly representable in binary32, so the
 * conversion is exact: ±0, subnormals (m · 2⁻²⁴), normals
 * ((1 + m/1024) · 2^(e−15)), ±Infinity and NaN.
 */

/**
 * The value of one binary16 bit pattern.
 * @example float16Value(0x3c00) // 1
 * @example float16Value(0x0001) // 2 ** -24 (the smallest subnormal)
 */
export function float16Value(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa === 0 ? sign * Infinity : NaN;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/**
 * Little-endian binary16 values read from `bytes` (2 bytes each, any alignment) as float32.
 * @example float16ToFloat32(new Uint8Array([0x00, 0x3c, 0x00, 0xc0])) // Float32Array [1, -2]
 */
export function float16ToFloat32(bytes: Uint8Array): Float32Array {
  const out = new Float32Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = float16Value(bytes[2 * i] | (bytes[2 * i + 1] << 8));
  return out;
}

/**
 * Little-endian binary32 values read from `bytes` (4 bytes each, any alignment).
 * @example float32FromBytes(new Uint8Array([0, 0, 0x80, 0x3f])) // Float32Array [1]
 */
export function float32FromBytes(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(4 * i, true);
  return out;
}
