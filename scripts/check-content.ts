/**
 * `npm run check:content`: checks every file under content/ before a build (it runs first in `npm run
 * build`), printing one line per problem, `content/resources/x.mdx: description must be 50–160 characters`,
 * and failing. docs/editing-content.md explains the fields.
 */
import path from 'node:path';
import { checkContent, ownPagePaths } from './lib/content-check.ts';

const root = path.resolve(import.meta.dirname, '..');
// CONTENT_DIR: the folder the build reads instead of content/ (src/content.config.ts).
const contentDir = path.resolve(root, process.env.CONTENT_DIR?.trim() || 'content');
const problems = checkContent(contentDir, ownPagePaths(path.join(root, 'src/pages')));
if (problems.length) {
  console.error(
    `Content check: ${problems.length} problem${problems.length > 1 ? 's' : ''} to fix (see docs/editing-content.md)`,
  );
  for (const line of problems) console.error(line);
  process.exit(1);
}
console.log(`Content check: every file in ${path.relative(root, contentDir) || '.'}/ is fine.`);
