/**
 * Where a model's files come from. Hub models download only after the user
 * picks them (the app's only network traffic); bundled ones are served by the
 * site; a local folder is read from the user's disk and never uploaded.
 */
export type ModelSource =
  | { readonly kind: 'bundled'; readonly id: string }
  | { readonly kind: 'hub'; readonly id: string; readonly revision: string; readonly host: string }
  | { readonly kind: 'folder'; readonly id: string; readonly files: Readonly<Record<string, Blob>> };

/** The Hugging Face Hub; a mirror can be set in the Models view. */
export const DEFAULT_HUB_HOST = 'https://huggingface.co/';

/** Path prefix under which a picked folder's files are served to transformers.js (never fetched). */
export const FOLDER_PREFIX = '/__local-model__/';

/**
 * Maps the relative paths of a picked folder (webkitRelativePath
 * `my-model/onnx/model.onnx`) to paths inside the model (`onnx/model.onnx`),
 * dropping the folder's own name. Throws when config.json is missing.
 */
export function folderModelFiles(paths: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const p of paths) {
    const parts = p.split('/').filter((s) => s !== '');
    const inner = parts.length > 1 ? parts.slice(1).join('/') : parts.join('/');
    map.set(inner, p);
  }
  if (!map.has('config.json')) throw new Error('the folder has no config.json at its top level');
  if (![...map.keys()].some((k) => k.startsWith('onnx/') && k.endsWith('.onnx'))) {
    throw new Error('the folder has no onnx/*.onnx model file');
  }
  if (!map.has('tokenizer.json')) throw new Error('the folder has no tokenizer.json');
  return map;
}

/** A stable cache-key id for a source: bundled and hub ids as they are, folders prefixed. */
export function sourceKey(source: ModelSource): string {
  return source.kind === 'folder' ? `folder:${source.id}` : source.id;
}
