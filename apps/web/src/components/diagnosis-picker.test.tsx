import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TDiagnosisCatalogue } from '@pid5/contract';
import { onApi } from '../../test/api-mock';
import { CLINICIAN, anAssessmentList, someCredits } from '../../test/fixtures';
import { renderRoute, signInAs } from '../../test/render-route';

// The diagnosis list by keyboard (WCAG 2.1.1, 2.4.3): one Tab stop, the arrows, Home/End and Page Up/Down move the
// active row, Space and Enter select; the list is longer than its window, so rows come and go as it scrolls.

const CATALOGUE: TDiagnosisCatalogue = {
  version: 'test',
  items: Array.from({ length: 30 }, (_, n) => ({
    id: n + 1,
    code: `F${String(10 + n)}.${n % 10}`,
    description: `Test diagnosis number ${n + 1}, a description long enough to be clamped to two lines in a narrow row`,
    group: 'Test group',
  })),
};

async function openPicker() {
  signInAs(CLINICIAN);
  onApi('getCredits', someCredits(2));
  onApi('getDiagnoses', CATALOGUE);
  onApi('listAssessments', anAssessmentList([]));
  const { user } = renderRoute('/createtest');
  const opener = await screen.findByRole('button', { name: 'Choose Diagnoses' });
  await waitFor(() => expect(opener).toBeEnabled());
  opener.focus();
  await user.keyboard('{Enter}');
  const picker = await screen.findByRole('dialog', { name: 'DSM-5 Diagnoses' });
  await waitFor(() => expect(within(picker).getByRole('textbox', { name: 'Search diagnoses' })).toHaveFocus());
  return { user, picker, list: await within(picker).findByRole('listbox', { name: 'Diagnoses' }) };
}

/** The option the list's focus is on (its aria-activedescendant). */
function activeOption(list: HTMLElement): HTMLElement {
  const id = list.getAttribute('aria-activedescendant');
  expect(id).toBeTruthy();
  const option = document.getElementById(id!);
  expect(option).not.toBeNull();
  return option!;
}

describe('the diagnosis list', () => {
  it('is one Tab stop, moved through by arrows, Home/End and Page Up/Down, selected by Space and Enter', async () => {
    const { user, picker, list } = await openPicker();

    // Search → Show Selected → the list (Reset All is disabled with nothing selected) → Done: one stop for 30 rows.
    await user.tab();
    expect(within(picker).getByRole('button', { name: 'Show Selected' })).toHaveFocus();
    await user.tab();
    expect(list).toHaveFocus();
    expect(activeOption(list)).toHaveAccessibleName(/^F10\.0/);
    expect(
      within(list)
        .getAllByRole('option')
        .every((option) => option.tabIndex < 0),
    ).toBe(true);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption(list)).toHaveAccessibleName(/^F12\.2/);
    await user.keyboard(' ');
    expect(activeOption(list)).toHaveAttribute('aria-selected', 'true');
    expect(within(picker).getByText(/^1 selected/)).toBeInTheDocument();
    // The active row's whole description is written out below the list.
    expect(screen.getByTestId('diagnosis-active')).toHaveTextContent(/^F12\.2 Test diagnosis number 3, a description/);

    await user.keyboard('{ArrowUp}');
    expect(activeOption(list)).toHaveAccessibleName(/^F11\.1/);
    await user.keyboard('{End}');
    // The last row is drawn (scrolled into view) and named as the active one.
    expect(activeOption(list)).toHaveAccessibleName(/^F39\.9/);
    await user.keyboard('{Enter}');
    expect(activeOption(list)).toHaveAttribute('aria-selected', 'true');
    expect(within(picker).getByText(/^2 selected/)).toBeInTheDocument();
    await user.keyboard('{PageUp}');
    expect(activeOption(list).getAttribute('aria-posinset')).not.toBe('30');
    await user.keyboard('{Home}');
    expect(activeOption(list)).toHaveAccessibleName(/^F10\.0/);
    await user.keyboard('{PageDown}');
    expect(Number(activeOption(list).getAttribute('aria-posinset'))).toBeGreaterThan(1);
    // Space deselects again.
    await user.keyboard('{End} ');
    expect(activeOption(list)).toHaveAttribute('aria-selected', 'false');
    expect(within(picker).getByText(/^1 selected/)).toBeInTheDocument();

    // One more Tab leaves the list for Done (Reset All now enabled comes before the list).
    await user.tab();
    expect(within(picker).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'DSM-5 Diagnoses' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Diagnoses' })).toHaveFocus());
  });
});
