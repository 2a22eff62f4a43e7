/** True when dist/ (site) or dist-cli/ is missing or older than any source. */
export function buildIsStale(root?: string): boolean;
