/**
 * Turns the files of a picked model folder into a ModelSource
 * `{kind: 'folder'}` and an embedding entry. Nothing is read or uploaded
 * here: the Blobs stay in memory for the session and the embed worker serves
 * them to transformers.js (src/models/transformersEnv.ts, folderFetch).
 */
import { customEmbeddingEntry } from '../../models/customModel.ts';
import type { Dtype } from '../../core/models/device.ts';
import type { EmbeddingModelEntry } from '../../core/models/modelSpec.ts';
import { folderModelFiles, type ModelSource } from '../../core/models/modelSource.ts';
import { dtypeOfOnnxFile } from '../../core/models/onnxFile.ts';


export interface PickedFile {
  /** `webkitRelativePath`: `<folder>/onnx/model.onnx`. */
  readonly path: string;
  readonly blob: Blob;
}

export interface FolderModel {
  readonly source: Extract<ModelSource, { kind: 'folder' }>;
  readonly entry: EmbeddingModelEntry;
}

/**
 * The folder model of `files` (all from one picked folder). Its id is the
 * folder's name; the dtypes it ships (and their sizes) come from the ONNX
 * file names, so the device selection only asks for files that exist.
 * @throws {Error} when the folder lacks config.json, tokenizer.json or an onnx/*.onnx file.
 */
export function folderModel(files: readonly PickedFile[]): FolderModel {
  if (files.length === 0) throw new Error('the folder is empty');
  const map = folderModelFiles(files.map((f) => f.path));
  const byPath = new Map(files.map((f) => [f.path, f.blob]));
  const first = files[0].path.split('/').filter((s) => s !== '');
  const id = first.length > 1 ? first[0] : 'model';
  const blobs: Record<string, Blob> = {};
  const sizeMb: Partial<Record<Dtype, number>> = {};
  for (const [inner, path] of map) {
    const blob = byPath.get(path)!;
    blobs[inner] = blob;
    const dtype = dtypeOfOnnxFile(inner);
    if (dtype) sizeMb[dtype] = blob.size / 1e6;
  }
  const entry = customEmbeddingEntry(id, 'hub', { label: `${id} (local folder)`, revision: 'local', sizeMb, license: 'see the folder' });
  return { source: { kind: 'folder', id, files: blobs }, entry };
}
