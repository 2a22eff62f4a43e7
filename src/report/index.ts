/** The audit report (issue 32): what the page's Report button and `fairground report` call. */
export { buildReport, buildReportDocument } from './buildReport.ts';
export type { ReportInput, ReportResults, UnfinishedModel } from './buildReport.ts';
export type { ReportFields } from './fields.ts';
export { isCalendarDate } from './fields.ts';
export type { ReportScreeningResults } from './screeningReport.ts';
export type { ReportDocument } from './document.ts';
export { renderReportHtml } from './renderReportHtml.ts';
export { reportFileName } from './reportFileName.ts';
export { reportForbiddenStrings, CATEGORY_FIELDS } from './forbiddenStrings.ts';
