/**
 * What the page (or the CLI's options) adds that the results cannot know: the auditor's name, the
 * tool's distribution date, an audit date that overrides the results' own, and for an outcome
 * audit whether the decisions are historical. Never guessed: an empty field reads "not given".
 */

export interface ReportFields {
  readonly auditor?: string;
  /** The distribution date of the audited tool (NYC LL144 § 5-304), YYYY-MM-DD as given. */
  readonly distributionDate?: string;
  /** The audit's date, YYYY-MM-DD: overrides the date the results were made. */
  readonly auditDate?: string;
  /** Whether an outcome audit's decisions are the tool's historical use: overrides what `eval outcomes --historical` stored. */
  readonly historical?: 'yes' | 'no';
  /** Why test data was used in place of historical data, and how it was made (6 RCNY § 5-302). */
  readonly testDataNote?: string;
}

export const NOT_GIVEN = 'not given';

/** A field's text, or "not given" when empty. @example fieldText('  ') // 'not given' */
export function fieldText(value: string | undefined): string {
  const v = value?.trim() ?? '';
  return v === '' ? NOT_GIVEN : v;
}

/**
 * Whether `text` is a real calendar date written YYYY-MM-DD: the pattern, and the date read back
 * through Date.UTC is the same day (so 2026-02-30 and 2026-13-45 are refused, 2028-02-29 is not).
 * @example isCalendarDate('2026-02-30') // false
 * @example isCalendarDate('2028-02-29') // true
 */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}
