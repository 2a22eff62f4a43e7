/**
 * A model file's look-up table, for the embed worker and the Node embedder alike: the file decoded
 * (onnxModel.ts), its graph recognised (core/models/lookupGraph.ts) and the table made ready for
 * the mean (core/models/lookupEmbedding.ts, `dequantizedTable`).
 */
import { recognizeLookup, type LookupTable } from '../core/models/lookupGraph.ts';
import { dequantizedTable } from '../core/models/lookupEmbedding.ts';
import type { Pooling } from '../core/models/modelSpec.ts';
import { decodeOnnxGraph } from './onnxModel.ts';

/** Whether a model's pooling is the mean a look-up computes (`none` is pooled as a mean too). */
export function poolsAsLookup(pooling: Pooling): boolean {
  return pooling === 'mean' || pooling === 'none';
}

/**
 * The table of a model file whose graph is a plain look-up, ready to embed with; undefined for
 * any other graph (the model then runs in ONNX Runtime).
 * @throws {Error} when the bytes are not an ONNX model.
 */
export function lookupTableOfFile(bytes: Uint8Array): LookupTable | undefined {
  const found = recognizeLookup(decodeOnnxGraph(bytes));
  return 'table' in found ? dequantizedTable(found.table) : undefined;
}
