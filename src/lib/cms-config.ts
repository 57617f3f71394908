/**
 * The browser editor's whole configuration (Decap CMS, served at /cms): where each kind of content lives, its
 * fields (made from the build's schemas by cms-fields.ts), where images go, and the backend. In production the
 * backend is GitHub with the editorial workflow: saving a draft opens a pull request (Netlify builds its deploy
 * preview, whose link the editor shows), publishing merges it. On localhost, `npm run cms` answers at
 * LOCAL_PROXY_PATH and the editor writes to the working tree instead (docs/decisions/0033-browser-editor.md).
 *
 * Browser-safe: the /cms page builds it at run time from the settings the build wrote into the page.
 */
import type { z } from 'astro/zod';
import { collectionFiles, schemas, type CollectionName } from './content-schemas.ts';
import { pageCollections } from './content-entry.ts';
import { CMS_IMAGE, fieldsOf, labelOf, variantsOf, type CmsField } from './cms-fields.ts';

/** Where the editor's page loads its script from (built on its own by scripts/lib/cms-bundle.ts). */
export const EDITOR_SCRIPT = '/cms-editor/editor.js';

/** Where `npm run cms` serves the local proxy (scripts/serve.ts), on the site's own origin. */
export const LOCAL_PROXY_PATH = '/cms/local/api/v1';

/**
 * The header that carries `npm run cms`'s secret of the run to its proxy (scripts/lib/cms-proxy.ts): the server
 * writes the secret into the editor page it serves (`data-local-token` of #cms-settings), and the editor adds it to
 * every request to the proxy. No other page, and no other program on the machine, holds it.
 */
export const LOCAL_TOKEN_HEADER = 'x-cms-local-token';

/** The editor's schema of a collection: the build's, with an image field as a path. */
export const editorSchema = (name: CollectionName): z.ZodType => schemas[name](() => CMS_IMAGE);

/** What the editor calls each kind, and which field names an entry in lists (and its file, for a new one). */
const KINDS: Record<
  Exclude<CollectionName, 'legal' | 'siteSettings'>,
  { label: string; singular: string; identifier: string; summary: string; body?: string }
> = {
  resources: { label: 'Resources', singular: 'Resource', identifier: 'title', summary: '{{title}}', body: 'Article' },
  caseStudies: {
    label: 'Case studies',
    singular: 'Case study',
    identifier: 'title',
    summary: '{{title}}',
    body: 'The story',
  },
  services: { label: 'Services', singular: 'Service', identifier: 'title', summary: '{{title}}' },
  testimonials: {
    label: 'Testimonials',
    singular: 'Testimonial',
    identifier: 'author',
    summary: '{{author}}, {{position}}',
  },
  team: { label: 'Team members', singular: 'Team member', identifier: 'name', summary: '{{name}}, {{position}}' },
  packages: { label: 'Packages', singular: 'Package', identifier: 'title', summary: '{{title}} ({{kind}})' },
};

/** The hint and pattern of the field a new page's address is made from. */
export const ADDRESS_HINT = 'The page address is made from it: lower-case words joined by hyphens.';
/**
 * The editor makes a new page's file name from its title (lower case, accents dropped, any other character a
 * hyphen) but keeps `_` and `~`, and a title with no letter or digit makes no name at all.
 */
export const TITLE_ADDRESS_PATTERN = '^(?=[\\s\\S]*[A-Za-z0-9\\u00C0-\\u024F])[^_~]*$';

const bodyField = (label: string): CmsField => ({ name: 'body', label, widget: 'markdown', required: true });

/**
 * The fields of packages, one schema with two kinds (`package`, `retainer`): `kind` is a choice, and a field
 * of only one kind is optional here (the check before saving holds the entry to its kind's own schema).
 */
function unionFields(schema: z.ZodType): CmsField[] {
  const variants = variantsOf(schema);
  const key = (schema as unknown as { _zod: { def: { discriminator: string } } })._zod.def.discriminator;
  const kinds = variants.map((v) => v.name);
  const merged = new Map<string, CmsField>();
  for (const variant of variants) {
    for (const field of variant.fields as CmsField[]) {
      if (merged.has(field.name)) continue;
      const having = variants.filter((v) => (v.fields as CmsField[]).some((f) => f.name === field.name));
      const requiredBy = having.filter((v) =>
        (v.fields as CmsField[]).some((f) => f.name === field.name && f.required !== false),
      );
      if (requiredBy.length === variants.length) merged.set(field.name, field);
      else {
        const which = (requiredBy.length ? requiredBy : having).map((v) => `a ${v.name}`).join(' or ');
        const rule = requiredBy.length ? `Needed for ${which}.` : `Only for ${which}.`;
        // Its list minimum, if any, is only one kind's: the check before saving applies it to that kind.
        const { min: _min, ...loose } = field;
        merged.set(field.name, { ...loose, required: false, hint: `${rule} ${field.hint ?? ''}`.trim() });
      }
    }
  }
  return [{ name: key, label: labelOf(key), widget: 'select', options: kinds, default: kinds[0] }, ...merged.values()];
}

/** The fields of one collection, in the schema's order, with the body of a Markdown page last. */
export function collectionFields(name: CollectionName): CmsField[] {
  const schema = editorSchema(name);
  const fields = name === 'packages' ? unionFields(schema) : fieldsOf(schema);
  if (name in pageCollections) {
    const identifier = fields.find((f) => f.name === KINDS[name as keyof typeof KINDS].identifier)!;
    // The title's own pattern still holds: the address rule is added to it.
    const own = identifier.pattern;
    identifier.pattern = own
      ? [`${own[0]}(?=${TITLE_ADDRESS_PATTERN.slice(1)})`, `${own[1]}; ${ADDRESS_HINT}`]
      : [TITLE_ADDRESS_PATTERN, ADDRESS_HINT];
    identifier.hint = `${own ? `${own[1]}. ` : ''}${ADDRESS_HINT}`;
  }
  const body = name === 'legal' ? 'Text' : KINDS[name as keyof typeof KINDS]?.body;
  return body ? [...fields, bodyField(body)] : fields;
}

/** The folder of a collection in the repository, and its files' extension and format. */
function folderOf(name: CollectionName) {
  const { dir, extensions } = collectionFiles[name];
  const yaml = extensions.includes('.yaml');
  return { folder: `content/${dir}`, extension: yaml ? 'yaml' : 'mdx', format: yaml ? 'yaml' : 'frontmatter' };
}

/** The two legal pages, each a single file the editor opens by name. */
const LEGAL_FILES = [
  { name: 'privacy-policy', label: 'Privacy policy' },
  { name: 'terms-of-service', label: 'Terms of service' },
] as const;

export function cmsCollections() {
  const folders = (Object.keys(KINDS) as (keyof typeof KINDS)[]).map((name) => {
    const kind = KINDS[name];
    const page = pageCollections[name as keyof typeof pageCollections];
    return {
      name,
      label: kind.label,
      label_singular: kind.singular,
      ...folderOf(name),
      create: true,
      delete: true,
      slug: '{{slug}}',
      identifier_field: kind.identifier,
      summary: kind.summary,
      // Images beside the entries, as the schemas expect them (`./images/cover.webp`).
      media_folder: 'images',
      public_folder: './images',
      // The deploy preview's link opens the page itself.
      ...(page ? { preview_path: `${page.slice(1)}/{{slug}}` } : {}),
      fields: collectionFields(name),
    };
  });
  const legal = {
    name: 'legal',
    label: 'Legal pages',
    create: false,
    delete: false,
    format: 'frontmatter',
    files: LEGAL_FILES.map((file) => ({
      ...file,
      file: `content/${collectionFiles.legal.dir}/${file.name}.mdx`,
      fields: collectionFields('legal'),
    })),
  };
  // The agency's identity, one JSON file (src/config/identity.ts): what the footer, contact page and JSON-LD show.
  const siteSettings = {
    name: 'siteSettings',
    label: 'Site settings',
    create: false,
    delete: false,
    format: 'json',
    files: [
      {
        name: 'settings',
        label: 'Site settings: contact details, address, social pages, map, legal entity',
        file: `content/${collectionFiles.siteSettings.dir}/settings.json`,
        fields: collectionFields('siteSettings'),
      },
    ],
  };
  return [siteSettings, ...folders, legal];
}

/** Where the editor saves: the site's GitHub repository and branch, from the build's settings. */
export interface CmsBackend {
  repo: string | undefined;
  branch: string;
}

/** The configuration `CMS.init` takes, for a page at `origin`. */
export function cmsConfig(backend: CmsBackend, origin: string) {
  return {
    load_config_file: false,
    backend: {
      name: 'github',
      repo: backend.repo ?? '',
      branch: backend.branch,
      // Netlify's GitHub OAuth provider signs editors in (docs/deploy-checklist.md, step 13).
      base_url: 'https://api.netlify.com',
      auth_endpoint: 'auth',
      squash_merges: true,
    },
    // Only on localhost, and only when `npm run cms` answers there.
    local_backend: { url: new URL(LOCAL_PROXY_PATH, origin).href },
    publish_mode: 'editorial_workflow',
    site_url: origin,
    display_url: origin,
    locale: 'en',
    media_folder: 'content/resources/images',
    public_folder: './images',
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    show_preview_links: true,
    collections: cmsCollections(),
  };
}
