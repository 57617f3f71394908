/**
 * `node scripts/resource-files.ts` (a step of `npm run build`, after check:content): every resource's file and the
 * manifest to build/resource-files/ (scripts/lib/resource-files.ts); exits 1 naming each entry whose file is wrong,
 * or whose words state pages or a size the file does not have.
 * CONTENT_DIR and RESOURCE_FILES_OUT change the folders (the editor's test builds a copy of the content).
 */
import path from 'node:path';
import { RESOURCE_FILES_DIR } from '../src/lib/resource-files.ts';
import { buildResourceFiles } from './lib/resource-files.ts';

const root = path.resolve(import.meta.dirname, '..');
const content = path.resolve(process.env.CONTENT_DIR?.trim() || path.join(root, 'content'));
const out = path.resolve(process.env.RESOURCE_FILES_OUT?.trim() || path.join(root, RESOURCE_FILES_DIR));
const { manifest, problems } = await buildResourceFiles(content, out);
if (problems.length) {
  for (const line of problems) console.error(line);
  console.error(`${problems.length} resource file problem${problems.length === 1 ? '' : 's'}: nothing built.`);
  process.exit(1);
}
console.log(`Resource files: ${Object.keys(manifest).length} in ${path.relative(root, out) || out}`);
