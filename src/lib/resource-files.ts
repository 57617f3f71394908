/**
 * A resource's downloadable file as the build made it (docs/decisions/0041-resource-downloads.md): attached by an
 * editor beside the entry, or a PDF made from the article. `npm run build` writes every such file and a manifest of
 * them to `build/resource-files/` (scripts/resource-files.ts); the pages read the card's type and size from the
 * manifest, and the downloads function serves a gated file from the same folder, so what a card says is what the
 * link delivers. Browser-safe: no `node:` import.
 */
import { z } from 'astro/zod';

/** The file types a resource may offer for download, by extension (their bytes are checked at build). */
export const resourceFileExtensions = ['pdf', 'docx', 'xlsx', 'pptx'] as const;
/** The largest file a resource may offer: a mail link and a function answer carry it whole. */
export const RESOURCE_FILE_MAX_MB = 5;
/** A resource's file: a path beside the entry, in its files folder (`./files/guide.pdf`). */
export const resourceFile = z
  .string('must be the path of a file beside the entry, e.g. ./files/guide.pdf')
  .regex(
    new RegExp(`^\\./files/[a-z0-9][a-z0-9-]*\\.(?:${resourceFileExtensions.join('|')})$`),
    `must be a file in the files folder, e.g. ./files/guide.pdf (${resourceFileExtensions.join(', ')})`,
  );

export type ResourceFileExtension = (typeof resourceFileExtensions)[number];

/** What each allowed type is called on a card, its media type, and the folder a genuine Office file holds. */
export const RESOURCE_FILE_TYPES: Record<
  ResourceFileExtension,
  { label: string; contentType: string; folder?: string }
> = {
  pdf: { label: 'PDF', contentType: 'application/pdf' },
  docx: {
    label: 'Word',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    folder: 'word/',
  },
  xlsx: {
    label: 'Excel',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    folder: 'xl/',
  },
  pptx: {
    label: 'PowerPoint',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    folder: 'ppt/',
  },
};

/** One resource's file in the manifest. */
export interface ResourceFileEntry {
  /** The resource's file name in content/resources, its page `/resources/<resource>`. */
  resource: string;
  /** The resource's title, brand tokens filled. */
  title: string;
  /** The name the visitor's browser saves it as, and its name in the folder: `<resource>.<extension>`. */
  fileName: string;
  extension: ResourceFileExtension;
  contentType: string;
  /** Its size in bytes, read from the file. */
  bytes: number;
  /** A PDF's page count, read from the file; null for other types. */
  pages: number | null;
  /** Mailed behind the form (true), or a static file that downloads at once (false). */
  gated: boolean;
  /** Attached by an editor, or made from the article at build. */
  made: 'attached' | 'generated';
}

/** The manifest: every resource with a file, by its file name. */
export type ResourceFileManifest = Record<string, ResourceFileEntry>;

/** Where the build writes the files and the manifest, from the project's root (netlify.toml ships it to the function). */
export const RESOURCE_FILES_DIR = 'build/resource-files';
export const RESOURCE_MANIFEST = 'manifest.json';

/** Where an ungated file is published as a static file. */
export const publicFilePath = (entry: Pick<ResourceFileEntry, 'fileName'>): string =>
  `/resources/files/${entry.fileName}`;

/** A size as a card shows it: `840 KB`, `1.8 MB` (the uploads' formatBytes, one decimal). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  return `${Math.round((kb / 1024) * 10) / 10} MB`;
}

/** A file's type, pages and size on one line, e.g. `PDF · 12 pages · 240 KB`. */
export function fileLine(entry: ResourceFileEntry): string {
  const label = RESOURCE_FILE_TYPES[entry.extension].label;
  const pages = entry.pages ? `${entry.pages} page${entry.pages === 1 ? '' : 's'}` : '';
  return [label, pages, formatFileSize(entry.bytes)].filter(Boolean).join(' · ');
}
