/**
 * The forest plot's axis labels, measured in Chromium: on screen, in the
 * exported SVG opened on its own (what the PNG export rasterises), and the
 * PNG's size against the SVG's own layout.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { e2e, ONE_PATH } from './browser.ts';
import { retrievalPayload } from '../unit/core/permalink/fixtures.ts';

const fragment = (json: unknown) => `r=${deflateRawSync(Buffer.from(JSON.stringify(json))).toString('base64url')}`;

/** The rendered boxes of the x tick labels, left to right. */
async function tickBoxes(svg: Locator): Promise<{ text: string; left: number; right: number }[]> {
  // The forest plot draws a panel per language, each with the same ticks: measure one panel's axis.
  const boxes = await svg.locator('.axis-x').first().locator(':scope > g text').evaluateAll((texts) =>
    texts.map((t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent ?? '', left: r.left, right: r.right };
    }),
  );
  return boxes.sort((a, b) => a.left - b.left);
}

function assertApart(boxes: { text: string; left: number; right: number }[], where: string): void {
  assert.ok(boxes.length >= 3, `${where}: ${boxes.length} tick labels`);
  for (let i = 1; i < boxes.length; i++) {
    assert.ok(boxes[i].left >= boxes[i - 1].right, `${where}: "${boxes[i - 1].text}" (…${boxes[i - 1].right.toFixed(1)}) overlaps "${boxes[i].text}" (${boxes[i].left.toFixed(1)}…)`);
  }
}

async function download(page: Page, button: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFileSync(await file.path());
}

/**
 * A shared result whose per-language RBC spans about ±0.05: d3 then asks for
 * ticks every 0.01, eleven labels like "−0.04" in the narrow frame between
 * the model names and the printed estimates.
 */
function smallEffects(): unknown {
  const p = retrievalPayload();
  type Twins = { rbc: { mean: number; ci: [number, number] } };
  for (const m of (p.results.subsets as { models: { robustness: { perLang: Record<string, Twins> } }[] }[])[0].models) {
    Object.values(m.robustness.perLang).forEach((t, i) => (t.rbc = { mean: -0.012 + i * 0.004, ci: [-0.0432 + i * 0.003, 0.0411 + i * 0.003] }));
  }
  return p;
}

e2e('the forest plot and its SVG and PNG exports keep their axis labels apart', async ({ page, baseUrl, newContext, errors }) => {
  await page.goto(`${baseUrl}#${fragment(smallEffects())}`);
  const plot = page.getByTestId('forest-plot');
  await plot.locator('svg').waitFor({ timeout: 20_000 });
  assertApart(await tickBoxes(plot.locator('svg')), 'on screen');

  const figure = page.locator('figure', { has: plot });
  const svg = (await download(page, figure.getByRole('button', { name: 'SVG' }))).toString('utf8');
  const same = await plot.evaluate((div, exported) => {
    const parsed = new DOMParser().parseFromString(exported, 'image/svg+xml').documentElement;
    return parsed.isEqualNode(div.querySelector('svg'));
  }, svg);
  assert.ok(same, 'the SVG export is the very SVG on screen, node for node');
  const alone = await (await newContext()).newPage();
  await alone.setContent(svg);
  assertApart(await tickBoxes(alone.locator('svg')), 'the exported SVG on its own');

  const png = await download(page, figure.getByRole('button', { name: 'PNG' }));
  assert.equal(png.subarray(1, 4).toString('ascii'), 'PNG');
  const [, , w, h] = /viewBox="([^"]+)"/.exec(svg)![1].split(' ').map(Number);
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [Math.round(2 * w), Math.round(2 * h)], 'the PNG is the SVG layout at 2×');
  assert.deepEqual(errors, []);
}, { devices: ONE_PATH });
