// The editor's last check before it saves: the content check's words, an emptied optional field left out.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEntryData } from '../../../scripts/lib/content-check.ts';
import { prepareEntry, withoutEmpty } from '../../../src/lib/cms-save.ts';

const content = path.resolve(import.meta.dirname, '../../../content');
const resource = () =>
  readEntryData(path.join(content, 'resources/cro-linkedin-strategies.mdx')) as Record<string, unknown>;
const retainer = () => readEntryData(path.join(content, 'packages/custom-retainer.yaml')) as Record<string, unknown>;

describe('prepareEntry', () => {
  it("passes a repository's entry, with its body, as it is", () => {
    const data = { ...resource(), body: 'Text of the article.' };
    expect(prepareEntry('resources', data, 'cro-linkedin-strategies')).toEqual({ data, problems: [] });
  });

  it('stops a description of 300 characters in the words of npm run check:content', () => {
    const { problems } = prepareEntry('resources', { ...resource(), description: 'A'.repeat(300) });
    expect(problems).toEqual(['description must be 50–170 characters']);
  });

  it('stops a resource without its cover, and a page whose file name cannot be an address', () => {
    const { image: _image, ...noCover } = resource();
    expect(prepareEntry('resources', noCover).problems).toEqual([
      'image is missing (it must be the path of an image file beside the entry, e.g. ./images/cover.jpg)',
    ]);
    expect(prepareEntry('resources', resource(), 'CRO_Guide').problems).toEqual([
      'the file name becomes the page address, so use lower-case words joined by hyphens (e.g. cro-guide)',
    ]);
  });

  it("holds a package to its own kind's fields (a retainer has no price)", () => {
    expect(prepareEntry('packages', retainer()).problems).toEqual([]);
    expect(prepareEntry('packages', { ...retainer(), price: 900 }).problems).toEqual([
      'unknown field price (check the spelling)',
    ]);
  });

  it('leaves out what the editor emptied, so an optional field is not saved empty', () => {
    const emptied = {
      ...resource(),
      metaTitle: '',
      file: null,
      cta: { ...(resource().cta as object), booking: '' },
    };
    const { data, problems } = prepareEntry('resources', emptied);
    expect(problems).toEqual([]);
    expect(data).not.toHaveProperty('metaTitle');
    expect(data).not.toHaveProperty('file');
    expect(data.cta).not.toHaveProperty('booking');
    expect(withoutEmpty({ a: { b: '' }, c: [] })).toEqual({ c: [] });
  });

  it('refuses a collection that is not a kind of content', () => {
    expect(prepareEntry('posts', {}).problems).toEqual(['posts is not a kind of content']);
  });
});
