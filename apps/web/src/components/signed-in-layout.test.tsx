import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../test/api-mock';
import { CLINICIAN, anAssessmentList, someCredits } from '../../test/fixtures';
import { renderRoute, signInAs } from '../../test/render-route';

// Production without a licensed item set: patients get the demonstration items, and every staff page says so.

describe('the staff pages without a licensed item set in production', () => {
  it('warn on every page that results are not valid', async () => {
    signInAs({ ...CLINICIAN, institute: { ...CLINICIAN.institute, demonstrationItemsInProduction: true } });
    onApi('getCredits', someCredits(1));
    onApi('listAssessments', anAssessmentList([]));
    renderRoute('/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "No licensed item set is configured: patients are shown the demonstration items, which are not the PID-5's wording",
    );
  });

  it('say nothing when a licensed set is configured', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(1));
    onApi('listAssessments', anAssessmentList([]));
    renderRoute('/dashboard');

    await screen.findByTestId('header-avatar');
    expect(screen.queryByText(/No licensed item set is configured/)).toBeNull();
  });
});
