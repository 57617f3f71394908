/**
 * The resources' files as the build made them (src/lib/resource-files.ts): the manifest that `npm run build`'s
 * resource-files step wrote before Astro runs, read once. A missing manifest is a clear error: the step did not run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  RESOURCE_FILES_DIR,
  RESOURCE_MANIFEST,
  type ResourceFileEntry,
  type ResourceFileManifest,
} from '../../lib/resource-files.ts';

let manifest: ResourceFileManifest | undefined;

/** The folder of the built files (RESOURCE_FILES_OUT overrides it, as for the editor's test build of a copy). */
export const builtFilesDir = (): string =>
  path.resolve(process.env.RESOURCE_FILES_OUT?.trim() || path.join(process.cwd(), RESOURCE_FILES_DIR));

function readManifest(): ResourceFileManifest {
  if (manifest) return manifest;
  const file = path.join(builtFilesDir(), RESOURCE_MANIFEST);
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as ResourceFileManifest;
  } catch (error) {
    throw new Error(`${file} is missing: run \`node scripts/resource-files.ts\` (the first steps of npm run build)`, {
      cause: error,
    });
  }
  return manifest;
}

/** A resource's file, or undefined when it offers none. */
export const resourceFileOf = (resource: string): ResourceFileEntry | undefined => readManifest()[resource];

/** Every file that downloads at once (ungated), with its bytes: the static files of /resources/files/. */
export const ungatedFiles = (): { entry: ResourceFileEntry; bytes: Buffer }[] =>
  Object.values(readManifest())
    .filter((entry) => !entry.gated)
    .map((entry) => ({ entry, bytes: readFileSync(path.join(builtFilesDir(), entry.fileName)) }));
