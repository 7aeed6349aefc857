import { type Page, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot } from './helpers';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** Switches the appearance with the page's own theme toggle (no reload, so in-page state stays). */
export async function setAppearance(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (dark !== (theme === 'dark')) {
    await page
      .getByRole('button', { name: theme === 'dark' ? 'Switch to dark mode' : 'Switch to light mode' })
      .first()
      .click();
  }
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
  else await expect(page.locator('html')).not.toHaveClass(/dark/);
}

/** Nothing sticks out sideways (the page does not scroll horizontally). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Screenshots the page in light and dark, at desktop and phone width, checking axe in each theme
 * and that nothing overflows at phone width. Leaves the page light at desktop width.
 */
export async function captureAllLooks(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize(DESKTOP);
    await setAppearance(page, theme);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `${name}-${theme}-desktop`);
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${name}-${theme}-phone`);
  }
  await page.setViewportSize(DESKTOP);
  await setAppearance(page, 'light');
}
