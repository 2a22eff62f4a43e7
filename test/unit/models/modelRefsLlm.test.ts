/** Picker ids of LLM screeners (issue 49): registry LLMs and typed Hub ids, asked as the form says, named as the CLI names them. */
import { describe, expect, it } from 'vitest';
import { isLlmPickerId, screeningRunModel, typedDecisionId } from '../../../src/models/modelRefs.ts';
import { screeningDescriptor, screeningModelId, type LlmRunOptions } from '../../../src/core/audit/run/index.ts';
import { DEFAULT_SCREENING_TEMPLATE } from '../../../src/core/llm/index.ts';

const ASK: LlmRunOptions = { template: DEFAULT_SCREENING_TEMPLATE, mode: 'probabilities', temperature: 0, maxNewTokens: 96, prefixCache: true, dtype: 'fp32' };
const HOST = 'http://hub.test/';

describe('LLM picker ids', () => {
  it('isLlmPickerId(id) is true for registry LLMs and typed:llm ids only', () => {
    expect(isLlmPickerId('onnx-community/Qwen2.5-0.5B-Instruct')).toBe(true);
    expect(isLlmPickerId(typedDecisionId('llm', 'org/model'))).toBe(true);
    expect(isLlmPickerId(typedDecisionId('cross-encoder', 'org/model'))).toBe(false);
    expect(isLlmPickerId('calibrated:fairground-glove-100d')).toBe(false);
  });

  it('screeningRunModel(typed LLM, host, options) carries the options and is named llm:<id> as in the CLI', () => {
    const m = screeningRunModel(typedDecisionId('llm', 'fairground-test/tiny-llm'), HOST, ASK);
    expect(m.kind === 'decision' && m.llm).toEqual(ASK);
    expect(screeningModelId(m)).toBe('llm:fairground-test/tiny-llm');
    expect(screeningDescriptor(m).kind).toBe('llm');
  });

  it('screeningRunModel(registry LLM, host) without options throws; other kinds ignore them', () => {
    expect(() => screeningRunModel('onnx-community/Qwen2.5-0.5B-Instruct', HOST)).toThrow(/LLM/);
    const cross = screeningRunModel(typedDecisionId('cross-encoder', 'org/model'), HOST, ASK);
    expect(cross.kind === 'decision' && cross.llm).toBeUndefined();
    expect(screeningModelId(cross)).toBe('org/model');
  });
});
