/**
 * The files of a drop (FileSystemEntry API where the browser has it, else the plain file list),
 * with their paths: a dropped folder's files as `folder/…/name`, a loose file as its name.
 */

export interface DroppedFile {
  readonly path: string;
  readonly file: File;
}

async function collect(entry: FileSystemEntry, prefix: string, out: DroppedFile[]): Promise<void> {
  const path = prefix + entry.name;
  if (entry.isFile) {
    out.push({ path, file: await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)) });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    for (const child of batch) await collect(child, `${path}/`, out);
  }
}

/** Every file of a drop, dropped folders walked. */
export async function droppedFiles(event: DragEvent): Promise<DroppedFile[]> {
  const items = event.dataTransfer?.items;
  const out: DroppedFile[] = [];
  if (items && items.length > 0 && typeof items[0].webkitGetAsEntry === 'function') {
    for (const entry of [...items].map((i) => i.webkitGetAsEntry()).filter((e): e is FileSystemEntry => e !== null)) await collect(entry, '', out);
  } else {
    for (const f of event.dataTransfer?.files ?? []) out.push({ path: f.name, file: f });
  }
  return out;
}
