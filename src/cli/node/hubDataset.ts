/**
 * `run --dataset hf:owner/name[@rev][:config[/split]]`: an MTEB-layout dataset
 * from the Hugging Face Hub (or the mirror of `--hub` / FAIRGROUND_HUB_URL),
 * downloaded into a cache folder and then read like any dataset folder. The
 * folder is `<cache>/datasets/<owner>--<name>/<commit>/`, holding the files at
 * their Hub paths and the manifest.json the browser would build for them
 * (buildHubManifest), so both compute the same manifest SHA-256. A file already
 * there with the listed size and SHA-256 is not downloaded again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { FormatError } from '../../core/formats/formatError.ts';
import { DEFAULT_HUB_HOST } from '../../core/models/modelSource.ts';
import { hubDatasetFileUrl, parseHubDatasetRef } from '../../core/hub/hubDatasetRef.ts';
import type { HubFileMap } from '../../core/hub/hubFileMap.ts';
import { HubLayoutError } from '../../core/hub/hubLayoutError.ts';
import { HubError, hubFileRefusal } from '../../core/hub/hubListing.ts';
import { readHubManifest } from '../../core/hub/readHubManifest.ts';
import { InputError } from '../errors.ts';

export { HUB_DATASET_PREFIX } from '../../core/hub/hubDatasetRef.ts';

export interface HubDownloadOptions {
  /** The Hub address: `--hub`, else FAIRGROUND_HUB_URL, else https://huggingface.co/. */
  readonly host: string;
  /** FAIRGROUND_CACHE_DIR, else $XDG_CACHE_HOME/fairground, else ~/.cache/fairground. */
  readonly cacheDir: string;
  readonly fetch?: typeof fetch;
  /** One line per file downloaded (stderr). */
  readonly log?: (line: string) => void;
  /** `--hub-map`: the files' roles, for a layout that is not recognised (hubFileMap.ts). */
  readonly map?: HubFileMap;
  /** `--hub-groups`: the groups of each twins attribute. */
  readonly groups?: Readonly<Record<string, readonly string[]>>;
}

/** The cache folder from the environment. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.FAIRGROUND_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'fairground');
}

/** The Hub address from `--hub`, else the environment, else the Hub. */
export function hubHostOf(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return option || env.FAIRGROUND_HUB_URL || DEFAULT_HUB_HOST;
}

async function sha256Of(path: string): Promise<string | undefined> {
  try {
    return createHash('sha256').update(await readFile(path)).digest('hex');
  } catch {
    return undefined;
  }
}

/**
 * Downloads `hf:…` into the cache and returns its folder.
 * @throws {InputError} for a bad id, a dataset that is not on the Hub, private or gated, files it cannot place
 *   (naming them and `--hub-map`), twins without groups (naming `--hub-groups`), or a file refused.
 */
export async function downloadHubDataset(text: string, options: HubDownloadOptions): Promise<string> {
  const fetchWith = options.fetch ?? fetch;
  const label = text;
  let ref, listing, manifest;
  try {
    ref = parseHubDatasetRef(text);
    ({ listing, manifest } = await readHubManifest(options.host, ref, (url, init) => fetchWith(url, init), {
      ...(options.map ? { map: options.map } : {}),
      ...(options.groups ? { groups: options.groups } : {}),
    }));
  } catch (e) {
    if (e instanceof HubLayoutError && e.gap === 'files') {
      const files = e.files.length > 0 ? `its data files are ${e.files.join(', ')}` : 'it has no JSONL, TSV or Parquet file';
      throw new InputError(`${e.message}; ${files}: give each its role with --hub-map PATH=ROLE,… (roles corpus, queries, qrels, qrels:<split>, twins:<attribute>, ignore)`, label);
    }
    if (e instanceof HubError || e instanceof FormatError) throw new InputError(e.message, label);
    throw e;
  }
  const dir = join(options.cacheDir, 'datasets', ref.repo.replace('/', '--'), listing.sha);
  for (const shard of manifest.shards) {
    const path = join(dir, ...shard.path.split('/'));
    const size = await stat(path).then((s) => s.size, () => undefined);
    if (size !== undefined && (shard.bytes === undefined || size === shard.bytes) && (shard.sha256 === undefined || (await sha256Of(path)) === shard.sha256)) continue;
    const response = await fetchWith(hubDatasetFileUrl(options.host, ref.repo, listing.sha, shard.path)).catch((e: unknown) => {
      throw new InputError(`could not download ${shard.path} (${(e as Error).message})`, label);
    });
    if (!response.ok) throw new InputError(hubFileRefusal(response.status, shard.path, response.headers.get('x-error-code')), label);
    const bytes = new Uint8Array(await response.arrayBuffer());
    await mkdir(dirname(path), { recursive: true });
    // Written beside, then renamed: a download cut short never looks like a finished file.
    await writeFile(`${path}.part`, bytes);
    await rename(`${path}.part`, path);
    options.log?.(`fairground: downloaded ${ref.repo}/${shard.path} (${bytes.length} bytes)`);
  }
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}
