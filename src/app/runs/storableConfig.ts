/**
 * What of a run's configuration is stored with it in IndexedDB: everything but a picked model
 * folder's files. A folder's Blobs (an LLM's weights can be gigabytes) stay in this tab's memory, as
 * the form promises; the stored run names the folder (`{kind: 'folder', id, files: {}}`), so a
 * resumed or re-run one asks for it to be picked again (its files are then "not in the picked folder").
 */
import type { RunConfig } from '../../core/audit/run/index.ts';
import type { ModelSource } from '../../core/models/modelSource.ts';

const withoutFiles = <M>(m: M): M => {
  const source = (m as { source?: ModelSource }).source;
  return source?.kind === 'folder' ? { ...m, source: { kind: 'folder', id: source.id, files: {} } } : m;
};

/**
 * `config` with every folder model's files left out (the same object when there is none).
 * @example storableConfig(config).models[0].source // { kind: 'folder', id: 'planted-llm', files: {} }
 */
export function storableConfig(config: RunConfig): RunConfig {
  const hasFolder = (config.models as readonly { source?: ModelSource }[]).some((m) => m.source?.kind === 'folder');
  if (!hasFolder) return config;
  return config.kind === 'screening' ? { ...config, models: config.models.map(withoutFiles) } : { ...config, models: config.models.map(withoutFiles) };
}
