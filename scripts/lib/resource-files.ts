/**
 * The resources' downloadable files (docs/decisions/0041-resource-downloads.md): an editor's file beside the entry
 * is checked (its type by its bytes, the size cap) and copied; a whitepaper or e-book without one gets a PDF made
 * from its article (resource-pdf.ts). Everything goes to one folder with a manifest of each file's type, size and
 * pages read from the bytes written (src/lib/resource-files.ts), so a card never says what the file is not.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { collectionFiles } from '../../src/lib/content-schemas.ts';
import { brand } from '../../src/lib/brand-tokens.ts';
import {
  formatFileSize,
  RESOURCE_FILE_MAX_MB,
  resourceFileExtensions,
  RESOURCE_FILE_TYPES,
  RESOURCE_MANIFEST,
  type ResourceFileEntry,
  type ResourceFileExtension,
  type ResourceFileManifest,
} from '../../src/lib/resource-files.ts';
import { checkSignature, zipEntryNames } from '../../src/features/uploads/contents.ts';
import { readEntryData } from './entry-data.ts';
import { renderArticlePdf } from './resource-pdf.ts';

const MAX_BYTES = RESOURCE_FILE_MAX_MB * 1024 * 1024;

interface ResourceData {
  title: string;
  description: string;
  metaDescription?: string;
  date: string | Date;
  tab: string;
  file?: string;
  gated?: boolean;
}

/** The resources of `contentRoot`: file name (without extension), path and frontmatter. */
function resourceEntries(contentRoot: string): { slug: string; file: string; data: ResourceData }[] {
  const { dir, extensions } = collectionFiles.resources;
  const folder = path.join(contentRoot, dir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => extensions.includes(path.extname(name)) && !name.startsWith('_') && !name.startsWith('.'))
    .sort()
    .map((name) => {
      const file = path.join(folder, name);
      return { slug: name.slice(0, -path.extname(name).length), file, data: readEntryData(file) as ResourceData };
    });
}

/** Why `bytes` are not a file of `extension`, or null: the first bytes of its type, an Office file's own folder. */
export function fileTypeProblem(extension: ResourceFileExtension, bytes: Uint8Array): string | null {
  const type = RESOURCE_FILE_TYPES[extension];
  if (!bytes.length) return 'is empty';
  try {
    // A PDF starts `%PDF-`; every Office Open XML file is a ZIP (the uploads' signatures, docx's being the ZIP's).
    checkSignature(extension === 'pdf' ? 'pdf' : 'docx', bytes);
  } catch {
    return `is not a .${extension} file by its bytes (they do not start as ${type.label} files do)`;
  }
  if (type.folder && !zipEntryNames(bytes).some((name) => name.startsWith(type.folder!))) {
    return `is not a .${extension} file by its bytes (its ZIP holds no ${type.folder} folder)`;
  }
  return null;
}

/** The problem of an editor's file of a resource (missing, too large, not its type), or null. */
export function attachedFileProblem(entryFile: string, file: string): string | null {
  const full = path.resolve(path.dirname(entryFile), file);
  if (!existsSync(full)) return `file ${file} is not there (add it to content/resources/files/)`;
  const size = statSync(full).size;
  if (size > MAX_BYTES) return `file ${file} is over ${RESOURCE_FILE_MAX_MB} MB; make it smaller`;
  const extension = path.extname(file).slice(1) as ResourceFileExtension;
  if (!(resourceFileExtensions as readonly string[]).includes(extension)) return `file ${file} is not an allowed type`;
  const problem = fileTypeProblem(extension, readFileSync(full));
  return problem && `file ${file} ${problem}`;
}

/** A PDF's page count (null when pdf-lib cannot read it: the type check has passed, so it is a PDF still). */
async function pageCount(bytes: Uint8Array): Promise<number | null> {
  try {
    return (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).getPageCount();
  } catch {
    return null;
  }
}

/**
 * What a resource's words say of its file that the built file is not (one line each, or none): a page count
 * (`24-page`, `12 pages`) other than the manifest's pages, or a size (`240 KB`, `1.8 MB`) other than the size the
 * card shows (formatFileSize). Read in the title, the description and the search description, where a visitor
 * reads them before downloading; a text that states neither passes.
 */
export function statedFileProblems(
  texts: Record<string, string | undefined>,
  entry: Pick<ResourceFileEntry, 'bytes' | 'pages' | 'extension'>,
): string[] {
  const problems: string[] = [];
  const size = formatFileSize(entry.bytes);
  for (const [field, text] of Object.entries(texts)) {
    if (!text) continue;
    for (const match of text.matchAll(/\b(\d+)[\s-]pages?\b/gi)) {
      const stated = Number(match[1]);
      if (stated !== entry.pages)
        problems.push(
          `${field} says "${match[0]}" but the file has ${entry.pages === null ? 'no page count (not a PDF)' : `${entry.pages} page${entry.pages === 1 ? '' : 's'}`}: fix the text or attach the real file`,
        );
    }
    for (const match of text.matchAll(/\b(\d+(?:\.\d+)?)\s?(B|KB|MB)\b/g)) {
      if (`${Number(match[1])} ${match[2]}` !== size)
        problems.push(`${field} says "${match[0]}" but the file is ${size}: fix the text or attach the real file`);
    }
  }
  return problems;
}

/** The article of an MDX file: what follows its frontmatter. */
const articleOf = (file: string) => readFileSync(file, 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, '');

/**
 * Writes every resource's file to `outDir` (emptied first) with the manifest, and resolves with the manifest and
 * the problems, one line each naming the entry (`content/resources/x.mdx: file ./files/x.pdf is not a PDF file…`,
 * `content/resources/x.mdx: description says "24-page" but the file has 3 pages…`). Nothing is kept for an entry
 * with a problem.
 */
export async function buildResourceFiles(
  contentRoot: string,
  outDir: string,
): Promise<{ manifest: ResourceFileManifest; problems: string[] }> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const manifest: ResourceFileManifest = {};
  const problems: string[] = [];
  const rel = (file: string) => path.relative(path.dirname(contentRoot), file).split(path.sep).join('/');
  for (const { slug, file, data } of resourceEntries(contentRoot)) {
    let bytes: Uint8Array;
    let extension: ResourceFileExtension = 'pdf';
    if (data.file) {
      const problem = attachedFileProblem(file, data.file);
      if (problem) {
        problems.push(`${rel(file)}: ${problem}`);
        continue;
      }
      extension = path.extname(data.file).slice(1) as ResourceFileExtension;
      bytes = readFileSync(path.resolve(path.dirname(file), data.file));
    } else if (data.tab !== 'blog') {
      const date = new Date(data.date);
      bytes = await renderArticlePdf(
        { title: brand(data.title), description: brand(data.description), date },
        articleOf(file),
      );
    } else continue;
    const fileName = `${slug}.${extension}`;
    writeFileSync(path.join(outDir, fileName), bytes);
    const entry: ResourceFileEntry = {
      resource: slug,
      title: brand(data.title),
      fileName,
      extension,
      contentType: RESOURCE_FILE_TYPES[extension].contentType,
      bytes: statSync(path.join(outDir, fileName)).size,
      pages: extension === 'pdf' ? await pageCount(bytes) : null,
      gated: data.gated !== false,
      made: data.file ? 'attached' : 'generated',
    };
    const stated = statedFileProblems(
      { title: data.title, description: data.description, metaDescription: data.metaDescription },
      entry,
    );
    if (stated.length) {
      problems.push(...stated.map((line) => `${rel(file)}: ${line}`));
      rmSync(path.join(outDir, fileName));
      continue;
    }
    manifest[slug] = entry;
  }
  writeFileSync(path.join(outDir, RESOURCE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, problems };
}
