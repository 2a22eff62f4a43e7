// Serves the built site (dist/) with the cross-origin isolation headers,
// through Vite's preview server so `npm start` and the e2e tests serve alike.
import { preview } from 'vite';

/** Starts the preview server; resolves to { url, close }. port 0 picks a free one. */
export async function serveSite({ port = 4173, host = 'localhost', open = false } = {}) {
  const server = await preview({
    preview: { port, host, strictPort: port !== 0 && false, open },
    logLevel: 'warn',
  });
  const address = server.httpServer.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}/`,
    close: () => new Promise((resolve) => server.httpServer.close(() => resolve())),
  };
}
