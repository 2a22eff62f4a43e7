/**
 * The Datasets view's form for a Hub dataset whose layout Fairground does not
 * recognise (or whose twins groups it does not know): a role for each data
 * file and the groups of each twins attribute. The map and the gaps are
 * computed by core (hubFileMap.ts); this class only holds what the user chose.
 */
import { hubMapGaps } from '../../core/hub/hubFileMap.ts';
import type { HubFileMap, HubFileRole } from '../../core/hub/hubFileMap.ts';
import type { HubLayoutGap } from '../../core/hub/hubLayoutError.ts';

/** What the import could not decide, as DatasetsState keeps it from the HubLayoutError. */
export interface HubLayoutQuestion {
  /** The id as typed, to import again with the answers. */
  readonly text: string;
  readonly gap: HubLayoutGap;
  readonly files: readonly string[];
  readonly suggested: HubFileMap;
  readonly missingGroups: readonly string[];
}

export type RoleChoice = HubFileRole['role'];
export const ROLE_CHOICES: readonly { value: RoleChoice; label: string }[] = Object.freeze([
  { value: 'ignore', label: 'not imported' },
  { value: 'corpus', label: 'corpus' },
  { value: 'queries', label: 'queries' },
  { value: 'qrels', label: 'qrels (relevance judgments)' },
  { value: 'twins', label: 'twins of an attribute' },
]);

export class HubMapForm {
  readonly question: HubLayoutQuestion;
  roles = $state<Record<string, RoleChoice>>({});
  /** The attribute of each file given role twins. */
  attributes = $state<Record<string, string>>({});
  /** The split of each qrels file ('' for test). */
  splits = $state<Record<string, string>>({});
  /** Each attribute's groups as typed: `female/male`. */
  groupText = $state<Record<string, string>>({});

  /** The question, for the deriveds below (which run after the constructor, when read). */
  #asked(): HubLayoutQuestion {
    return this.question;
  }

  constructor(question: HubLayoutQuestion) {
    this.question = question;
    for (const path of question.files) {
      const r = question.suggested[path] ?? { role: 'ignore' };
      this.roles[path] = r.role;
      this.attributes[path] = r.role === 'twins' ? r.attribute : '';
      this.splits[path] = r.role === 'qrels' ? (r.split ?? '') : '';
    }
  }

  /** The map to import with (none when only groups were asked for: the layout placed the files). */
  readonly map = $derived.by((): HubFileMap | undefined => {
    const question = this.#asked();
    if (question.gap !== 'files') return undefined;
    return Object.fromEntries(
      question.files.map((path): [string, HubFileRole] => {
        const role = this.roles[path];
        if (role === 'twins') return [path, { role, attribute: this.attributes[path].trim() }];
        if (role === 'qrels') return [path, this.splits[path].trim() ? { role, split: this.splits[path].trim() } : { role }];
        return [path, { role }];
      }),
    );
  });

  /** The twins attributes whose groups the form asks for. */
  readonly attributesAsked = $derived(
    this.map === undefined
      ? [...this.#asked().missingGroups]
      : [...new Set(Object.values(this.map).flatMap((r) => (r.role === 'twins' && r.attribute !== '' ? [r.attribute] : [])))].sort(),
  );

  /**
   * The groups typed, by attribute. Left empty, a mapped attribute's groups come from its
   * records' `group` fields (or the card); only when those had none (gap `groups`) must they be typed.
   */
  readonly groups = $derived(
    Object.fromEntries(
      this.attributesAsked.filter((a) => (this.groupText[a] ?? '').trim() !== '').map((a) => [a, (this.groupText[a] ?? '').split('/').map((g) => g.trim())]),
    ),
  );

  /** What is still missing, in words; the import waits until there is nothing. */
  readonly gaps = $derived.by(() => {
    const unnamed = this.map ? Object.entries(this.map).filter(([, r]) => r.role === 'twins' && r.attribute === '').map(([p]) => `no attribute for the twins in ${p}`) : [];
    const map = this.map ?? { corpus: { role: 'corpus' }, queries: { role: 'queries' }, qrels: { role: 'qrels' } };
    const parts = Object.fromEntries(Object.entries(map).filter(([, r]) => r.role !== 'twins'));
    const required = this.#asked().gap === 'groups' ? this.attributesAsked : Object.keys(this.groups);
    const asked = Object.fromEntries(required.map((a) => [`twins:${a}`, { role: 'twins' as const, attribute: a }]));
    return [...unnamed, ...hubMapGaps({ ...parts, ...asked }, this.groups)];
  });
}
