// The production Content-Security-Policy against the origins the real Hub's resolve/ URLs redirect
// LFS and Xet files to: the browser checks each redirect target against connect-src, so a Hub
// dataset's Parquet parts and a Hub model's .onnx load only if the CDN origins match.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../scripts/lib/csp.mjs';

/**
 * Whether a CSP host-source (`https://*.hf.co`, `https://huggingface.co`) matches an origin, by
 * CSP Level 3 §6.7.2.7: the scheme equal, a `*.` host matching any subdomain (not the host itself),
 * no port given meaning the scheme's default. Written from the spec, apart from the code under test.
 */
function sourceMatches(source: string, origin: string): boolean {
  const m = /^(https?):\/\/(\*\.)?([^/:]+)$/.exec(source);
  if (!m) return false;
  const url = new URL(origin);
  if (url.protocol !== `${m[1]}:` || url.port !== '') return false;
  return m[2] ? url.hostname.endsWith(`.${m[3]}`) : url.hostname === m[3];
}

const connectSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('connect-src '))!.split(' ').slice(1);

describe('the production policy and the Hub\'s CDN', () => {
  it('contentSecurityPolicy() lets the page follow the Hub\'s redirects to its LFS and Xet CDN origins, and no other host', () => {
    const sources = connectSrc(contentSecurityPolicy({ delivery: 'meta' }));
    const allowed = (origin: string) => sources.some((s) => sourceMatches(s, origin));
    for (const cdn of ['https://huggingface.co', 'https://cdn-lfs.huggingface.co', 'https://cdn-lfs-us-1.huggingface.co', 'https://cdn-lfs.hf.co', 'https://cdn-lfs-us-1.hf.co', 'https://cas-bridge.xethub.hf.co', 'https://transfer.xethub.hf.co', 'https://us.aws.cdn.hf.co']) {
      expect(allowed(cdn), cdn).toBe(true);
    }
    for (const other of ['https://hf.co.example.org', 'http://cdn-lfs.hf.co', 'https://example.org', 'https://xethub.com']) expect(allowed(other), other).toBe(false);
  });
});
