/**
 * Starts the mock Hugging Face Hub over test/fixtures/models/hub (and the Hub datasets under `datasets`) on a free port,
 * with its CDN (where LFS files are redirected) on another.
 */
export function startMockHub(options?: { datasets?: string }): Promise<{ url: string; cdnUrl: string; requests: string[]; cdnRequests: string[]; close(): Promise<void> }>;
