/**
 * Nothing scrolls sideways or is cut at 360 px (issue 48): every page at rest and in the states a
 * newcomer reaches (datasets imported, both Run forms, documents with long file names, a results
 * page, two runs compared), at 360 and 1280 px. Plots are checked by plotLayout.e2e.ts; here the page
 * around them (and Compare's Pareto plot, with plotLayout's checks): no element reaches past the viewport unless a scroll box of its own holds it, no text
 * is clipped by `overflow: hidden`, no text wraps a character or two per line.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { e2e, ONE_PATH } from './browser.ts';
import { checkPlots } from './plotChecks.ts';
import { fillBm25BriefsRun } from './runForm.ts';

const WIDTHS = [360, 1280] as const;

/** In the page: what reaches past the viewport, is clipped, or wraps per character (plots aside). */
function problemsInPage(): string[] {
  const vw = document.documentElement.clientWidth;
  const out: string[] = [];
  const name = (e: Element) => `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[${e.getAttribute('data-testid')}]` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} “${(e.textContent ?? '').trim().slice(0, 40)}”`;
  const scrollBoxOf = (e: Element) => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') return p;
    }
    return undefined;
  };
  const inScrollBox = (e: Element) => scrollBoxOf(e) !== undefined;
  const hiddenVisually = (e: Element) => {
    for (let p: Element | null = e; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)' || (p as HTMLElement).hidden) return true;
    }
    return false;
  };
  if (document.documentElement.scrollWidth > vw + 1) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const e of Array.from(document.querySelectorAll('body *'))) {
    if (e.closest('svg') || e.tagName === 'OPTION' || hiddenVisually(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const s = getComputedStyle(e);
    if (s.visibility === 'hidden' || s.position === 'fixed') continue;
    if (r.right > vw + 1 && !inScrollBox(e)) out.push(`${name(e)} reaches ${Math.round(r.right)} px`);
    // A table's cells may scroll in its box; its caption is prose, read without scrolling.
    const box = e.tagName === 'CAPTION' ? scrollBoxOf(e) : undefined;
    if (box && r.right > box.getBoundingClientRect().right + 1) out.push(`${name(e)} runs past its scroll box (${Math.round(r.width)} px in ${Math.round(box.clientWidth)})`);
    const clips = s.overflowX === 'hidden' || s.overflowX === 'clip' || s.textOverflow === 'ellipsis';
    if (clips && e.scrollWidth > e.clientWidth + 1 && !['INPUT', 'SELECT', 'TEXTAREA'].includes(e.tagName)) out.push(`${name(e)} is cut (${e.scrollWidth} px of text in ${e.clientWidth})`);
    const text = Array.from(e.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
    const lineHeight = Number.parseFloat(s.lineHeight) || Number.parseFloat(s.fontSize) * 1.2;
    const lines = Math.round(r.height / lineHeight);
    if (text.length >= 6 && lines >= 3 && text.length / lines < 4 && r.width < 60) out.push(`${name(e)} wraps ${(text.length / lines).toFixed(1)} characters per line`);
  }
  return [...new Set(out)].slice(0, 12);
}

async function check(page: Page, where: string, failures: string[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150); // a resize settles (ResizeObserver-driven plots re-lay out)
    // tsx names the inner functions with a helper the page lacks: define it there (as a string, untransformed).
    await page.evaluate('globalThis.__name ??= (f) => f');
    for (const p of await page.evaluate(problemsInPage)) failures.push(`${where} at ${width} px: ${p}`);
    // FAIRGROUND_SHOTS=folder keeps a full-page screenshot of each state, for a person to look at.
    const shots = process.env.FAIRGROUND_SHOTS;
    if (shots) await page.screenshot({ path: `${shots}/${where.replace(/[^\w]+/g, '-')}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function visit(page: Page, url: string, ready: string): Promise<void> {
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
}

/** Runs one baseline model on the briefs task through the Run view. */
async function runModel(page: Page, baseUrl: string, model: 'bm25' | 'tfidf'): Promise<string> {
  await page.goto(`${baseUrl}#/run`);
  await fillBm25BriefsRun(page, model);
  await page.getByLabel('Bootstrap resamples').fill('100');
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').waitFor({ timeout: 300_000 });
  return /#\/results\/(run-[\w-]+)/.exec(page.url())![1];
}

e2e('no page scrolls sideways or cuts its text at 360 and 1280 px, at rest and in use', async ({ page, baseUrl, errors, newContext }) => {
  const failures: string[] = [];
  for (const [route, ready] of [['', 'h1'], ['#/learn', 'main svg'], ['#/models', 'h1'], ['#/outcomes', 'h1'], ['#/predictions', 'h1'], ['#/datasets', 'h1'], ['#/candidates', 'h1'], ['#/results', 'h1'], ['#/compare', 'h1']] as const) {
    await visit(page, `${baseUrl}${route}`, ready);
    await check(page, route || 'Home', failures);
  }

  for (const id of ['cv-screening', 'freelance-twins']) {
    await page.goto(`${baseUrl}#/datasets`);
    await page.getByTestId(`import-bundled-${id}`).click();
    await page.locator(`[data-testid="dataset-list"] tr[data-dataset-id="${id}"][data-state="ready"]`).waitFor({ timeout: 300_000 });
  }
  await check(page, 'Datasets with two imported', failures);

  await visit(page, `${baseUrl}#/run`, 'h1');
  await page.getByTestId('audit-type-retrieval').check();
  await check(page, 'Run (retrieval)', failures);
  await page.getByTestId('audit-type-screening').check();
  await page.getByTestId('screening-dataset').waitFor();
  await check(page, 'Run (screening)', failures);

  await visit(page, `${baseUrl}#/candidates`, 'h1');
  const long = (n: number) => ({ name: `curriculum-vitae-of-an-invented-candidate-number-${n}-final-version-2026.txt`, mimeType: 'text/plain', buffer: Buffer.from(`Alex Example ${n}\nalex${n}@example.org\n\nExperience\nData analyst, 2019–2024. Python, SQL.\n`) });
  await page.getByTestId('candidates-cvs-files').setInputFiles([long(1), long(2)]);
  await page.getByTestId('candidates-cvs-lang').selectOption('en');
  await page.getByTestId('candidates-cvs-import').click();
  await page.getByTestId('documents-table').locator('tr[data-side="cvs"]').nth(1).waitFor({ timeout: 120_000 });
  await check(page, 'Candidates with two CVs', failures);

  const a = await runModel(page, baseUrl, 'bm25');
  await check(page, 'Results of a retrieval run', failures);
  const b = await runModel(page, baseUrl, 'tfidf');
  await visit(page, `${baseUrl}#/compare`, 'h1');
  await page.locator(`[data-testid="compare-run"][data-run-id="${a}"]`).check();
  await page.locator(`[data-testid="compare-run"][data-run-id="${b}"]`).check();
  await page.getByTestId('compare-pair').waitFor();
  await check(page, 'Compare of two runs', failures);
  // Compare's Pareto plot, as plotLayout.e2e.ts checks the Results page's: no label collides at any width.
  const plots = await checkPlots(page, await (await newContext()).newPage(), 'compare', false);
  assert.ok(plots >= 1, 'Compare shows its Pareto plot');

  assert.deepEqual(failures, []);
  assert.deepEqual(errors, []);
}, { timeout: 900_000, devices: ONE_PATH });
