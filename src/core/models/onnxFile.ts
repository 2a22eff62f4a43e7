/**
 * Which ONNX file of a model folder holds a dtype's weights: `onnx/model<suffix>.onnx`, the
 * suffixes transformers.js uses (its DEFAULT_DTYPE_SUFFIX_MAPPING), so a file Fairground reads
 * itself is the one transformers.js would load.
 */
import type { Dtype } from './device.ts';

const SUFFIX = Object.freeze({ fp32: '', fp16: '_fp16', int8: '_int8', uint8: '_uint8', q8: '_quantized', q4: '_q4' } as const satisfies Record<Dtype, string>);

/**
 * The model file's path inside the model's folder.
 * @example onnxFilePath('q8') // 'onnx/model_quantized.onnx'
 */
export function onnxFilePath(dtype: Dtype): string {
  return `onnx/model${SUFFIX[dtype]}.onnx`;
}
