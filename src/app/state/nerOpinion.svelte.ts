/**
 * The optional second opinion on names from a named-entity model (issue 46): off until the user
 * opts in; then it runs the model (NerRunner, in its worker, downloaded once from the Hub) over the
 * draft's CVs, with progress and Cancel, and holds the names it proposes per CV. Nothing changes
 * in the draft until the user accepts one (it becomes the name used in the original) or dismisses it.
 */
import { findName } from '../../core/counterfactual/findName.ts';
import { nameEditSpans, type NerNameProposal } from '../../core/counterfactual/identity/index.ts';
import { fold } from '../../core/counterfactual/emailLocal.ts';
import type { Variant } from '../../core/counterfactual/variant.ts';
import type { ImportedDocument } from '../../core/documents/candidateDocument.ts';
import type { DeviceProbe } from '../../core/models/device.ts';
import { CancelledError } from '../../models/embeddingRunner.ts';
import { DEFAULT_NER_MODEL, nerModelEntry } from '../../models/nerModels.ts';
import { NerRunner } from '../../models/nerRunner.ts';

/** Where a run stands: files loading (percent, when known), then CVs read. */
export interface NerProgress {
  readonly loadedPct?: number;
  readonly done: number;
  readonly total: number;
}

const key = (p: NerNameProposal) => fold(p.text);

export class NerOpinionState {
  enabled = $state(false);
  modelId = $state(DEFAULT_NER_MODEL);
  running = $state(false);
  progress = $state<NerProgress | undefined>(undefined);
  error = $state<string | undefined>(undefined);
  /** The device that ran the last run (after any fallback). */
  device = $state<string | undefined>(undefined);
  /** Proposals by CV id, as the model returned them. */
  proposals = $state.raw<Readonly<Record<string, readonly NerNameProposal[]>>>({});
  /** Folded names the user dismissed, by CV id. */
  dismissed = $state.raw<Readonly<Record<string, readonly string[]>>>({});
  #controller: AbortController | undefined;

  /** The proposals still waiting for the user, by CV id. */
  readonly open = $derived(
    Object.fromEntries(Object.entries(this.proposals).map(([id, ps]) => [id, ps.filter((p) => !(this.dismissed[id] ?? []).includes(key(p)))])) as Readonly<Record<string, readonly NerNameProposal[]>>,
  );

  /** Runs the model over `cvs` (the neutral bases say what the detector found). */
  async run(cvs: readonly ImportedDocument[], variants: readonly Variant[], probe: DeviceProbe, hubHost: string): Promise<void> {
    if (this.running) return;
    this.#controller = new AbortController();
    const signal = this.#controller.signal;
    const entry = nerModelEntry(this.modelId.trim());
    const runner = new NerRunner({
      entry,
      source: { kind: 'hub', id: entry.id, revision: entry.revision, host: hubHost },
      probe,
      onProgress: (p) => {
        if (p.status === 'progress' && this.progress) this.progress = { ...this.progress, loadedPct: Math.round(p.percent) };
      },
    });
    this.running = true;
    this.error = undefined;
    this.progress = { done: 0, total: cvs.length };
    const out: Record<string, readonly NerNameProposal[]> = {};
    try {
      for (const [i, cv] of cvs.entries()) {
        if (signal.aborted) throw new CancelledError();
        const base = variants.find((v) => v.kind === 'neutral' && v.of === cv.id);
        const found = findName(cv);
        out[cv.id] = await runner.secondOpinion({ text: cv.text, ...(found ? { knownName: found.full } : {}), nameSpans: base ? nameEditSpans(base.edits) : [] }, signal);
        this.proposals = { ...this.proposals, [cv.id]: out[cv.id] };
        this.progress = { ...this.progress, done: i + 1 };
        this.device = runner.device;
      }
    } catch (e) {
      if (!(e instanceof CancelledError)) this.error = e instanceof Error ? e.message : String(e);
    } finally {
      runner.dispose();
      this.running = false;
      this.#controller = undefined;
    }
  }

  cancel(): void {
    this.#controller?.abort();
  }

  /** Sets the proposals aside (the user opted out): nothing of them stays shown. */
  clear(): void {
    this.cancel();
    this.proposals = {};
    this.dismissed = {};
    this.progress = undefined;
    this.error = undefined;
  }

  dismiss(cvId: string, p: NerNameProposal): void {
    this.dismissed = { ...this.dismissed, [cvId]: [...(this.dismissed[cvId] ?? []), key(p)] };
  }
}

export const nerOpinion = new NerOpinionState();
