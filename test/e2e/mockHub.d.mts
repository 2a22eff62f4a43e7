/** Starts the mock Hugging Face Hub over test/fixtures/models/hub (and the Hub datasets under `datasets`) on a free port. */
export function startMockHub(options?: { datasets?: string }): Promise<{ url: string; requests: string[]; close(): Promise<void> }>;
