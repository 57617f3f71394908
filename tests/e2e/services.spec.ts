import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { eventSteps, eventTypes } from '../fixtures/spec-content.ts';
import { site } from '../../src/config/site.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const main = (page: Page) => page.getByRole('main');

/** The product's literal headings must appear as headings of the page, at the given level. */
async function expectHeadings(page: Page, level: 2 | 3, names: readonly string[]) {
  for (const name of names) {
    await expect(main(page).getByRole('heading', { level, name, exact: true }), name).toBeVisible();
  }
}

/** An internal button goes to its page; a booking button opens the scheduling service in a new tab. */
async function expectButton(link: Locator, href: string, booking: boolean) {
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', href);
  if (booking) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  } else {
    await expect(link).not.toHaveAttribute('target', '_blank');
  }
}

/** The Service block of a page's JSON-LD (every block must parse). */
async function serviceLd(request: APIRequestContext, path: string): Promise<Json> {
  const html = await (await request.get(path)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Json,
  );
  const services = blocks.filter((b) => b['@type'] === 'Service');
  expect(services, path).toHaveLength(1);
  return services[0]!;
}
const offerNames = (ld: Json) => ld.hasOfferCatalog.itemListElement.map((o: Json) => o.itemOffered.name);

const categories = [
  { id: 'strategy', title: 'Strategy & Positioning', page: '/services/strategy-positioning' },
  { id: 'digital', title: 'Digital Marketing', page: '/services/digital-marketing' },
  { id: 'content', title: 'Content & Promotion', page: '/services/content-promotion' },
  { id: 'events', title: 'Event Planning & Management', page: '/services/event-planning' },
  { id: 'bd', title: 'BD Support', page: '/services/bd-support' },
] as const;

test.describe('services overview', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/services');
  });

  test('one h1 and the What We Do intro', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('#what-we-do')).toContainText('What We Do');
  });

  test('five category cards, in order, each with its anchor, title, services and page link', async ({
    page,
    request,
  }) => {
    const cards = page.locator('#what-we-do article');
    await expect(cards).toHaveCount(5);
    for (const [i, c] of categories.entries()) {
      const card = cards.nth(i);
      await expect(card).toHaveAttribute('id', c.id);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(c.title);
      await expect(card.locator('svg').first()).toBeVisible();
      expect(await card.getByRole('listitem').count(), c.id).toBeGreaterThanOrEqual(3);
      await expect(card.getByRole('link', { name: `Explore ${c.title}` })).toHaveAttribute('href', c.page);
      expect((await request.get(c.page)).status(), c.page).toBe(200);
    }
    // The product's services of two categories, as a sample of the collection's lists.
    await expect(page.locator('#digital').getByRole('listitem')).toHaveText([
      'Pharma-specific SEO',
      'Website development',
      'Email campaigns and automation',
      'Webinar creation and management',
      'AI-driven targeting',
    ]);
    await expect(page.locator('#bd').getByRole('listitem')).toHaveText([
      'Lead generation strategy',
      'CRM setup and workflow optimization',
      'Cold outreach content',
      'Founder-led BD enablement',
    ]);
  });

  test('the anchors the home page links to exist: #linkedin, #video, #collateral', async ({ page }) => {
    for (const [id, title] of [
      ['linkedin', 'LinkedIn Content Creation'],
      ['video', 'Explainer Videos & Animations'],
      ['collateral', 'Sales Materials & Collateral'],
    ] as const) {
      await expect(page.locator(`#${id}`)).toHaveCount(1);
      await expect(page.locator(`#${id}`).getByRole('heading', { level: 3 })).toHaveText(title);
    }
  });

  test('Not Sure Where to Start? leads to the audit intake', async ({ page }) => {
    await expectHeadings(page, 2, ['Not Sure Where to Start?']);
    await expectButton(
      main(page).getByRole('link', { name: `Request a ${site.productName} Audit`, exact: true }),
      '/audit-intake',
      false,
    );
  });

  test('JSON-LD: a Service offering the five categories', async ({ request }) => {
    const ld = await serviceLd(request, '/services');
    expect(ld).toMatchObject({ '@context': 'https://schema.org', url: `${site.url}/services` });
    expect(ld.provider.name).toBe(site.agencyName);
    expect(offerNames(ld)).toEqual(categories.map((c) => c.title));
  });
});

test.describe('service pages', () => {
  test('digital marketing: its sections, success stories with figures, and the closing buttons', async ({ page }) => {
    await page.goto('/services/digital-marketing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Digital Marketing for Pharma Service Providers');
    await expectHeadings(page, 2, [
      'Strategic Digital Marketing for Pharma',
      'Why Our Digital Marketing Works',
      'Success Stories',
    ]);
    await expectHeadings(page, 3, ['Pharmaceutical SEO', 'Website Development', 'Email Marketing']);
    const stories = page.locator('#success-stories');
    for (const figure of ['215%', '$2.3M', '67%', '45']) await expect(stories).toContainText(figure);
    await expectButton(main(page).getByRole('link', { name: 'Start Your Audit' }), '/audit-intake', false);
    await expectButton(
      main(page).getByRole('link', { name: /^Book a Strategy Call/ }),
      site.scheduling.strategyCall,
      true,
    );
  });

  test('digital marketing: JSON-LD offers Pharmaceutical SEO, Website Development, Email Marketing', async ({
    request,
  }) => {
    const ld = await serviceLd(request, '/services/digital-marketing');
    expect(ld.url).toBe(`${site.url}/services/digital-marketing`);
    expect(offerNames(ld)).toEqual(['Pharmaceutical SEO', 'Website Development', 'Email Marketing']);
  });

  test('event planning: checklist, success story, six event types, four steps, buttons and canonical', async ({
    page,
  }) => {
    await page.goto('/services/event-planning');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Event Planning & Management');
    expect(await page.locator('#services').getByRole('listitem').count()).toBeGreaterThanOrEqual(6);

    const story = page.locator('#success-story');
    await expect(story).toContainText(/open house/i);
    await expect(story).toContainText(/pharmaceutical R&D/i);
    await expect(story).toContainText(/increased brand awareness and strengthened industry relationships/i);

    await expect(page.locator('#event-types').getByRole('heading', { level: 3 })).toHaveText([...eventTypes]);
    const steps = page.locator('#process ol > li');
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([...eventSteps]);

    await expectButton(main(page).getByRole('link', { name: 'Start Your Audit' }), '/audit-intake', false);
    await expectButton(
      main(page).getByRole('link', { name: /^Discuss Your Event/ }),
      site.scheduling.discoveryCall,
      true,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.url}/services/event-planning`);
  });

  test('BD support: the six offers, the bioanalytical lab story, and a strategy call through /contact', async ({
    page,
  }) => {
    await page.goto('/services/bd-support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Business Development Support');
    await expectHeadings(page, 3, [
      'Lead Generation Campaigns',
      'Sales Process Development',
      'CRM Implementation and Optimization',
      'Proposal and RFP Response Strategy',
      'BD Team Training',
      'Sales Enablement Content',
    ]);
    const story = page.locator('#success-story');
    await expect(story.getByRole('article')).toHaveCount(1);
    await expect(story).toContainText(/bioanalytical lab/i);
    await expectButton(main(page).getByRole('link', { name: 'Start Your Audit' }), '/audit-intake', false);
    await expectButton(main(page).getByRole('link', { name: 'Book a Strategy Call', exact: true }), '/contact', false);
  });

  for (const { path, h1, sections } of [
    {
      path: '/services/strategy-positioning',
      h1: 'Strategy & Positioning',
      sections: ['What Is Included', 'How It Works', 'Who It Is For'],
    },
    { path: '/services/content-promotion', h1: 'Content & Promotion', sections: ['What We Create', 'How It Works'] },
  ]) {
    test(`${path}: its copy sections and calls to action to the audit and contact`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expectHeadings(page, 2, sections);
      await expectButton(main(page).getByRole('link', { name: 'Start Your Audit' }), '/audit-intake', false);
      await expectButton(main(page).getByRole('link', { name: 'Contact Us' }), '/contact', false);
    });
  }

  test('every service page has one h1, its own title and description, and no booking link without a new tab', async ({
    page,
  }) => {
    const titles = new Set<string>();
    for (const { page: path } of categories) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
      titles.add(await page.title());
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /.+/);
      for (const link of await main(page).locator('a[data-booking]').all()) {
        await expect(link).toHaveAttribute('target', '_blank');
      }
    }
    expect(titles.size).toBe(categories.length);
  });
});
