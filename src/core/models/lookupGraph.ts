/**
 * Recognises an embedding model whose ONNX graph is only a table look-up — a static word-vector
 * model such as the bundled GloVe (public/models/fairground-glove-100d/PROVENANCE.md) — so that
 * core/models/lookupEmbedding.ts can compute its vectors without ONNX Runtime.
 *
 * Two graphs are recognised, node for node (any other node, input or output, and the answer is
 * no: the model runs in ONNX Runtime as before):
 *
 *   fp32 table:      Gather(T, input_ids) · mask
 *   int8 per-row:    (Cast(Gather(Q, input_ids), FLOAT) · Gather(S, input_ids)) · mask
 *
 * where `mask` is Unsqueeze(Cast(attention_mask, FLOAT), axes = [-1] or [2]), T is a FLOAT
 * [vocab, dims] initializer, Q an INT8 [vocab, dims] one and S a FLOAT [vocab, 1] one, every
 * Gather on axis 0, and the product is the graph's one output, `last_hidden_state` or
 * `token_embeddings` (the names transformers.js reads).
 */
import { OnnxDataType, type OnnxGraph, type OnnxInitializer, type OnnxNode } from './onnxGraph.ts';

/** A static model's table: row `id` of `weights` (times `scales[id]` when quantized) is token id's vector. */
export interface LookupTable {
  readonly vocab: number;
  readonly dims: number;
  /** vocab × dims, row-major: the vectors (Float32Array) or their int8 codes. */
  readonly weights: Float32Array | Int8Array;
  /** One float32 scale per row when `weights` holds int8 codes. */
  readonly scales?: Float32Array;
}

/** A table, or why the graph is not a plain look-up. */
export type LookupRecognition = { readonly table: LookupTable } | { readonly why: string };

const OUTPUT_NAMES = ['last_hidden_state', 'token_embeddings'];

/**
 * The largest model file an adapter reads to check for a look-up graph. A local model's file is
 * read once more than ONNX Runtime reads it when its graph is not a look-up: a few MB are nothing,
 * a transformer's hundreds of MB are not. The bundled GloVe's file is 10.4 MB; a 400,000-word,
 * 300-dimension int8 table would be 120 MB.
 */
export const LOOKUP_MAX_FILE_BYTES = 128 * 2 ** 20;

/**
 * The look-up table of a graph that is only one (see the file's comment), or why it is not.
 * @example recognizeLookup(graph) // { table: { vocab: 100002, dims: 100, weights: Int8Array, scales: Float32Array } }
 */
export function recognizeLookup(graph: OnnxGraph): LookupRecognition {
  if (graph.sparse) return { why: 'the graph has sparse initializers' };
  if (graph.inputs.some((name) => name !== 'input_ids' && name !== 'attention_mask')) return { why: `the graph takes inputs other than input_ids and attention_mask (${graph.inputs.join(', ')})` };
  if (graph.outputs.length !== 1 || !OUTPUT_NAMES.includes(graph.outputs[0])) return { why: `the graph's outputs are not one of ${OUTPUT_NAMES.join(', ')} (${graph.outputs.join(', ')})` };
  const producer = new Map<string, OnnxNode>();
  for (const node of graph.nodes) for (const out of node.outputs) producer.set(out, node);
  const used = new Set<OnnxNode>();
  const node = (name: string, opType: string): OnnxNode | undefined => {
    const n = producer.get(name);
    if (!n || n.opType !== opType || (n.domain !== '' && n.domain !== 'ai.onnx') || n.outputs.length !== 1) return undefined;
    used.add(n);
    return n;
  };
  const out = node(graph.outputs[0], 'Mul');
  if (!out || out.inputs.length !== 2) return { why: 'the output is not a product of word vectors and the mask' };
  const [a, b] = out.inputs;
  const rowsName = isMask(a) ? b : isMask(b) ? a : undefined;
  if (rowsName === undefined) return { why: 'the output is not multiplied by the attention mask' };
  const table = rows(rowsName);
  if (!table) return { why: 'the word vectors are not a Gather of a table by input_ids' };
  if (used.size !== graph.nodes.length) return { why: `the graph has ${graph.nodes.length - used.size} node(s) besides the look-up` };
  return { table };

  /** Unsqueeze(Cast(attention_mask, FLOAT), axes [-1] or [2]). */
  function isMask(name: string): boolean {
    const unsqueeze = node(name, 'Unsqueeze');
    if (!unsqueeze) return false;
    const axes = unsqueeze.inputs.length === 2 ? graph.initializers.get(unsqueeze.inputs[1])?.values : unsqueeze.ints.axes;
    if (!axes || typeof axes === 'number' || axes.length !== 1 || (axes[0] !== -1 && axes[0] !== 2)) return false;
    const cast = node(unsqueeze.inputs[0], 'Cast');
    return !!cast && cast.ints.to === OnnxDataType.FLOAT && cast.inputs[0] === 'attention_mask';
  }

  /** A FLOAT table gathered by input_ids, or an INT8 one cast to FLOAT and multiplied by its gathered row scales. */
  function rows(name: string): LookupTable | undefined {
    const gather = gathered(name);
    if (gather) return gather.dataType === OnnxDataType.FLOAT && gather.dims.length === 2 ? tableOf(gather.values as Float32Array, gather.dims) : undefined;
    const mul = node(name, 'Mul');
    if (!mul || mul.inputs.length !== 2) return undefined;
    for (const [codesName, scalesName] of [mul.inputs, [mul.inputs[1], mul.inputs[0]]]) {
      const cast = node(codesName, 'Cast');
      if (!cast || cast.ints.to !== OnnxDataType.FLOAT) continue;
      const codes = gathered(cast.inputs[0]);
      const scales = gathered(scalesName);
      if (!codes || !scales || codes.dataType !== OnnxDataType.INT8 || scales.dataType !== OnnxDataType.FLOAT) return undefined;
      if (codes.dims.length !== 2 || scales.dims.length !== 2 || scales.dims[0] !== codes.dims[0] || scales.dims[1] !== 1) return undefined;
      const table = tableOf(codes.values as Int8Array, codes.dims);
      if (scales.values!.length !== table.vocab) return undefined;
      return { ...table, scales: scales.values as Float32Array };
    }
    return undefined;
  }

  /** The initializer that `name` gathers by input_ids on axis 0, with its values in the file. */
  function gathered(name: string): OnnxInitializer | undefined {
    const gather = node(name, 'Gather');
    if (!gather) return undefined;
    const axis = gather.ints.axis ?? 0;
    if (axis !== 0 || gather.inputs[1] !== 'input_ids') return undefined;
    const init = graph.initializers.get(gather.inputs[0]);
    return init?.values ? init : undefined;
  }
}

function tableOf(weights: Float32Array | Int8Array, dims: readonly number[]): LookupTable {
  const [vocab, d] = dims;
  if (weights.length !== vocab * d) throw new RangeError(`the table has ${weights.length} values for ${vocab} × ${d}`);
  return { vocab, dims: d, weights };
}
