/**
 * Which ONNX file of a model folder holds a dtype's weights: `onnx/model<suffix>.onnx`, the
 * suffixes transformers.js 4.3.2 uses (its DEFAULT_DTYPE_SUFFIX_MAPPING, not exported), so a file
 * Fairground reads itself is the one transformers.js would load, and a picked folder's files name
 * the dtypes it ships (docs/models.md).
 */
import type { Dtype } from './device.ts';

const SUFFIX = Object.freeze({ fp32: '', fp16: '_fp16', int8: '_int8', uint8: '_uint8', q8: '_quantized', q4: '_q4', q4f16: '_q4f16' } as const satisfies Record<Dtype, string>);

/**
 * The model file's path inside the model's folder.
 * @example onnxFilePath('q8') // 'onnx/model_quantized.onnx'
 */
export function onnxFilePath(dtype: Dtype): string {
  return `onnx/model${SUFFIX[dtype]}.onnx`;
}

const DTYPE_OF_FILE: ReadonlyMap<string, Dtype> = new Map(Object.keys(SUFFIX).map((d) => [onnxFilePath(d as Dtype), d as Dtype]));

/**
 * The dtype whose weights a model folder's file holds; undefined for any other file.
 * @example dtypeOfOnnxFile('onnx/model_quantized.onnx') // 'q8'
 */
export function dtypeOfOnnxFile(path: string): Dtype | undefined {
  return DTYPE_OF_FILE.get(path);
}
