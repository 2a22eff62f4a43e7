/** Starts the mock Hugging Face Hub over test/fixtures/models/hub on a free port. */
export function startMockHub(): Promise<{ url: string; requests: string[]; close(): Promise<void> }>;
