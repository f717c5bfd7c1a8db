import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../test/api-mock';
import { CLINICIAN, anAssessmentList, someCredits } from '../../test/fixtures';
import { renderRoute, signInAs } from '../../test/render-route';

// Every staff page names the browser tab after itself, and moving to another page puts focus on its heading so a
// screen reader announces it (WCAG 2.4.2, 2.4.3).

describe('the staff pages', () => {
  it('each title the tab with the page and leave focus alone on the page first opened', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    onApi('listAssessments', anAssessmentList([]));
    renderRoute('/dashboard');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Assessments' });
    await waitFor(() => expect(document.title).toBe('Assessments – Personality Assessment'));
    expect(heading).not.toHaveFocus();
  });

  it('move focus to the new page heading after a move within the app, and retitle the tab', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    onApi('getDiagnoses', { version: 'test', items: [] });
    onApi('listAssessments', anAssessmentList([]));
    const { user } = renderRoute('/dashboard');

    const createTest = await screen.findByRole('button', { name: 'Create Test' });
    await waitFor(() => expect(createTest).toBeEnabled());
    await user.click(createTest);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Create Test' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Create Test – Personality Assessment');
  });
});
