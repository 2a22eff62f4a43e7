/**
 * What each audit kind shares as a link (docs/permalinks.md): the payload builders the page's
 * Share boxes, the report's Reproduce section and Re-run all use, their precision and length.
 */
export { LINK_DETAILS, type LinkDetail } from './detail.ts';
export { atLinkPrecision, linkNumber, LINK_SIGNIFICANT_DIGITS } from './linkPrecision.ts';
export { EMAIL_SAFE_LINK_CHARS, TICKET_SAFE_LINK_CHARS, linkReach, linkReachText, type LinkReach } from './linkLength.ts';
export { retrievalPayload } from './retrievalPayload.ts';
export { screeningPayload, type SharedScreeningResults } from './screeningPayload.ts';
export { outcomesPayload } from './outcomesPayload.ts';
export { tasksPayload } from './tasksPayload.ts';
export { filesSha256 } from './filesSha256.ts';
export { decisionsContentStrings, groupCategories, predictionsContentStrings, withoutCategories } from './contentStrings.ts';
