/**
 * A Hub that gives no response, in words (issue 48): the runtimes' bare fetch failures are told
 * apart from the Hub's own answers, and the sentence names the host and what to do.
 */
import { describe, expect, it } from 'vitest';
import { explainHubFailure, HubUnreachableError, hubUnreachableMessage, isNoResponse } from '../../../../src/core/hub/hubUnreachable.ts';

/** Node's fetch: "fetch failed", the reason in its cause. */
const nodeFailure = () => new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND huggingface.co'), { code: 'ENOTFOUND' }) });

describe('isNoResponse(e): a fetch that got no response, in each runtime', () => {
  it("Chromium's, Firefox's and Safari's messages, Node's \"fetch failed\" and its cause's code", () => {
    expect(isNoResponse(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNoResponse(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isNoResponse(new TypeError('Load failed'))).toBe(true);
    expect(isNoResponse(nodeFailure())).toBe(true);
    expect(isNoResponse({ message: 'connect ECONNREFUSED 127.0.0.1:9' })).toBe(true);
  });
  it('not a Hub that answered: a missing file, a 401, a model error', () => {
    expect(isNoResponse(new Error('Could not locate file: "https://huggingface.co/org/m/resolve/main/config.json".'))).toBe(false);
    expect(isNoResponse(new Error('Unauthorized access to file'))).toBe(false);
    expect(isNoResponse('oops')).toBe(false);
    // ONNX Runtime's glue refused by the site's policy is not the Hub (docs/security.md).
    expect(isNoResponse(new TypeError('no available backend found. ERR: Failed to fetch dynamically imported module: blob:x'))).toBe(false);
  });
});

describe('explainHubFailure(e, source, side): one sentence for the browser and the CLI', () => {
  it('"Failed to fetch" on huggingface.co in the browser: the Hub, the host, the model, and a folder, a mirror with FAIRGROUND_CONNECT_SRC, or later', () => {
    const e = explainHubFailure(new TypeError('Failed to fetch'), { host: 'https://huggingface.co/', id: 'Xenova/all-MiniLM-L6-v2' }, 'browser');
    expect(e).toBeInstanceOf(HubUnreachableError);
    const message = (e as Error).message;
    expect(message).toMatch(/^The Hugging Face Hub could not be reached at huggingface\.co while loading Xenova\/all-MiniLM-L6-v2 \(Failed to fetch\): there is no network, or the host is down or blocked\. /);
    expect(message).toContain('Models → A model folder on this machine');
    expect(message).toContain('FAIRGROUND_CONNECT_SRC');
    expect(message).toMatch(/try again later\.$/);
    expect((e as HubUnreachableError).host).toBe('https://huggingface.co/');
  });

  it('a mirror is named as one, with its port; the CLI is told of --model and the bundled model, not the site\'s policy', () => {
    const message = (explainHubFailure(nodeFailure(), { host: 'http://mirror.example:8080/', id: 'org/m' }, 'cli') as Error).message;
    expect(message).toMatch(/^The Hub mirror could not be reached at mirror\.example:8080 while loading org\/m \(fetch failed\)/);
    expect(message).toContain('--model');
    expect(message).toContain('fairground-glove-100d');
    expect(message).not.toContain('FAIRGROUND_CONNECT_SRC');
  });

  it('any other failure passes through as it is', () => {
    const missing = new Error('Could not locate file');
    expect(explainHubFailure(missing, { host: 'https://huggingface.co/', id: 'org/m' }, 'browser')).toBe(missing);
  });

  it('hubUnreachableMessage names a host that is not a URL as given', () => {
    expect(hubUnreachableMessage('not a url', 'org/m', 'Failed to fetch', 'cli')).toMatch(/^The Hub mirror could not be reached at not a url while loading org\/m/);
  });
});
