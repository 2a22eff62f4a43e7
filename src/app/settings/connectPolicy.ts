/**
 * Whether this page may connect to an address, read from its own
 * Content-Security-Policy (the <meta> tag the build writes, scripts/lib/csp.mjs):
 * a dataset URL or a Hub address on a host the policy does not list would
 * fail with a bare "Failed to fetch"; the Datasets view says why instead, and
 * how to allow it (docs/security.md, FAIRGROUND_CONNECT_SRC).
 */

/** The connect-src sources of a policy text; undefined when it has none (then default-src rules, or nothing does). */
export function connectSources(policy: string): string[] | undefined {
  const directives = policy.split(';').map((d) => d.trim().split(/\s+/));
  const connect = directives.find((d) => d[0]?.toLowerCase() === 'connect-src') ?? directives.find((d) => d[0]?.toLowerCase() === 'default-src');
  return connect?.slice(1);
}

/**
 * True when `url` matches a source: 'self' (the page's origin), an exact origin, or
 * `scheme://*.host` (any depth of subdomain of host, not host itself).
 * @example allowsConnect(["'self'", 'https://*.hf.co'], 'https://cdn.hf.co/x', 'http://localhost:4173') // true
 */
export function allowsConnect(sources: readonly string[], url: string, pageOrigin: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  return sources.some((s) => {
    if (s === "'self'") return target.origin === pageOrigin;
    if (s === '*') return true;
    const m = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([^/:]+)(:\d+)?\/?$/i.exec(s);
    if (!m) return false;
    const [, scheme, wildcard, host, port] = m;
    if (target.protocol !== `${scheme.toLowerCase()}:`) return false;
    if ((port ?? '') !== (target.port ? `:${target.port}` : '')) return false;
    const h = target.hostname.toLowerCase();
    return wildcard ? h.endsWith(`.${host.toLowerCase()}`) : h === host.toLowerCase();
  });
}

/**
 * Why the page cannot reach `url`, or undefined when its policy allows it (or it has none).
 * @example blockedByPolicy("connect-src 'self'", 'https://data.example/x/', 'https://fg.example') // 'This site's Content-Security-Policy …'
 */
export function blockedByPolicy(policy: string | undefined, url: string, pageOrigin: string): string | undefined {
  if (!policy) return undefined;
  const sources = connectSources(policy);
  if (!sources || allowsConnect(sources, url, pageOrigin)) return undefined;
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // not a URL: the caller reports that
  }
  return (
    `This site's Content-Security-Policy lets it connect only to ${sources.join(' ')}, so the browser would refuse ${origin}. ` +
    `Serve or build Fairground with FAIRGROUND_CONNECT_SRC="${origin}" (docs/security.md), or download the files and import them from disk.`
  );
}

/** The policy of the page, from its <meta http-equiv> tag (the header, when there is one, says the same). */
export function pagePolicy(doc: Pick<Document, 'querySelector'> = document): string | undefined {
  return doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? undefined;
}
