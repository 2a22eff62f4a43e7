import { describe, expect, it } from 'vitest';
import {
  connectOrigins,
  contentSecurityPolicy,
  HUB_CONNECT_ORIGINS,
  metaPolicyOf,
  policyDirectives,
  policyMetaTag,
  styleHashesOf,
  withMetaPolicy,
} from '../../../scripts/lib/csp.mjs';
import { DEFAULT_HUB_HOST } from '../../../src/core/models/modelSource.ts';
import { PLOT_STYLE } from '../../../src/present/plots/svg.ts';
import { renderPareto } from '../../../src/present/plots/pareto.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('contentSecurityPolicy(options)', () => {
  const policy = contentSecurityPolicy({ connect: ['http://localhost:5555'], styleHashes: ['sha256-abc='] });

  it('allows scripts and workers from the site, WebAssembly and blob: modules, and nothing inline or eval', () => {
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval' blob:");
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  });

  it('connects to the site, the Hub with its CDN hosts, and the configured origins only', () => {
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://huggingface.co https://*.huggingface.co https://*.hf.co http://localhost:5555");
    expect(directive(contentSecurityPolicy({ connect: ['https://huggingface.co'] }), 'connect-src')).toBe(`connect-src 'self' ${HUB_CONNECT_ORIGINS.join(' ')}`);
  });

  it('allows the default Hub address of the model loader', () => {
    expect(HUB_CONNECT_ORIGINS).toContain(new URL(DEFAULT_HUB_HOST).origin);
  });

  it('has no third-party fonts, styles or images: only the site, data: and blob: images, hashed inline styles', () => {
    expect(directive(policy, 'font-src')).toBe("font-src 'self'");
    expect(directive(policy, 'style-src')).toBe("style-src 'self' 'sha256-abc='");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
  });

  it("leaves out of a <meta> policy what a <meta> cannot carry (frame-ancestors, report-uri)", () => {
    const names = (delivery: 'meta' | 'header') => policyDirectives({ delivery, reportUri: '/r' }).map(([n]) => n);
    expect(names('header')).toEqual(expect.arrayContaining(['frame-ancestors', 'report-uri']));
    expect(names('meta')).not.toContain('frame-ancestors');
    expect(names('meta')).not.toContain('report-uri');
  });
});

describe('connectOrigins(text)', () => {
  it('reads origins separated by spaces or commas, without their paths', () => {
    expect(connectOrigins(' http://localhost:5555/x, https://hf-mirror.com ')).toEqual(['http://localhost:5555', 'https://hf-mirror.com']);
    expect(connectOrigins(undefined)).toEqual([]);
  });

  it('refuses an entry that is not an http(s) address, saying what to write', () => {
    expect(() => connectOrigins('hf-mirror.com')).toThrow(/FAIRGROUND_CONNECT_SRC: "hf-mirror.com" is not an http\(s\) address/);
    expect(() => connectOrigins('ftp://x.org')).toThrow(/not an http\(s\) address/);
  });
});

describe('the <meta> policy of index.html', () => {
  const html = `<head>\n<meta charset="UTF-8" />\n${policyMetaTag("default-src 'self'; style-src 'self' 'sha256-q1w2='")}\n</head>`;

  it('metaPolicyOf(html) reads it back, HTML entities decoded', () => {
    expect(metaPolicyOf(html)).toBe("default-src 'self'; style-src 'self' 'sha256-q1w2='");
    expect(metaPolicyOf('<meta http-equiv="Content-Security-Policy" content="a &#39;self&#39;">')).toBe("a 'self'");
    expect(metaPolicyOf('<head></head>')).toBeUndefined();
  });

  it('withMetaPolicy(html, policy) replaces it, and says to rebuild when there is none', () => {
    expect(metaPolicyOf(withMetaPolicy(html, "default-src 'none'"))).toBe("default-src 'none'");
    expect(() => withMetaPolicy('<head></head>', 'x')).toThrow(/rebuild the site/);
  });

  it('styleHashesOf(policy) gives the hashes of style-src', () => {
    expect(styleHashesOf(metaPolicyOf(html)!)).toEqual(['sha256-q1w2=']);
  });

  it('the one inline <style> of a plot is PLOT_STYLE exactly, so its hash in the policy matches', () => {
    const styles = [...renderPareto({ xLabel: 'x', yLabel: 'y', points: [{ id: 'a', label: 'A', x: 0.5, y: 0.5, dominated: false }] }).matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);
    expect(styles).toEqual([PLOT_STYLE]);
  });
});
