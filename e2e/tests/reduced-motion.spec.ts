import type { Page } from '@playwright/test';
import { expect, test } from './helpers';

// The staff pages follow the reader's "reduce motion" setting (WCAG 2.3.3), as the patient pages do: menus and
// dialogs appear at once rather than fading in.

/** The opacity the language menu is first drawn with, read as it is added to the page. */
async function openingOpacity(page: Page): Promise<number> {
  await page.goto('/login');
  const button = page.getByRole('button', { name: /^Language:/ });
  await expect(button).toBeVisible();
  const seen = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new MutationObserver((_, observer) => {
          const menu = document.querySelector('[role="menu"]');
          if (menu) {
            observer.disconnect();
            let opacity = 1;
            for (let node: Element | null = menu; node; node = node.parentElement) {
              opacity *= Number(getComputedStyle(node).opacity);
            }
            resolve(opacity);
          }
        }).observe(document.body, { childList: true, subtree: true });
      }),
  );
  await button.click();
  await expect(page.getByRole('menu')).toBeVisible();
  return seen;
}

test('menus appear without fading in when the reader asks for reduced motion, and fade in otherwise', async ({
  newPage,
}) => {
  expect(await openingOpacity(await newPage({ reducedMotion: 'reduce' }))).toBe(1);
  expect(await openingOpacity(await newPage({ reducedMotion: 'no-preference' }))).toBeLessThan(1);
});
