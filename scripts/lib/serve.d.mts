/** Starts the preview server on dist/ with the isolation headers; port 0 picks a free one. */
export function serveSite(options?: { port?: number; host?: string; open?: boolean }): Promise<{ url: string; close(): Promise<void> }>;
