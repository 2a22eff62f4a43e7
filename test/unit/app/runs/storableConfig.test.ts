import { describe, expect, it } from 'vitest';
import { storableConfig } from '../../../../src/app/runs/storableConfig.ts';
import { customDecisionEntry, type ScreeningRunConfig } from '../../../../src/core/audit/run/index.ts';

const base = { kind: 'screening', datasetId: 'cv-screening', task: 'cv-screening', runs: 1, bootstrap: 0, seed: 0 } as const;

describe('storableConfig(config)', () => {
  it('leaves out a folder model\'s files and keeps its name; other models unchanged', () => {
    const entry = customDecisionEntry('planted-llm', 'llm');
    const hub = { kind: 'decision', entry: customDecisionEntry('org/x', 'cross-encoder'), source: { kind: 'hub', id: 'org/x', revision: 'main', host: 'https://huggingface.co/' } } as const;
    const config: ScreeningRunConfig = { ...base, models: [{ kind: 'decision', entry, source: { kind: 'folder', id: 'planted-llm', files: { 'config.json': new Blob(['{}']) } } }, hub] };
    const stored = storableConfig(config) as ScreeningRunConfig;
    expect(stored.models[0]).toEqual({ kind: 'decision', entry, source: { kind: 'folder', id: 'planted-llm', files: {} } });
    expect(stored.models[1]).toBe(hub);
    // the running config keeps its files
    expect(Object.keys((config.models[0] as { source: { files: object } }).source.files)).toEqual(['config.json']);
  });
  it('returns the same object when no model comes from a folder', () => {
    const config: ScreeningRunConfig = { ...base, models: [] };
    expect(storableConfig(config)).toBe(config);
  });
});
