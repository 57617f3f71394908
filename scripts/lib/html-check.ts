/**
 * The W3C Nu HTML checker (`vnu-jar`, run on Java) over the built pages: the errors that fail the gate and
 * the warnings it lists. Its "info" notes that are not warnings (e.g. a trailing slash on a void element,
 * which is how Astro writes them) are left out.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { distDir } from './built-site.ts';

export interface HtmlMessage {
  /** The page, relative to the checked folder (`about.html`). */
  page: string;
  line?: number;
  message: string;
  extract?: string;
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

// The package's main export is the jar's path (a String object).
const vnuJar = () => String(createRequire(import.meta.url)('vnu-jar') as unknown);

/** Checks every HTML file under `dir` (the build by default). Throws when Java or the checker cannot run. */
export function checkHtml(dir = distDir): { errors: HtmlMessage[]; warnings: HtmlMessage[] } {
  const run = spawnSync('java', ['-jar', vnuJar(), '--format', 'json', '--skip-non-html', dir], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`The HTML checker needs Java (Debian: default-jre-headless): ${run.error.message}`);
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`The HTML checker did not answer in JSON: ${run.stderr.slice(0, 500)}`);
  }
  const toMessage = (m: VnuMessage): HtmlMessage => ({
    page: m.url ? path.relative(dir, new URL(m.url).pathname) : '(checker)',
    line: m.lastLine,
    message: m.message,
    extract: m.extract?.trim(),
  });
  return {
    errors: messages.filter((m) => m.type !== 'info').map(toMessage),
    warnings: messages.filter((m) => m.type === 'info' && m.subType === 'warning').map(toMessage),
  };
}
