#!/usr/bin/env node
/**
 * The inputs of scripts/reference/compare.py: `fairground run` of BM25 and of TF-IDF on the bundled
 * twins dataset (task briefs, B = 1000, seed 0), each kept with its per-query values (`perUnit`)
 * and overall metrics; the histograms and the per-language and per-direction scopes are cut to keep
 * the fixture small (a comparison reads the overall scope only).
 *
 * Run after `npm run build:cli`:  node scripts/reference/compareInputs.mjs
 * Writes test/fixtures/reference/compare-runs.json.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const run = (model) => {
  const r = JSON.parse(execFileSync(process.execPath, ['dist-cli/fairground.js', 'run', '--dataset', 'datasets/freelance-twins', '--task', 'briefs', '--model', model, '--bootstrap', '1000', '--seed', '0', '--quiet'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  for (const s of r.subsets) {
    for (const m of s.models) {
      m.rankShiftHistogram = [];
      m.robustness.perLang = {};
      m.robustness.perLangPooled = {};
      m.robustness.perDirection = {};
      delete m.effectivenessPerLang;
      m.timing = { wallMs: 0, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 };
    }
  }
  r.createdAt = '';
  return r;
};

writeFileSync('test/fixtures/reference/compare-runs.json', `${JSON.stringify({ bm25: run('bm25'), tfidf: run('tfidf') })}\n`);
