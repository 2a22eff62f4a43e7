// Serves the built site (dist/) with the cross-origin isolation headers and
// its Content-Security-Policy, through Vite's preview server, so `npm start`
// and the e2e tests serve alike.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { preview } from 'vite';
import { CONNECT_ENV, connectOrigins, contentSecurityPolicy, metaPolicyOf, styleHashesOf, withMetaPolicy } from './csp.mjs';

/** Where the browser POSTs violation reports when serveSite is given onCspReport. */
export const CSP_REPORT_PATH = '/__csp-report';

/**
 * A Vite plugin for the preview server: every response carries the site's
 * policy as a header (dedicated workers take their policy from their own
 * script's response, never from the page's <meta>), with `connect` added to
 * connect-src; index.html is served with its <meta> policy rewritten to the
 * same one, so the two never disagree. The style hashes come from the built
 * page. With `header: false` nothing is changed: dist/ is served as a static
 * host without headers would serve it (the <meta> alone).
 */
function securityHeaders({ connect, header, onReport }) {
  return {
    name: 'fairground-security-headers',
    // Before the config's own middlewares, so every response gets the header.
    enforce: 'pre',
    configurePreviewServer(server) {
      if (!header) return;
      const dist = resolve(server.config.root, server.config.build.outDir);
      const built = readFileSync(resolve(dist, 'index.html'), 'utf8');
      const builtPolicy = metaPolicyOf(built);
      if (!builtPolicy) throw new Error(`${dist}/index.html has no Content-Security-Policy meta tag: rebuild the site (npm run build)`);
      const options = { connect, styleHashes: styleHashesOf(builtPolicy) };
      const policy = contentSecurityPolicy({ ...options, delivery: 'header', reportUri: onReport ? CSP_REPORT_PATH : undefined });
      const page = withMetaPolicy(built, contentSecurityPolicy({ ...options, delivery: 'meta' }));
      const isolation = server.config.preview.headers ?? {};
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        if (onReport && path === CSP_REPORT_PATH && req.method === 'POST') {
          let body = '';
          req.on('data', (d) => (body += d));
          req.on('end', () => {
            try {
              onReport(JSON.parse(body));
            } catch {
              onReport({ unreadable: body.slice(0, 500) });
            }
            res.statusCode = 204;
            res.end();
          });
          return;
        }
        res.setHeader('Content-Security-Policy', policy);
        if (path === '/' || path === '/index.html') {
          for (const [k, v] of Object.entries(isolation)) res.setHeader(k, v);
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(req.method === 'HEAD' ? undefined : page);
          return;
        }
        next();
      });
    },
  };
}

/**
 * Starts the preview server; resolves to { url, close }. port 0 picks a free one.
 * `connect`: origins added to connect-src (default: those in FAIRGROUND_CONNECT_SRC).
 * `cspHeader: false` serves dist/ without the policy header, as a plain static host would.
 * `onCspReport`: receives every violation report the browser sends (tests).
 */
export async function serveSite({ port = 4173, host = 'localhost', open = false, connect, cspHeader = true, onCspReport } = {}) {
  const extra = connect ?? connectOrigins(process.env[CONNECT_ENV]);
  const server = await preview({
    preview: { port, host, strictPort: port !== 0 && false, open },
    logLevel: 'warn',
    plugins: [securityHeaders({ connect: extra, header: cspHeader, onReport: onCspReport })],
  });
  const address = server.httpServer.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}/`,
    connect: extra,
    // Also ends kept-alive connections: a browser still open on the site would otherwise hold close() up.
    close: () =>
      new Promise((resolve) => {
        server.httpServer.close(() => resolve());
        server.httpServer.closeAllConnections?.();
      }),
  };
}
