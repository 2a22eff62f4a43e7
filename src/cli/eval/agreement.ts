import type { Command } from '../command.ts';
import { listOption, numberOption, requiredOption, stringOption, type ParsedArgs } from '../args.ts';
import { InputError } from '../errors.ts';
import { DEFAULT_ANNOTATION_COLUMNS, readAnnotations, type AnnotationColumns } from '../../core/formats/annotations.ts';
import { readRecordTable, tableFormatOf } from '../../core/formats/recordTable.ts';
import { evalAgreement } from '../../core/audit/eval/index.ts';
import { parseInput } from './parseInput.ts';
import { withNulls } from './jsonNulls.ts';

/** The column mapping of the command line, the defaults (`item`, `annotator`, `label`) where not given. */
function annotationColumns(args: ParsedArgs): AnnotationColumns {
  const item = args.options.has('item-columns') ? listOption(args, 'item-columns') : [...DEFAULT_ANNOTATION_COLUMNS.item];
  if (item.length === 0) throw new InputError('--item-columns needs at least one column');
  return {
    item,
    annotator: stringOption(args, 'annotator-column') ?? DEFAULT_ANNOTATION_COLUMNS.annotator,
    label: stringOption(args, 'label-column') ?? DEFAULT_ANNOTATION_COLUMNS.label,
  };
}

/**
 * `fairground eval agreement`: label agreement of several annotators (METRICS.md §11) from a long
 * table (CSV, TSV or JSONL; one row per item, annotator and label). Output: `pairs` (each pair
 * of annotators with common items: `n_common`, `fuzzy_agreement`, `relevant_agreement`,
 * `kappa_quadratic`, `kappa_binary`; null where undefined), `summary` ({mean, min, max,
 * n_pairs} of each over the pairs), `threshold`, `n_rows`, `n_items`, `n_annotators`,
 * `n_annotator_pairs`.
 */
export const agreementCommand: Command = {
  name: 'agreement',
  options: { labels: { type: 'string', input: 'file' }, threshold: { type: 'string' }, 'item-columns': { type: 'string' }, 'annotator-column': { type: 'string' }, 'label-column': { type: 'string' } },
  usage: 'eval agreement --labels F [--threshold 1] [--item-columns item] [--annotator-column annotator] [--label-column label]',
  summary: "fuzzy and relevant agreement, quadratic-weighted and binarised Cohen's kappa between annotators (long table item,annotator,label)",
  async run(args, io) {
    const file = requiredOption(args, 'labels');
    const threshold = numberOption(args, 'threshold', 1);
    const columns = annotationColumns(args);
    const annotations = await parseInput(io, file, (text) => readAnnotations(readRecordTable(text, tableFormatOf(file, text)), columns));
    return withNulls(evalAgreement(annotations, { threshold }));
  },
};
