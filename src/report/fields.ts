/**
 * What the page (or the CLI's options) adds that the results cannot know: the auditor's name and
 * the tool's distribution date. Never guessed: an empty field reads "not given".
 */

export interface ReportFields {
  readonly auditor?: string;
  /** The distribution date of the audited tool (NYC LL144 § 5-304), YYYY-MM-DD as given. */
  readonly distributionDate?: string;
}

export const NOT_GIVEN = 'not given';

/** A field's text, or "not given" when empty. @example fieldText('  ') // 'not given' */
export function fieldText(value: string | undefined): string {
  const v = value?.trim() ?? '';
  return v === '' ? NOT_GIVEN : v;
}
