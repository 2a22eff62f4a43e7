/**
 * An ONNX model's graph as plain data: what src/models/onnxModel.ts decodes from a model file
 * and what core/models/lookupGraph.ts reads. Only the parts Fairground looks at are kept (nodes,
 * initializers, the graph's input and output names); everything else in the file is skipped.
 */

/** ONNX TensorProto.DataType codes used here (onnx.proto). */
export const OnnxDataType = Object.freeze({ FLOAT: 1, UINT8: 2, INT8: 3, INT32: 6, INT64: 7 } as const);

/** One node: its operator, the names it reads and writes, and its numeric attributes. */
export interface OnnxNode {
  readonly opType: string;
  /** '' (or 'ai.onnx') for the standard operators. */
  readonly domain: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** Integer attributes (`axis`, `to`) and integer-list ones (`axes`), by name. */
  readonly ints: Readonly<Record<string, number | readonly number[]>>;
}

/** A constant tensor of the graph (weights, axes). */
export interface OnnxInitializer {
  readonly name: string;
  /** An OnnxDataType code. */
  readonly dataType: number;
  readonly dims: readonly number[];
  /**
   * The values, row-major: FLOAT as Float32Array, INT8 as Int8Array, UINT8 as Uint8Array, INT32 and
   * INT64 as numbers; undefined for any other type or for data kept outside the file.
   */
  readonly values?: Float32Array | Int8Array | Uint8Array | readonly number[];
}

export interface OnnxGraph {
  readonly nodes: readonly OnnxNode[];
  readonly initializers: ReadonlyMap<string, OnnxInitializer>;
  /** The graph's inputs that are not initializers (what a caller feeds). */
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** Whether the file also holds sparse initializers (never read here). */
  readonly sparse: boolean;
}
