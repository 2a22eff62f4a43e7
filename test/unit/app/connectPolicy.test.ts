import { describe, expect, it } from 'vitest';
import { allowsConnect, blockedByPolicy, connectSources } from '../../../src/app/settings/connectPolicy.ts';

const POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' blob:; connect-src 'self' https://huggingface.co https://*.huggingface.co https://*.hf.co http://127.0.0.1:8123; img-src 'self' data: blob:";
const PAGE = 'http://localhost:4173';

describe('connectPolicy', () => {
  it('connectSources(policy) reads connect-src (default-src when it is absent)', () => {
    expect(connectSources(POLICY)).toEqual(["'self'", 'https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co', 'http://127.0.0.1:8123']);
    expect(connectSources("default-src 'self'")).toEqual(["'self'"]);
    expect(connectSources('img-src data:')).toBeUndefined();
  });

  it('allowsConnect matches the page, exact origins with their port, and *. subdomains at any depth (not the bare host)', () => {
    const s = connectSources(POLICY)!;
    expect(allowsConnect(s, 'http://localhost:4173/datasets/x/', PAGE)).toBe(true);
    expect(allowsConnect(s, 'https://huggingface.co/api/datasets/a/b', PAGE)).toBe(true);
    expect(allowsConnect(s, 'https://cdn-lfs.huggingface.co/x', PAGE)).toBe(true);
    expect(allowsConnect(s, 'https://a.b.hf.co/x', PAGE)).toBe(true);
    expect(allowsConnect(s, 'https://hf.co/x', PAGE)).toBe(false);
    expect(allowsConnect(s, 'http://huggingface.co/x', PAGE)).toBe(false); // scheme differs
    expect(allowsConnect(s, 'http://127.0.0.1:8123/m', PAGE)).toBe(true);
    expect(allowsConnect(s, 'http://127.0.0.1:9999/m', PAGE)).toBe(false); // port differs
    expect(allowsConnect(s, 'https://data.example.org/ds/', PAGE)).toBe(false);
  });

  it('blockedByPolicy names the origin and how to allow it; nothing when allowed or without a policy', () => {
    expect(blockedByPolicy(POLICY, 'https://data.example.org/ds/', PAGE)).toMatch(/would refuse https:\/\/data\.example\.org\. Serve or build Fairground with FAIRGROUND_CONNECT_SRC="https:\/\/data\.example\.org"/);
    expect(blockedByPolicy(POLICY, 'https://huggingface.co/x', PAGE)).toBeUndefined();
    expect(blockedByPolicy(undefined, 'https://data.example.org/', PAGE)).toBeUndefined();
  });
});
