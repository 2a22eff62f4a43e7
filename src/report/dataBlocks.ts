/**
 * The "Data" section's common part: the dataset's identity (id, version, manifest SHA-256), from
 * the manifest when it is given its languages and the records of each shard, for one's own
 * candidates the generation counts and the counterfactual settings, the audit's date and the two
 * fields the page fills (the tool's distribution date, the auditor's name).
 */
import type { DatasetIdentity } from '../core/audit/common/index.ts';
import type { Manifest } from '../core/formats/manifest.ts';
import { countCell } from './cells.ts';
import { textCell, type ReportBlock } from './document.ts';
import { fieldText, NOT_GIVEN, type ReportFields } from './fields.ts';

/** The fields and the audit's date (YYYY-MM-DD: `--audit-date`, else the date the results were made). */
export function auditFacts(fields: ReportFields, auditDate: string | undefined): ReportBlock {
  return {
    kind: 'facts',
    items: [
      ['Audit date', auditDate ?? NOT_GIVEN],
      ['Distribution date of the tool', fieldText(fields.distributionDate)],
      ['Auditor', fieldText(fields.auditor)],
    ],
  };
}

/** The dataset's identity, languages and shards, and its generation. */
export function datasetBlocks(dataset: DatasetIdentity, manifest: Manifest | undefined): ReportBlock[] {
  const same = manifest !== undefined && manifest.id === dataset.id && manifest.version === dataset.version;
  const blocks: ReportBlock[] = [
    {
      kind: 'facts',
      items: [
        ['Dataset', dataset.id],
        ['Version', dataset.version],
        ['Manifest SHA-256', dataset.manifestSha256],
        ['Title', same ? manifest.title : NOT_GIVEN],
        ['Languages', same ? manifest.languages.join(', ') || 'none declared' : NOT_GIVEN],
        ['License', same ? (manifest.license ?? 'none declared') : NOT_GIVEN],
      ],
    },
  ];
  if (same) {
    blocks.push({
      kind: 'table',
      caption: 'Records per shard of the dataset package, as its manifest lists them.',
      columns: ['Shard', 'Kind', 'Records', 'SHA-256'],
      rows: manifest.shards.map((s) => [textCell(`${s.name} (${s.path})`), textCell(s.kind), s.records === undefined ? textCell('not listed') : countCell(s.records), textCell(s.sha256 ?? 'not listed')]),
      hook: 'shards',
    });
  } else {
    blocks.push({ kind: 'paragraph', text: 'The manifest was not given with the results, so the records per shard and the languages are not listed here; the manifest SHA-256 above identifies the package.' });
  }
  const g = dataset.generation;
  if (g) {
    blocks.push({
      kind: 'table',
      caption: 'One’s own candidates: the counterfactual variants generated, and what the review did with them.',
      columns: ['Variants', 'Generated', 'Accepted', 'Edited', 'Rejected', 'Not made'],
      rows: [[textCell('all'), countCell(g.generated), countCell(g.accepted), countCell(g.edited), countCell(g.rejected), countCell(g.notMade)]],
      hook: 'generation',
    });
    const s = g.settings;
    if (s) {
      blocks.push({
        kind: 'facts',
        items: [
          ['Neutral base', s.neutralise ? 'yes: names, contacts and demographic statements removed first' : 'no'],
          ['Names', `${s.names}, ${s.names_per_group} per group`],
          ['Attributes', s.attributes.join(', ')],
          ['Gender names’ ethnicity', s.gender_names_ethnicity],
          ['Other names’ gender', s.other_names_gender],
          ['Name lists', s.name_lists.join(', ') || 'the built-in lists'],
        ],
      });
    }
  }
  return blocks;
}
