/**
 * `fairground run --model ORG/NAME` with no network (issue 48): the load's bare "fetch failed" becomes
 * core's sentence — the Hub could not be reached, at which host, and what to do — exit 2.
 * The Node embedder is mocked (a stubbed module: this file runs isolated, vitest.config.ts).
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/cli/node/nodeEmbedder.ts', () => ({
  loadNodeEmbedder: () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo EAI_AGAIN huggingface.co'), { code: 'EAI_AGAIN' }) })),
}));

const { openNodeEmbedder } = await import('../../../src/cli/node/embedderPort.ts');
const { InputError } = await import('../../../src/cli/errors.ts');

const choice = {
  kind: 'embedding' as const,
  descriptor: { id: 'org/model', label: 'model', kind: 'embedding' as const, revision: 'main', dtype: 'fp32', device: 'cpu' },
  spec: { id: 'org/model', revision: 'main', dtype: 'fp32', pooling: 'mean' as const, normalize: true, maxLength: 128 },
  queryPrefix: '',
  documentPrefix: '',
};

describe('openNodeEmbedder(a Hub model) with no network', () => {
  it('says the Hugging Face Hub could not be reached at huggingface.co, and offers a model folder, the bundled model or later', async () => {
    const error = await openNodeEmbedder(choice).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    const line = (error as InstanceType<typeof InputError>).toLine();
    expect(line).toMatch(/^fairground: The Hugging Face Hub could not be reached at huggingface\.co while loading org\/model \(fetch failed\)/);
    expect(line).toContain('--model');
    expect(line).toContain('fairground-glove-100d');
    expect(line).toMatch(/try again later\.$/);
  });
});
