/**
 * decodeOnnxGraph on the bundled GloVe model file (built by scripts/models/build_glove_model.py
 * with the onnx package): the seven nodes, in order, with their attributes, the graph's inputs
 * and output, and the initializers' types, shapes and values (checked against PROVENANCE.md:
 * rows 0 and 1 are zeros, 100,002 rows of 100 int8 codes, one float scale per row).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeOnnxGraph } from '../../../src/models/onnxModel.ts';

describe('decodeOnnxGraph', () => {
  it('decodes the bundled GloVe graph node for node', () => {
    const g = decodeOnnxGraph(readFileSync('public/models/fairground-glove-100d/onnx/model.onnx'));
    expect(g.nodes.map((n) => [n.opType, n.inputs, n.outputs, n.ints])).toEqual([
      ['Gather', ['embeddings.weight_int8', 'input_ids'], ['q_rows'], { axis: 0 }],
      ['Cast', ['q_rows'], ['q_rows_f'], { to: 1 }],
      ['Gather', ['embeddings.weight_scale', 'input_ids'], ['row_scale'], { axis: 0 }],
      ['Mul', ['q_rows_f', 'row_scale'], ['word_vectors'], {}],
      ['Cast', ['attention_mask'], ['mask_f'], { to: 1 }],
      ['Unsqueeze', ['mask_f', 'unsqueeze_axes'], ['mask_3d'], {}],
      ['Mul', ['word_vectors', 'mask_3d'], ['last_hidden_state'], {}],
    ]);
    expect([g.inputs, g.outputs, g.sparse]).toEqual([['input_ids', 'attention_mask'], ['last_hidden_state'], false]);
    const q = g.initializers.get('embeddings.weight_int8')!;
    const s = g.initializers.get('embeddings.weight_scale')!;
    expect([q.dataType, q.dims, s.dataType, s.dims]).toEqual([3, [100_002, 100], 1, [100_002, 1]]);
    expect(q.values).toBeInstanceOf(Int8Array);
    expect((q.values as Int8Array).subarray(0, 200).every((v) => v === 0)).toBe(true);
    // Symmetric per-row int8: each word's row reaches ±127 (its largest |x| is 127 s).
    const row = (q.values as Int8Array).subarray(200, 300);
    expect(Math.max(...row.map(Math.abs))).toBe(127);
    expect((s.values as Float32Array)[2]).toBeGreaterThan(0);
    expect(g.initializers.get('unsqueeze_axes')!.values).toEqual([-1]);
  });

  it('decodes a transformer (the tiny BERT fixture, 252 nodes) and recognizeLookup refuses it, saying why; a weight read is a copy, read once', async () => {
    const { recognizeLookup } = await import('../../../src/core/models/lookupGraph.ts');
    const bytes = readFileSync('test/fixtures/models/hub/fairground-test/tiny-bert-embed/onnx/model.onnx');
    const g = decodeOnnxGraph(bytes);
    const found = recognizeLookup(g);
    expect(g.nodes).toHaveLength(252);
    expect('why' in found && found.why).toMatch(/inputs other than input_ids and attention_mask \(input_ids, attention_mask, token_type_ids\)/);
    // A float initializer's values, read: equal to the file's little-endian floats.
    const weight = [...g.initializers.values()].find((i) => i.dataType === 1 && i.dims.length === 2)!;
    const values = weight.values as Float32Array;
    expect(values.length).toBe(weight.dims[0] * weight.dims[1]);
    expect(values.buffer).not.toBe(bytes.buffer); // a copy once read, not a view that pins the file
    expect(weight.values).toBe(values); // read once
  });

  it('refuses bytes with no graph', () => {
    expect(() => decodeOnnxGraph(new Uint8Array([8, 8]))).toThrow(/not an ONNX model/);
  });
});
