/**
 * recognizeLookup: the two graphs it takes (an fp32 table, an int8 table with per-row scales),
 * node for node, and the graphs that must go to ONNX Runtime instead, each with its reason.
 */
import { describe, expect, it } from 'vitest';
import { recognizeLookup } from '../../../../src/core/models/lookupGraph.ts';
import { OnnxDataType, type OnnxGraph, type OnnxInitializer, type OnnxNode } from '../../../../src/core/models/onnxGraph.ts';

const node = (opType: string, inputs: string[], outputs: string[], ints: OnnxNode['ints'] = {}): OnnxNode => ({ opType, domain: '', inputs, outputs, ints });
const init = (name: string, dataType: number, dims: number[], values: OnnxInitializer['values']): [string, OnnxInitializer] => [name, { name, dataType, dims, values }];

/** The bundled GloVe's graph (scripts/models/build_glove_model.py), on a 3 × 2 table. */
function quantized(): { nodes: OnnxNode[]; initializers: Map<string, OnnxInitializer> } {
  return {
    nodes: [
      node('Gather', ['q', 'input_ids'], ['q_rows'], { axis: 0 }),
      node('Cast', ['q_rows'], ['q_rows_f'], { to: OnnxDataType.FLOAT }),
      node('Gather', ['s', 'input_ids'], ['row_scale'], { axis: 0 }),
      node('Mul', ['q_rows_f', 'row_scale'], ['word_vectors']),
      node('Cast', ['attention_mask'], ['mask_f'], { to: OnnxDataType.FLOAT }),
      node('Unsqueeze', ['mask_f', 'axes'], ['mask_3d']),
      node('Mul', ['word_vectors', 'mask_3d'], ['last_hidden_state']),
    ],
    initializers: new Map([
      init('q', OnnxDataType.INT8, [3, 2], new Int8Array([0, 0, 1, 2, 3, 4])),
      init('s', OnnxDataType.FLOAT, [3, 1], new Float32Array([0, 0.5, 0.25])),
      init('axes', OnnxDataType.INT64, [1], [-1]),
    ]),
  };
}

const graph = (g: { nodes: OnnxNode[]; initializers: Map<string, OnnxInitializer> }, over: Partial<OnnxGraph> = {}): OnnxGraph => ({
  ...g,
  inputs: ['input_ids', 'attention_mask'],
  outputs: ['last_hidden_state'],
  sparse: false,
  ...over,
});

describe('recognizeLookup', () => {
  it('recognizeLookup(the bundled GloVe graph) gives its int8 table and row scales', () => {
    const found = recognizeLookup(graph(quantized()));
    expect('table' in found && found.table).toMatchObject({ vocab: 3, dims: 2, weights: new Int8Array([0, 0, 1, 2, 3, 4]), scales: new Float32Array([0, 0.5, 0.25]) });
  });

  it('takes the operands of each Mul in either order, and Unsqueeze\'s axes as an attribute [2]', () => {
    const g = quantized();
    g.nodes[3] = node('Mul', ['row_scale', 'q_rows_f'], ['word_vectors']);
    g.nodes[5] = node('Unsqueeze', ['mask_f'], ['mask_3d'], { axes: [2] });
    g.nodes[6] = node('Mul', ['mask_3d', 'word_vectors'], ['last_hidden_state']);
    expect('table' in recognizeLookup(graph(g))).toBe(true);
  });

  it('recognizes an fp32 table gathered straight into the masked product', () => {
    const found = recognizeLookup(
      graph({
        nodes: [
          node('Gather', ['t', 'input_ids'], ['rows']),
          node('Cast', ['attention_mask'], ['m'], { to: OnnxDataType.FLOAT }),
          node('Unsqueeze', ['m', 'axes'], ['m3']),
          node('Mul', ['rows', 'm3'], ['token_embeddings']),
        ],
        initializers: new Map([init('t', OnnxDataType.FLOAT, [2, 2], new Float32Array([0, 0, 1, 1])), init('axes', OnnxDataType.INT64, [1], [2])]),
      }, { outputs: ['token_embeddings'] }),
    );
    expect('table' in found && found.table).toMatchObject({ vocab: 2, dims: 2, weights: new Float32Array([0, 0, 1, 1]) });
    expect('table' in found && found.table.scales).toBeUndefined();
  });

  const refused: [string, () => OnnxGraph, RegExp][] = [
    ['a node besides the look-up (a LayerNorm after it)', () => {
      const g = quantized();
      g.nodes.push(node('LayerNormalization', ['x', 'y'], ['z']));
      return graph(g);
    }, /1 node\(s\) besides the look-up/],
    ['another input (token_type_ids)', () => graph(quantized(), { inputs: ['input_ids', 'attention_mask', 'token_type_ids'] }), /inputs other than/],
    ['another output name', () => graph(quantized(), { outputs: ['logits'] }), /outputs are not/],
    ['no mask', () => {
      const g = quantized();
      g.nodes[6] = node('Mul', ['word_vectors', 'word_vectors'], ['last_hidden_state']);
      return graph(g);
    }, /not multiplied by the attention mask/],
    ['a Gather on axis 1', () => {
      const g = quantized();
      g.nodes[0] = node('Gather', ['q', 'input_ids'], ['q_rows'], { axis: 1 });
      return graph(g);
    }, /not a Gather of a table/],
    ['scales of shape [vocab] (they would broadcast over the sequence, not the dims)', () => {
      const g = quantized();
      g.initializers.set('s', { name: 's', dataType: OnnxDataType.FLOAT, dims: [3], values: new Float32Array([0, 0.5, 0.25]) });
      return graph(g);
    }, /not a Gather of a table/],
    ['a table kept outside the file', () => {
      const g = quantized();
      g.initializers.set('q', { name: 'q', dataType: OnnxDataType.INT8, dims: [3, 2] });
      return graph(g);
    }, /not a Gather of a table/],
    ['sparse initializers', () => graph(quantized(), { sparse: true }), /sparse/],
  ];
  for (const [what, make, why] of refused) {
    it(`refuses ${what}, saying why`, () => {
      const found = recognizeLookup(make());
      expect('why' in found && found.why).toMatch(why);
    });
  }
});
