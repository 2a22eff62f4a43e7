/** The named-entity models of the optional second opinion on names (issue 46). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_NER_MODEL, NER_MODELS, TINY_NER_MODEL, nerModelEntry } from '../../../src/models/nerModels.ts';

describe('nerModelEntry(id)', () => {
  it('nerModelEntry(id) returns the known entries and, for another Hub id, no sizes (fp32 chosen) with the default reading size', () => {
    expect(nerModelEntry(DEFAULT_NER_MODEL)).toBe(NER_MODELS[DEFAULT_NER_MODEL]);
    expect(nerModelEntry(TINY_NER_MODEL).sizeMb).toEqual({ fp32: 0.04 });
    expect(nerModelEntry('someone/ner').sizeMb).toEqual({});
    expect(nerModelEntry('someone/ner').chunkChars).toBe(NER_MODELS[DEFAULT_NER_MODEL].chunkChars);
  });
  it('the tiny model reads chunks short enough for its 128 tokens', () => {
    expect(NER_MODELS[TINY_NER_MODEL].chunkChars).toBeLessThanOrEqual(200);
  });
});
