import { render, screen, waitFor } from '@testing-library/react';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerLanguage, unregisterLanguage } from '@pid5/i18n';
import { compiledCatalogueFile } from '@pid5/i18n/vite-plugin';
import type { TPatientTest } from '@pid5/contract';
import { englishOutsideMarkers, writePseudoLanguage } from '@pid5/i18n/pseudo-language';
import { onApi } from '../../test/api-mock';
import { CLINICIAN, anAssessmentList, anAssessmentListItem, someCredits } from '../../test/fixtures';
import { renderRoute, signInAs } from '../../test/render-route';
import { RespondentApp } from '../respondent/respondent-app';
import { RespondentLanguage } from '../respondent/respondent-language';
import type { CatalogueLoader } from './language-runtime';
import { LANGUAGE_STORAGE_KEY } from './staff-language';

// A third language made of files only (packages/i18n/README.md "Adding a language"), on the staff and patient
// pages: the pseudo-locale of every English file, in a folder of its own, its catalogues compiled as the build
// compiles them. Any run of plain English words on a page is a fallback.

let folder: string;
let code: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'pid5-web-languages-'));
  code = writePseudoLanguage(folder);
  registerLanguage(code, JSON.parse(readFileSync(join(folder, code, 'language.json'), 'utf8')));
});
afterAll(() => {
  unregisterLanguage(code);
  rmSync(folder, { recursive: true, force: true });
});

const PRODUCT_CATALOGUES = join(process.cwd(), 'packages/i18n/catalogues');

/** A page's catalogue: its areas' files compiled, from the folder for its language, else the product's own. */
function catalogues(...areas: string[]): CatalogueLoader {
  return (language) => {
    const from = existsSync(join(folder, language)) ? folder : PRODUCT_CATALOGUES;
    return Promise.resolve({
      default: Object.assign({}, ...areas.map((area) => compiledCatalogueFile(join(from, language, `${area}.json`)))),
    });
  };
}

/** What the page says: its texts and the labels a screen reader reads, each on a line; not its styles. */
function pageText(): string {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      texts.push(...['aria-label', 'title', 'placeholder', 'alt'].map((name) => node.getAttribute(name) ?? ''));
    } else if (!node.parentElement?.closest('style, script')) {
      texts.push(node.textContent ?? '');
    }
  }
  return texts.join('\n');
}

function expectNoEnglish(allowed: readonly string[] = []) {
  expect(englishOutsideMarkers(pageText(), allowed)).toEqual([]);
}

describe('a language added as files only, on the pages', () => {
  it('shows the staff dashboard in it', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(3));
    onApi('listAssessments', anAssessmentList([anAssessmentListItem({ createdAt: '2026-11-26T10:00:00.000Z' })]));
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
    renderRoute('/dashboard', { catalogues: catalogues('staff', 'results') });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('⟦');
    expect(document.documentElement.lang).toBe(code);
    // The signed-in person's name is theirs.
    expectNoEnglish([CLINICIAN.username]);
  });

  it("shows the patient's questionnaire in it: the page's words from the catalogue, the items from the item set", async () => {
    const items = JSON.parse(readFileSync(join(folder, code, 'demo-item-set.json'), 'utf8')) as {
      title: string;
      answerLabels: string[];
      items: { text: string }[];
    };
    const test: TPatientTest = {
      status: 'in-progress',
      itemCount: 25,
      form: 'BF',
      language: code,
      languageChoices: [],
      answers: '9'.repeat(25),
      answeredCount: 0,
      dueAt: '2026-12-26T10:00:00.000Z',
      itemSet: {
        id: `demo-${code}-1`,
        title: items.title,
        language: code,
        answerLabels: items.answerLabels,
        items: items.items.slice(0, 25).map(({ text }, index) => ({ number: index + 1, text })),
      },
    };
    onApi('getPatientTest', test);
    window.history.replaceState(null, '', '/test/ABCD-EFGH');
    try {
      render(
        <RespondentLanguage catalogues={catalogues('respondent')}>
          <RespondentApp />
        </RespondentLanguage>,
      );
      // The page starts in the browser's language and follows the test's once it is loaded.
      await waitFor(() => {
        expect(document.body).toHaveTextContent(test.itemSet?.items[0]?.text ?? '-');
        expect(document.documentElement.lang).toBe(code);
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦');
      });
      expectNoEnglish();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
