import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderDecisionModel } from '../../../../src/app/settings/folderDecisionModel.ts';
import type { PickedFile } from '../../../../src/app/settings/folderModel.ts';

const ROOT = 'test/fixtures/models/hub/fairground-test';

/** The files of a fixture folder as a folder pick gives them: `<folder>/<path>`, plus `extra` files. */
function picked(folder: string, extra: Record<string, string> = {}, replace: Record<string, string> = {}): PickedFile[] {
  const files: PickedFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else {
        const path = `${folder}/${relative(join(ROOT, folder), p)}`;
        const inner = path.slice(folder.length + 1);
        files.push({ path, blob: new Blob([replace[inner] ?? readFileSync(p)]) });
      }
    }
  };
  walk(join(ROOT, folder));
  for (const [inner, text] of Object.entries(extra)) files.push({ path: `${folder}/${inner}`, blob: new Blob([text]) });
  return files;
}

describe('folderDecisionModel(files, kind)', () => {
  it('reads planted-llm as an LLM from its config.json (LlamaForCausalLM), with its shapes and its fp32 weights\' size', async () => {
    const f = await folderDecisionModel(picked('planted-llm'), 'auto');
    expect(f.entry).toMatchObject({ id: 'planted-llm', decision: 'llm', revision: 'local', label: 'planted-llm (local folder, LLM)' });
    // config.json: 3 layers, 2 KV heads, head_dim 32, vocab 1981, hidden 32
    expect(f.entry.architecture).toEqual({ layers: 3, kvHeads: 2, headDim: 32, vocab: 1981, hidden: 32 });
    expect(f.entry.sizeMb).toEqual({ fp32: statSync(join(ROOT, 'planted-llm/onnx/model.onnx')).size / 1e6 });
    expect(f.source.kind).toBe('folder');
    expect(f.source.id).toBe('planted-llm');
    expect(f.templateText).toBeUndefined();
  });
  it('keeps the text of a screening_template.json beside config.json', async () => {
    const f = await folderDecisionModel(picked('planted-llm', { 'screening_template.json': '{"x": 1}' }), 'auto');
    expect(f.templateText).toBe('{"x": 1}');
  });
  it('adds external data files to their dtype\'s size', async () => {
    const f = await folderDecisionModel(picked('planted-llm', { 'onnx/model.onnx_data': 'x'.repeat(1000) }), 'auto');
    expect(f.entry.sizeMb.fp32).toBeCloseTo((statSync(join(ROOT, 'planted-llm/onnx/model.onnx')).size + 1000) / 1e6, 12);
  });
  it('refuses "auto" for a config.json without a causal LM, naming what it has; the kind chosen wins', async () => {
    const files = picked('planted-llm', {}, { 'config.json': JSON.stringify({ architectures: ['BertForSequenceClassification'] }) });
    await expect(folderDecisionModel(files, 'auto')).rejects.toThrow(/names no …ForCausalLM architecture \(BertForSequenceClassification\): choose the kind/);
    const asCross = await folderDecisionModel(files, 'cross-encoder');
    expect(asCross.entry.decision).toBe('cross-encoder');
    expect(asCross.entry.architecture).toBeUndefined();
  });
  it('says when config.json is not JSON', async () => {
    await expect(folderDecisionModel(picked('planted-llm', {}, { 'config.json': '{' }), 'llm')).rejects.toThrow(/config\.json is not valid JSON/);
  });
});
