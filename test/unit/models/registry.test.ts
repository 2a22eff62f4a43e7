import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Dtype } from '../../../src/core/models/device.ts';
import type { EmbeddingModelEntry, ModelEntry } from '../../../src/core/models/modelSpec.ts';
import { BUNDLED_EMBEDDING_MODEL_ID, BUNDLED_PLANTED_LLM_ID, MODEL_REGISTRY, findModel, isHubModelId } from '../../../src/models/registry.ts';

const DTYPES: readonly Dtype[] = ['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4', 'q4f16'];
const embeddings = MODEL_REGISTRY.filter((m): m is EmbeddingModelEntry => m.kind === 'embedding');

function embedding(id: string): EmbeddingModelEntry {
  const m = findModel(id);
  if (!m || m.kind !== 'embedding') throw new Error(`no embedding model ${id}`);
  return m;
}

/** A model a typical browser may struggle with: 250M+ parameters or a 1 GB+ download. */
function isLarge(m: ModelEntry): boolean {
  return m.paramsM >= 250 || Object.values(m.sizeMb).some((mb) => mb >= 1000);
}

describe('MODEL_REGISTRY', () => {
  it('has unique ids', () => {
    const ids = MODEL_REGISTRY.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is frozen, entries and their arrays and size tables too', () => {
    expect(Object.isFrozen(MODEL_REGISTRY)).toBe(true);
    for (const m of MODEL_REGISTRY) {
      expect(Object.isFrozen(m), m.id).toBe(true);
      expect(Object.isFrozen(m.sizeMb), m.id).toBe(true);
      expect(Object.isFrozen(m.languages), m.id).toBe(true);
      if (m.kind === 'decision' && m.labels) expect(Object.isFrozen(m.labels), m.id).toBe(true);
    }
  });

  it('gives every embedding model its pooling, dimensions and max length', () => {
    expect(embeddings.length).toBeGreaterThanOrEqual(14);
    for (const m of embeddings) {
      expect(['mean', 'cls', 'last_token', 'none'], m.id).toContain(m.pooling);
      expect(Number.isInteger(m.dimensions) && m.dimensions > 0, m.id).toBe(true);
      expect(Number.isInteger(m.maxLength) && m.maxLength > 0, m.id).toBe(true);
      expect(typeof m.normalize, m.id).toBe('boolean');
      expect(typeof m.queryPrefix, m.id).toBe('string');
      expect(typeof m.documentPrefix, m.id).toBe('string');
    }
  });

  it('gives every model a size per dtype, parameters, languages and a licence', () => {
    for (const m of MODEL_REGISTRY) {
      const dtypes = Object.keys(m.sizeMb);
      expect(dtypes.length, m.id).toBeGreaterThan(0);
      for (const d of dtypes) expect(DTYPES, m.id).toContain(d);
      for (const mb of Object.values(m.sizeMb)) expect(mb, m.id).toBeGreaterThan(0);
      expect(m.paramsM, m.id).toBeGreaterThan(0);
      expect(m.languages.length, m.id).toBeGreaterThan(0);
      expect(m.license.length, m.id).toBeGreaterThan(0);
      expect(m.label.length, m.id).toBeGreaterThan(0);
    }
  });

  it('uses valid Hub ids and a branch or full commit SHA for every Hub model', () => {
    for (const m of MODEL_REGISTRY.filter((e) => e.source === 'hub')) {
      expect(isHubModelId(m.id), m.id).toBe(true);
      expect(m.revision === 'main' || /^[0-9a-f]{40}$/.test(m.revision), m.id).toBe(true);
    }
  });

  it('uses the e5 prefixes exactly', () => {
    for (const id of ['Xenova/multilingual-e5-small', 'Xenova/multilingual-e5-base', 'Xenova/multilingual-e5-large']) {
      const m = embedding(id);
      expect(m.queryPrefix).toBe('query: ');
      expect(m.documentPrefix).toBe('passage: ');
      expect(m.pooling).toBe('mean');
    }
  });

  it('uses the bge / arctic-embed v1 query instruction and no document prefix', () => {
    for (const id of [
      'Xenova/bge-small-en-v1.5',
      'Snowflake/snowflake-arctic-embed-xs',
      'Snowflake/snowflake-arctic-embed-s',
      'Snowflake/snowflake-arctic-embed-m',
      'Snowflake/snowflake-arctic-embed-l',
    ]) {
      const m = embedding(id);
      expect(m.queryPrefix).toBe('Represent this sentence for searching relevant passages: ');
      expect(m.documentPrefix).toBe('');
      expect(m.pooling).toBe('cls');
    }
  });

  it('uses "query: " for arctic-embed v2.0', () => {
    for (const id of ['Snowflake/snowflake-arctic-embed-m-v2.0', 'Snowflake/snowflake-arctic-embed-l-v2.0']) {
      expect(embedding(id).queryPrefix).toBe('query: ');
      expect(embedding(id).documentPrefix).toBe('');
    }
  });

  it('uses last-token pooling and an Instruct/Query prefix for Qwen3-Embedding', () => {
    const m = embedding('onnx-community/Qwen3-Embedding-0.6B-ONNX');
    expect(m.pooling).toBe('last_token');
    expect(m.queryPrefix.startsWith('Instruct: ')).toBe(true);
    expect(m.queryPrefix.endsWith('\nQuery:')).toBe(true);
    expect(m.documentPrefix).toBe('');
  });

  it('puts a note on every large model', () => {
    const large = MODEL_REGISTRY.filter(isLarge);
    expect(large.map((m) => m.id)).toEqual(
      expect.arrayContaining([
        'Xenova/multilingual-e5-large',
        'Snowflake/snowflake-arctic-embed-l',
        'Snowflake/snowflake-arctic-embed-m-v2.0',
        'Snowflake/snowflake-arctic-embed-l-v2.0',
        'Xenova/bge-m3',
        'onnx-community/Qwen3-Embedding-0.6B-ONNX',
      ]),
    );
    for (const m of large) expect(m.note ?? '', m.id).toMatch(/\S/);
  });

  it('lists the NLI labels in id2label order with entailment among them', () => {
    const m = findModel('Xenova/nli-deberta-v3-xsmall');
    expect(m?.kind).toBe('decision');
    if (m?.kind !== 'decision') return;
    expect(m.decision).toBe('zero-shot-nli');
    expect(m.labels).toEqual(['contradiction', 'entailment', 'neutral']);
    expect(m.labels).toContain(m.entailmentLabel);
  });

  it('marks the rerankers as cross-encoders', () => {
    for (const id of ['Xenova/ms-marco-MiniLM-L-6-v2', 'mixedbread-ai/mxbai-rerank-xsmall-v1']) {
      const m = findModel(id);
      expect(m?.kind === 'decision' && m.decision).toBe('cross-encoder');
    }
  });
});

describe('the bundled model entry', () => {
  const m = embedding(BUNDLED_EMBEDDING_MODEL_ID);

  it('is one of the two bundled models (with the planted-bias LLM)', () => {
    expect(BUNDLED_EMBEDDING_MODEL_ID).toBe('fairground-glove-100d');
    expect(MODEL_REGISTRY.filter((e) => e.source === 'bundled').map((e) => e.id).sort()).toEqual([BUNDLED_EMBEDDING_MODEL_ID, BUNDLED_PLANTED_LLM_ID].sort());
    expect(m.revision).toBe('bundled');
    expect(m).toMatchObject({ pooling: 'mean', normalize: true, queryPrefix: '', documentPrefix: '', dimensions: 100 });
  });

  it('bundles the planted-bias LLM byte for byte as the test fixture, with its shapes and size', () => {
    const bundled = fileURLToPath(new URL(`../../../public/models/${BUNDLED_PLANTED_LLM_ID}/`, import.meta.url));
    const fixture = fileURLToPath(new URL('../../../test/fixtures/models/hub/fairground-test/planted-llm/', import.meta.url));
    for (const f of ['config.json', 'generation_config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']) {
      expect(readFileSync(`${bundled}${f}`).equals(readFileSync(`${fixture}${f}`)), f).toBe(true);
    }
    const entry = findModel(BUNDLED_PLANTED_LLM_ID)!;
    const config = JSON.parse(readFileSync(`${bundled}config.json`, 'utf8')) as Record<string, number>;
    expect(entry.kind === 'decision' && entry.architecture).toEqual({ layers: config.num_hidden_layers, kvHeads: config.num_key_value_heads, headDim: config.head_dim, vocab: config.vocab_size, hidden: config.hidden_size });
    expect(entry.sizeMb.fp32).toBeCloseTo(statSync(`${bundled}onnx/model.onnx`).size / 1e6, 1);
  });

  const dir = fileURLToPath(new URL(`../../../public/models/${BUNDLED_EMBEDDING_MODEL_ID}/`, import.meta.url));
  it.skipIf(!existsSync(`${dir}config.json`))('matches the files in public/models', () => {
    const config = JSON.parse(readFileSync(`${dir}config.json`, 'utf8')) as { vocab_size: number; hidden_size: number };
    expect(config.hidden_size).toBe(m.dimensions);
    expect(m.paramsM).toBeCloseTo((config.vocab_size * config.hidden_size) / 1e6, 1);
    const bytes = statSync(`${dir}onnx/model.onnx`).size;
    expect(m.sizeMb.fp32).toBeCloseTo(bytes / 1e6, 1);
  });
});

describe('findModel(id)', () => {
  it('finds registry entries and nothing else', () => {
    expect(findModel('Xenova/all-MiniLM-L6-v2')?.label).toBe('all-MiniLM-L6-v2');
    expect(findModel('someone/unknown-model')).toBeUndefined();
    expect(findModel('')).toBeUndefined();
  });
});

describe('isHubModelId(id)', () => {
  it('accepts org/name ids', () => {
    for (const id of ['Xenova/all-MiniLM-L6-v2', 'Snowflake/snowflake-arctic-embed-m-v2.0', 'a/b', 'my_org/model.v1', `o/${'x'.repeat(96)}`]) {
      expect(isHubModelId(id), id).toBe(true);
    }
  });

  it('rejects anything else', () => {
    for (const id of [
      '',
      'a/b/c',
      '../x',
      'x/..',
      'no-slash',
      '/name',
      'org/',
      'org/na--me',
      'org/na..me',
      'org/-name',
      'org/name-',
      'org/.name',
      'org/name.',
      'org/name.git',
      'org/na me',
      'org/näme',
      'org/name?rev=1',
      `o/${'x'.repeat(97)}`,
    ]) {
      expect(isHubModelId(id), id).toBe(false);
    }
  });
});
