/**
 * A second copy of the built site for tests that must see every
 * Content-Security-Policy violation: the page's own (a `securitypolicyviolation`
 * listener installed before any script runs) and its workers' (a dedicated
 * worker has its own policy, from its script's response header, and its
 * events never reach the page; the browser POSTs them to the policy's
 * report-uri, which this server collects).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { serveSite } from '../../scripts/lib/serve.mjs';

export interface Violation {
  readonly where: 'page' | 'report';
  readonly directive: string;
  readonly blocked: string;
  readonly source: string;
}

export interface ReportingSite {
  readonly url: string;
  /** Reports POSTed so far (page and workers), as violations. */
  readonly reports: Violation[];
  close(): Promise<void>;
}

/** Starts the site with the mock Hub (if any) in connect-src and a report collector; `cspHeader: false` serves the <meta> policy alone. */
export async function siteWithReports(options: { connect?: readonly string[]; cspHeader?: boolean } = {}): Promise<ReportingSite> {
  const reports: Violation[] = [];
  const site = await serveSite({
    port: 0,
    connect: options.connect ?? [],
    cspHeader: options.cspHeader ?? true,
    onCspReport: (body) => {
      const r = ((body as { 'csp-report'?: Record<string, string> })['csp-report'] ?? {}) as Record<string, string>;
      reports.push({ where: 'report', directive: r['effective-directive'] ?? r['violated-directive'] ?? '?', blocked: r['blocked-uri'] ?? '', source: r['document-uri'] ?? '' });
    },
  });
  return { url: site.url, reports, close: () => site.close() };
}

/** Makes every page of `context` record its violations in `window.__violations` from its first script on. */
export async function recordPageViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const list: unknown[] = [];
    (window as unknown as { __violations: unknown[] }).__violations = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push({ where: 'page', directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile || e.documentURI }));
  });
}

/** The violations a page has seen so far. */
export async function pageViolations(page: Page): Promise<Violation[]> {
  return page.evaluate(() => ((window as unknown as { __violations?: Violation[] }).__violations ?? []) as Violation[]);
}

/** Waits a little for reports still in flight (the browser POSTs them shortly after the violation). */
export function settleReports(ms = 1500): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
