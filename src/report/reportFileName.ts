/**
 * The file name a report is saved under: the dataset (or `outcomes`) and the audit's date.
 * @example reportFileName('freelance-twins', '2026-12-02T16:00:00.000Z') // 'fairground-report-freelance-twins-2026-12-02.html'
 */
export function reportFileName(subject: string, isoDate: string | undefined): string {
  const safe = subject.replace(/[^\w.-]+/gu, '-');
  return `fairground-report-${safe}${isoDate ? `-${isoDate.slice(0, 10)}` : ''}.html`;
}
