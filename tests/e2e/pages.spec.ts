import { expect, test, type Page } from '@playwright/test';
import { phoneHref, site } from '../../src/config/site.ts';
import { eventSteps, eventTypes } from '../fixtures/spec-content.ts';

/** The product's literal headings must appear as headings of the page. */
async function expectHeadings(page: Page, names: readonly string[]) {
  for (const name of names) await expect(page.getByRole('heading', { name, exact: true }), name).toBeVisible();
}
const main = (page: Page) => page.getByRole('main');

test('home: hero buttons, expertise, What We Do anchors, Why Work With Us and the audit promo', async ({ page }) => {
  await page.goto('/');
  await expect(main(page).getByRole('link', { name: `Start with a ${site.productName} Audit` })).toHaveAttribute(
    'href',
    '/audit-intake',
  );
  await expect(
    main(page)
      .getByRole('link', { name: /Book a Strategy Call/ })
      .first(),
  ).toHaveAttribute('href', site.scheduling.strategyCall);
  await expectHeadings(page, [
    'Industry Expertise',
    'Lead Generation',
    'Strategic Marketing',
    'Event Marketing',
    'Why Work With Us',
    'Speaks Your Language',
    'Built for Speed',
    'Productized Pricing',
    'AI-Augmented Workflows',
  ]);
  await expect(page.getByRole('list', { name: 'Organisations we work with' }).getByRole('listitem')).toHaveCount(5);
  for (const anchor of ['linkedin', 'video', 'collateral']) {
    await expect(main(page).locator(`a[href="/services#${anchor}"]`)).toHaveCount(1);
  }
  await expect(
    main(page).getByRole('link', { name: `Learn More About the ${site.productName} Audit` }),
  ).toHaveAttribute('href', '/bolesta-audit');
});

test('services: five category cards with their anchors, the featured anchors and the audit block', async ({ page }) => {
  await page.goto('/services');
  for (const [id, title] of [
    ['strategy', 'Strategy & Positioning'],
    ['digital', 'Digital Marketing'],
    ['content', 'Content & Promotion'],
    ['events', 'Event Planning & Management'],
    ['bd', 'BD Support'],
  ]) {
    await expect(page.locator(`#${id}`).getByRole('heading', { name: title })).toBeVisible();
  }
  for (const id of ['linkedin', 'video', 'collateral']) await expect(page.locator(`#${id}`)).toHaveCount(1);
  await expectHeadings(page, ['Not Sure Where to Start?']);
  await expect(page.getByRole('link', { name: `Request a ${site.productName} Audit` })).toHaveAttribute(
    'href',
    '/audit-intake',
  );
});

test('service pages carry the product’s sections and buttons', async ({ page }) => {
  await page.goto('/services/digital-marketing');
  await expectHeadings(page, [
    'Strategic Digital Marketing for Pharma',
    'Why Our Digital Marketing Works',
    'Success Stories',
  ]);
  await expect(main(page).getByRole('link', { name: 'Start Your Audit' })).toHaveAttribute('href', '/audit-intake');
  await expect(main(page).getByRole('link', { name: /Book a Strategy Call/ })).toHaveAttribute('target', '_blank');

  await page.goto('/services/event-planning');
  await expectHeadings(page, [...eventTypes, ...eventSteps]);
  await expect(main(page)).toContainText(/increased brand awareness and strengthened industry relationships/i);
  await expect(main(page).getByRole('link', { name: /Discuss Your Event/ })).toHaveAttribute(
    'href',
    site.scheduling.discoveryCall,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.url}/services/event-planning`);

  await page.goto('/services/bd-support');
  await expect(main(page)).toContainText('Bioanalytical lab');
  await expect(main(page).getByRole('link', { name: 'Book a Strategy Call' })).toHaveAttribute('href', '/contact');
  await expect(main(page).getByRole('link', { name: 'Start Your Audit' })).toHaveAttribute('href', '/audit-intake');
});

test('about, our story and testimonials', async ({ page }) => {
  await page.goto('/our-story');
  await expect(page.locator('#founder article')).toHaveCount(1);
  await expect(main(page).getByRole('link', { name: 'Schedule a Consultation' })).toHaveAttribute('href', '/contact');
  await expect(main(page).getByRole('link', { name: `Get Your ${site.productName} Audit` })).toHaveAttribute(
    'href',
    '/bolesta-audit',
  );

  await page.goto('/testimonials');
  const cards = page.locator('[data-testimonial]');
  await expect(cards).toHaveCount(7);
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(first!.width).toBeGreaterThan(second!.width * 1.5);
  const tagClasses = await cards.locator('span').first().getAttribute('class');
  expect(tagClasses).toMatch(/bg-\w+-100/);
});

test('case studies: Recent Client Wins and Impact in Numbers', async ({ page }) => {
  await page.goto('/case-studies');
  await expectHeadings(page, [
    'Recent Client Wins',
    'European CDMO',
    'Asia-based SaaS PSP',
    'EU Regulatory Consultant',
  ]);
  const impact = page.locator('#impact');
  for (const figure of ['25+', '115+', '8+', '15+']) await expect(impact).toContainText(figure);
  await expect(main(page).getByRole('link', { name: 'View Packages' })).toHaveAttribute('href', '/packages');
  await expect(main(page).getByRole('link', { name: 'Learn About the Audit' })).toHaveAttribute(
    'href',
    '/bolesta-audit',
  );
});

test('packages: the four prices and periods, package and retainer buttons', async ({ page }) => {
  await page.goto('/packages');
  for (const [slug, price, period] of [
    ['linkedin-content-kit', '$450', 'per month'],
    ['branded-video-package', '$600', 'per video'],
    ['linkedin-engagement-add-on', '$250', 'per month'],
    ['sales-collateral-builder', '$300', 'per item'],
  ]) {
    const card = page.locator(`[data-package="${slug}"]`);
    await expect(card.locator('[data-price]')).toHaveText(price!);
    await expect(card.locator('[data-period]')).toHaveText(period!);
    await expect(card.getByRole('link')).toHaveAttribute('href', `/contact?package=${slug}`);
  }
  await expect(page.locator('[data-package]')).toHaveCount(4);
  await expect(page.locator('#retainer').getByRole('link')).toHaveAttribute('href', '/contact');
  await expect(main(page).locator('a[href="#"]')).toHaveCount(0);
});

test('audit landing, thank-you and contact', async ({ page }) => {
  await page.goto('/bolesta-audit');
  await expectHeadings(page, [
    'What Does the Audit Cover?',
    'Marketing Evaluation',
    'Business Development Review',
    'Perfect for All Company Types',
    'Solo Consultant',
    'Scaling CDMO',
    'VC-Backed Platform Company',
  ]);
  await expect(main(page).getByRole('link', { name: 'Request an Audit' }).first()).toHaveAttribute(
    'href',
    '/audit-intake',
  );

  await page.goto('/audit-thank-you');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('#next-steps li')).toHaveCount(3);
  await expect(main(page)).toContainText('within 24 hours');
  await expect(main(page).getByRole('link', { name: /Book a Strategy Call/ })).toHaveAttribute(
    'href',
    site.scheduling.strategyCall,
  );

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Want to Talk First?');
  await expectHeadings(page, ['Book a Strategy Call', `Start Your ${site.auditName}`, 'Location', 'Email', 'Phone']);
  await expect(main(page)).toContainText('typically responds within 24 hours');
  await expect(main(page).getByRole('link', { name: site.email, exact: true })).toHaveAttribute(
    'href',
    `mailto:${site.email}`,
  );
  await expect(main(page).getByRole('link', { name: site.phone })).toHaveAttribute('href', phoneHref);
  // The map loads only when asked for.
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ body: '<p>map</p>', contentType: 'text/html' }),
  );
  await page.getByRole('button', { name: 'Show interactive map' }).click();
  await expect(page.locator('iframe[title="Map of our office"]')).toHaveAttribute('src', site.mapEmbedUrl);
});

test('market entry and the biotech investor page', async ({ page }) => {
  await page.goto('/foreign-psp-strategy');
  await expectHeadings(page, [
    'Localized Messaging',
    'Tailored SEO & LinkedIn Strategy',
    'DEP RFP Access',
    'Events & Trust Campaigns',
  ]);
  const calls = main(page).getByRole('link', { name: /Book a U.S. Market Strategy Call/ });
  await expect(calls).toHaveCount(2);
  for (const call of await calls.all()) {
    await expect(call).toHaveAttribute('href', site.scheduling.usMarketCall);
    await expect(call).toHaveAttribute('target', '_blank');
    await expect(call).toHaveAttribute('rel', 'noopener');
  }

  await page.goto('/biotech-website-investor');
  await expect(page.locator('#deliverables h3')).toHaveCount(4);
  await expect(main(page).locator('a[href="/resources/biotech-website-investor-checklist"]')).toHaveCount(1);
  await expect(main(page).locator(`a[href="mailto:${site.email}"]`)).toHaveCount(1);
  await expect(main(page).locator(`a[href="${phoneHref}"]`)).toHaveCount(1);
  await expect(main(page).locator('a[data-booking]').first()).toHaveAttribute('target', '_blank');
});

test('resource articles hold the figures the product names', async ({ page }) => {
  const figures: Record<string, string[]> = {
    'bolesta-audit-insights': ['200', '87%', '215%', '$2.3M', '67%', '123%', '42%', '$2.1M', '3-minute read'],
    'cro-linkedin-strategies': ['2-3', 'Do', 'Avoid'],
    'foreign-psp-us-market-guide': ['$200+ billion', '$0 to $12M in 18 months', 'no email'],
    'cro-marketing-toolkit': ['10'],
    'rfp-readiness-checklist': ['47'],
    'marketing-budget-calculator': ['40%', '25%', '20%', '10%', '5%', 'Excel'],
    'cro-onboarding-checklist': ['52', 'Days -7 to 0', 'Day 1', 'Days 2 to 7', 'Days 8 to 14'],
    'biotech-website-investor-checklist': ['Pipeline'],
  };
  for (const [slug, expected] of Object.entries(figures)) {
    await page.goto(`/resources/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const text of expected) await expect(main(page), `${slug}: ${text}`).toContainText(text);
  }
  await page.goto('/resources/bolesta-audit-insights');
  await expect(main(page).locator('.prose a[href="/bolesta-audit"]')).toHaveCount(1);
});

test('legal pages cover forms, uploads, email and analytics', async ({ page }) => {
  await page.goto('/privacy-policy');
  for (const topic of [
    'Contact form',
    'Documents you upload',
    'Emails we send',
    'Analytics',
    'Abuse prevention',
    'Your rights',
  ]) {
    await expect(main(page), topic).toContainText(topic);
  }
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { name: `The ${site.auditName}` })).toBeVisible();
});
