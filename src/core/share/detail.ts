/**
 * How much of a result a link carries. `summary`: the headline tables — each model's
 * effectiveness and fairness over all queries (or, for screening, its verdict numbers) — short
 * enough for an e-mail or a ticket. `full`: every table of the results page (per language, per
 * direction, every variant group and outcome table), for a document or the report.
 */
export type LinkDetail = 'summary' | 'full';

export const LINK_DETAILS: readonly LinkDetail[] = Object.freeze(['summary', 'full']);
