import type { Page } from '@playwright/test';

// What a pseudo-locale run looks for (packages/i18n/src/pseudo-locale.ts): text a person reads that did not come
// from a catalogue (it has no ⟦ ⟧ around it), and a layout that the longer words broke.

/**
 * The visible text on the page that is not inside a pseudo-localised message. `allowed` are selectors of content
 * that is not the product's wording (item texts, a patient identifier, the consent document, numbers).
 */
export async function untranslatedTexts(page: Page, allowed: readonly string[] = []): Promise<string[]> {
  return page.evaluate((skip) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || !/[A-Za-z]{2,}/.test(text) || skip.some((selector) => parent.closest(selector))) {
        continue;
      }
      const style = getComputedStyle(parent);
      if (
        style.display === 'none' ||
        style.visibility === 'hidden' ||
        parent.closest('[aria-hidden="true"], script, style, noscript, option:not(:checked)')
      ) {
        continue;
      }
      // A message may be split into several text nodes (arguments, markup): judge the innermost element's text.
      const whole = parent.textContent ?? '';
      if (!(whole.includes('⟦') && whole.includes('⟧'))) {
        found.push(text.trim());
      }
    }
    return [...new Set(found)];
  }, allowed as string[]);
}

/** Elements whose content is wider than their box and cut off, and whether the page scrolls sideways. */
export async function clippedLayout(page: Page): Promise<{ pageOverflow: number; clipped: string[] }> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(element);
      const cuts = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (cuts && element.scrollWidth > element.clientWidth + 1 && (element.textContent ?? '').trim() !== '') {
        clipped.push(
          `${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? '').slice(0, 60)}`,
        );
      }
    }
    return { pageOverflow: document.documentElement.scrollWidth - window.innerWidth, clipped };
  });
}
