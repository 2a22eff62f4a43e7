/**
 * The named-entity models the optional second opinion on names can run (issue 46), by Hub id: the
 * default, a real multilingual one, and the tiny test model of test/fixtures/models (served by the
 * mock Hub in the e2e tests). Another Hub id runs in fp32 with the default's reading size.
 */
import type { Dtype } from '../core/models/device.ts';

export interface NerModelEntry {
  readonly id: string;
  /** The Hub revision asked for. */
  readonly revision: string;
  /** Download size by dtype, in MB (what the checkbox says). */
  readonly sizeMb: Partial<Record<Dtype, number>>;
  /** Characters read at once (under the model's maximum length in tokens). */
  readonly chunkChars: number;
  readonly label: string;
}

/**
 * Davlan's bert-base-multilingual-cased-ner-hrl in ONNX (PER, ORG, LOC in ten languages among them
 * en, fr, es, de, nl). The revision is `main`: no commit of it was read here to pin (no network);
 * pin it to the commit whose file listing matches these sizes before relying on it.
 */
export const DEFAULT_NER_MODEL = 'Xenova/bert-base-multilingual-cased-ner-hrl';
export const TINY_NER_MODEL = 'fairground-test/tiny-ner';

export const NER_MODELS: Readonly<Record<string, NerModelEntry>> = Object.freeze({
  [DEFAULT_NER_MODEL]: { id: DEFAULT_NER_MODEL, revision: 'main', sizeMb: { q8: 178, fp32: 709 }, chunkChars: 1000, label: 'multilingual BERT NER (10 languages)' },
  [TINY_NER_MODEL]: { id: TINY_NER_MODEL, revision: 'main', sizeMb: { fp32: 0.04 }, chunkChars: 200, label: 'tiny test model' },
});

/**
 * The entry of a Hub id: a known one, else fp32 at the default's reading size.
 * @example nerModelEntry('someone/ner').sizeMb // {}
 */
export function nerModelEntry(id: string): NerModelEntry {
  return NER_MODELS[id] ?? { id, revision: 'main', sizeMb: {}, chunkChars: 1000, label: id };
}
