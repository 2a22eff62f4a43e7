// The Content-Security-Policy of the built site (docs/security.md): one
// function builds it for both deliveries, the <meta http-equiv> tag that
// vite.config.ts writes into dist/index.html and the header the `npm start`
// server sends. Pure: no I/O, no side effects on import.

/**
 * Where the model loader connects for Hub models: the Hub itself, and the
 * hosts its `resolve/` URLs redirect large files to (cdn-lfs.huggingface.co,
 * cdn-lfs-us-1.hf.co, cas-bridge.xethub.hf.co, us.aws.cdn.hf.co, …). A CSP
 * checks every redirect target, so these must be listed too. `*.` matches
 * any depth of subdomain.
 */
export const HUB_CONNECT_ORIGINS = Object.freeze(['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co']);

/** The environment variable that adds origins to connect-src (a Hub mirror, the e2e tests' mock Hub). */
export const CONNECT_ENV = 'FAIRGROUND_CONNECT_SRC';

/** Directives a <meta> policy may not carry (the browser ignores them there, with a console error). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'report-to', 'sandbox']);

/**
 * The policy as a list of [directive, sources]:
 * - scripts and workers from the site only, plus 'wasm-unsafe-eval' (ONNX
 *   Runtime compiles its WebAssembly) and blob: (transformers.js hands ONNX
 *   Runtime its JavaScript glue as a blob: module, whose threads start from
 *   that blob: URL); no inline script, no eval;
 * - connections to the site and the Hub origins (plus `connect`), nothing else;
 * - styles from the site, plus the inline <style> of the plots by hash;
 * - images from the site, data: (the icon) and blob: (the PNG export);
 * - fonts from the site only; no plugins, no <base>, forms post nowhere else.
 * @param {{ connect?: readonly string[], styleHashes?: readonly string[], delivery?: 'meta' | 'header', reportUri?: string }} [options]
 * @returns {[string, string[]][]}
 */
export function policyDirectives({ connect = [], styleHashes = [], delivery = 'header', reportUri } = {}) {
  const directives = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'", 'blob:']],
    ['worker-src', ["'self'", 'blob:']],
    ['connect-src', ["'self'", ...new Set([...HUB_CONNECT_ORIGINS, ...connect])]],
    ['style-src', ["'self'", ...styleHashes.map((h) => `'${h}'`)]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  if (reportUri) directives.push(['report-uri', [reportUri]]);
  return delivery === 'meta' ? directives.filter(([name]) => !HEADER_ONLY.has(name)) : directives;
}

/**
 * The policy as one string, directives in a fixed order.
 * @param {Parameters<typeof policyDirectives>[0]} [options]
 * @example contentSecurityPolicy({ delivery: 'meta' }) // "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' blob:; …"
 */
export function contentSecurityPolicy(options) {
  return policyDirectives(options)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The origins of a list like `https://mirror.example, http://localhost:5555/`
 * (commas or white space between them), each checked to be an http(s) origin
 * and written without a path.
 * @param {string | undefined} text
 * @returns {string[]}
 * @throws {Error} naming the entry that is not an http(s) URL.
 * @example connectOrigins('http://localhost:5555/ https://hf-mirror.com') // ['http://localhost:5555', 'https://hf-mirror.com']
 */
export function connectOrigins(text) {
  const out = [];
  for (const entry of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    let url;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new Error(`${CONNECT_ENV}: "${entry}" is not an http(s) address; list origins like https://hf-mirror.com, separated by spaces or commas`);
    }
    out.push(url.origin);
  }
  return out;
}

const META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/;

/** The <meta http-equiv> tag of a policy (the policy holds no `"` or `<`). */
export function policyMetaTag(policy) {
  return `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
}

/**
 * The policy of a built index.html's meta tag, or undefined when it has none.
 * @param {string} html
 */
export function metaPolicyOf(html) {
  const content = META.exec(html)?.[1];
  return content?.replace(/&#39;|&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/**
 * `html` with its meta policy replaced by `policy`.
 * @param {string} html
 * @param {string} policy
 * @throws {Error} when the page has no meta policy (a build from before the policy existed: rebuild).
 */
export function withMetaPolicy(html, policy) {
  if (!META.test(html)) throw new Error('dist/index.html has no Content-Security-Policy meta tag: rebuild the site (npm run build)');
  return html.replace(META, policyMetaTag(policy));
}

/**
 * The style hashes of a built page's policy ('sha256-…' sources of style-src), so the server can send the same policy.
 * @param {string} policy
 * @returns {string[]}
 */
export function styleHashesOf(policy) {
  const style = policy.split(';').map((d) => d.trim().split(/\s+/)).find(([name]) => name === 'style-src') ?? [];
  return style.slice(1).filter((s) => /^'sha(256|384|512)-/.test(s)).map((s) => s.slice(1, -1));
}
