/**
 * The resources' files as the build wrote them (src/lib/resource-files.ts), for the downloads function: the
 * manifest and a file's bytes, read from the folder that travels with the function (netlify.toml's
 * included_files) or the working folder of `npm start` and the tests. Read once per instance: a deploy starts new ones.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  RESOURCE_FILES_DIR,
  RESOURCE_MANIFEST,
  type ResourceFileEntry,
  type ResourceFileManifest,
} from '../../lib/resource-files.ts';

/** The folders that may hold the build's files: RESOURCE_FILES_OUT, the working folder, a function's task root. */
const folders = () => [
  ...new Set(
    [process.env.RESOURCE_FILES_OUT, process.cwd(), process.env.LAMBDA_TASK_ROOT]
      .filter((r): r is string => !!r?.trim())
      .map((r, i) => (i === 0 && process.env.RESOURCE_FILES_OUT ? r : path.join(r, RESOURCE_FILES_DIR))),
  ),
];

let manifest: Promise<{ folder: string; files: ResourceFileManifest }> | undefined;

/** The manifest and the folder it was found in; a missing one is an error naming where it was looked for. */
function loadManifest() {
  manifest ??= Promise.any(
    folders().map(async (folder) => ({
      folder,
      files: JSON.parse(await readFile(path.join(folder, RESOURCE_MANIFEST), 'utf8')) as ResourceFileManifest,
    })),
  ).catch((error) => {
    manifest = undefined; // try again on the next request
    throw new Error(`${RESOURCE_MANIFEST} is in none of ${folders().join(', ')} (run \`npm run build\`)`, {
      cause: error,
    });
  });
  return manifest;
}

/** A resource's file entry, or undefined when it offers none. */
export async function resourceFileEntry(resource: string): Promise<ResourceFileEntry | undefined> {
  const { files } = await loadManifest();
  return Object.hasOwn(files, resource) ? files[resource] : undefined;
}

/** The bytes of a resource's file, exactly as the build wrote them. */
export async function readResourceFile(entry: ResourceFileEntry): Promise<Uint8Array<ArrayBuffer>> {
  const { folder } = await loadManifest();
  const bytes = await readFile(path.join(folder, path.basename(entry.fileName)));
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}
