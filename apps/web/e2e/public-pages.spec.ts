import { type Locator, type Page, expect, test } from '@playwright/test';
import { captureAllLooks } from './visual-helpers';

const linkTo = (scope: Page | Locator, name: string | RegExp, href: string) =>
  expect(scope.getByRole('link', { name, exact: typeof name === 'string' ? true : undefined })).toHaveAttribute(
    'href',
    href,
  );

test('landing page: top bar, hero, sample card, sections, footer and ad slot', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Take control of your money');

  const header = page.getByRole('banner');
  const sections = header.getByRole('navigation', { name: 'Sections' });
  await linkTo(sections, 'Features', '#features');
  await linkTo(sections, 'How It Works', '#how-it-works');
  await linkTo(sections, 'Pricing', '#pricing');
  await linkTo(header, 'Sign In', '/login');
  await linkTo(header, 'Get Started', '/register');
  await expect(header.getByRole('button', { name: /Switch to (dark|light) mode/ })).toBeVisible();

  const main = page.getByRole('main');
  await expect(main).toContainText('Expense tracking, budgets and spending insights');
  await linkTo(main, 'Start Free Today', '/register');
  await linkTo(main, 'Sign In', '/login');
  const sample = page.getByRole('figure', { name: 'Sample monthly overview' });
  for (const word of ['Income', 'Expense', 'Balance'])
    await expect(sample.getByText(word, { exact: true })).toBeVisible();
  await expect(sample).toContainText('$5,240.00');

  for (const id of ['features', 'how-it-works', 'pricing']) await expect(page.locator(`section#${id}`)).toHaveCount(1);
  const features = page.locator('#features');
  for (const f of ['Visual Analytics', 'Smart Categories', 'Budget Goals'])
    await expect(features.getByRole('heading', { name: f })).toBeVisible();
  await expect(features).toContainText('alerts');
  const steps = page.locator('#how-it-works');
  for (const s of ['Create Account', 'Track Expenses', 'Get Insights'])
    await expect(steps.getByRole('heading', { name: s })).toBeVisible();
  await expect(page.locator('#pricing')).toContainText('No credit card');
  // What exists now is said; nothing calls import a plan (issue 25, item 14).
  await expect(page.locator('#pricing')).toContainText('Statement import: CSV, OFX, QIF and CAMT');
  await expect(page.locator('#pricing')).toContainText('Two-factor sign-in, export and deletion in Settings');
  await expect(steps).toContainText('import your bank statement');
  await expect(main).not.toContainText('roadmap');
  await expect(page.locator('[data-ad-slot="landing"]')).toHaveCount(1);

  const footer = page.getByRole('contentinfo');
  for (const group of ['Product', 'Company', 'Legal'])
    await expect(footer.getByRole('heading', { name: group })).toBeVisible();
  await linkTo(footer, 'About', '/about');
  await linkTo(footer, 'Contact', '/contact');
  await linkTo(footer, 'FAQ', '/faq');
  await linkTo(footer, 'Privacy', '/privacy');
  await linkTo(footer, 'Terms', '/terms');

  // The anchors scroll to their sections.
  await sections.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expect(page.locator('#pricing').getByRole('heading', { level: 2 })).toBeInViewport();

  await page.goto('/');
  await captureAllLooks(page, 'landing');
  await main.getByRole('link', { name: 'Start Free Today' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

const INFO_PAGES = [
  {
    path: '/faq',
    title: 'Frequently Asked Questions',
    strings: [
      'Is Ledgerly really free?',
      'no credit card',
      'CSV, OFX, QIF or CAMT',
      'encrypted in transit and at rest',
      '30 days',
    ],
  },
  {
    path: '/about',
    title: 'About Ledgerly',
    strings: ['What we value', 'Milestones', 'Statement import', 'CSV, OFX, QIF or CAMT', 'two-factor', 'offline'],
  },
  {
    path: '/contact',
    title: 'Contact Us',
    strings: ['Support', 'Community', 'Security', 'Support hours', 'within one business day'],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    strings: [
      'encrypted in transit and at rest',
      'two-factor sign-in',
      'Your data downloads everything',
      'Delete account deletes your account',
      'aged 16 and over',
      'answered within 30 days',
      'purged from our backups within 30 days',
      'at least 14 days',
    ],
  },
  {
    path: '/terms',
    title: 'Terms of Service',
    strings: [
      'at least 16 years old',
      'free to use',
      'no credit card',
      'import of bank statements (CSV, OFX, QIF and CAMT files)',
      'works offline',
      'export all of it at any time in Settings',
      'delete your account at any time, yourself in Settings',
      'amounts you paid us in the previous 12 months',
      'at least 14 days',
    ],
  },
] as const;

for (const info of INFO_PAGES) {
  test(`${info.path}: shared header and footer, one h1, its content`, async ({ page }) => {
    await page.goto(info.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.title);
    const header = page.getByRole('banner');
    await linkTo(header, 'Ledgerly', '/');
    await linkTo(header, 'Sign In', '/login');
    await linkTo(header, 'Get Started', '/register');
    const footer = page.getByRole('contentinfo');
    const explore = footer.getByRole('navigation', { name: 'Explore' });
    await linkTo(explore, 'FAQ', '/faq');
    await linkTo(explore, 'About', '/about');
    await linkTo(explore, 'Contact', '/contact');
    const legal = footer.getByRole('navigation', { name: 'Legal' });
    await linkTo(legal, 'Privacy', '/privacy');
    await linkTo(legal, 'Terms', '/terms');
    const main = page.getByRole('main');
    for (const s of info.strings) await expect(main).toContainText(s, { ignoreCase: true });
    // Import exists: no page calls it a plan, and deletion is not only a request by mail.
    await expect(main).not.toContainText(/import[^.]*roadmap|roadmap[^.]*import/i);
    await captureAllLooks(page, `page${info.path.replace('/', '-')}`);
  });
}

test('FAQ: six questions that open, and Contact Support goes to /contact', async ({ page }) => {
  await page.goto('/faq');
  const questions = page.locator('main details');
  await expect(questions).toHaveCount(6);
  const first = questions.first();
  await expect(first.locator('p')).toBeHidden();
  await first.locator('summary').click();
  await expect(first.locator('p')).toBeVisible();
  await first.locator('summary').press('Enter');
  await expect(first.locator('p')).toBeHidden();
  await page.getByRole('link', { name: 'Contact Support' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
});

test('About links to sign-up and contact; Privacy and Terms link to contact, register and FAQ', async ({ page }) => {
  await page.goto('/about');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Create Free Account' })).toHaveAttribute('href', '/register');
  await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  for (const path of ['/privacy', '/terms']) {
    await page.goto(path);
    const body = page.getByRole('main');
    for (const href of ['/contact', '/register', '/faq'])
      await expect(body.locator(`a[href="${href}"]`).first()).toBeVisible();
  }
  await page.getByRole('main').getByRole('link', { name: 'create a free account' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('Contact lists support, community and security channels', async ({ page }) => {
  await page.goto('/contact');
  for (const channel of ['Support', 'Community', 'Security'])
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: channel, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@ledgerly.app' })).toHaveAttribute(
    'href',
    'mailto:support@ledgerly.app',
  );
  await expect(page.getByRole('link', { name: 'security@ledgerly.app' })).toHaveAttribute(
    'href',
    'mailto:security@ledgerly.app',
  );
});
