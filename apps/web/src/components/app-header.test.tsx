import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../test/api-mock';
import { CLINICIAN, anAssessmentList, someCredits } from '../../test/fixtures';
import { renderRoute, signInAs } from '../../test/render-route';

describe('the header avatar', () => {
  it('shows initials without the title', async () => {
    signInAs({ ...CLINICIAN, username: 'Dr. Dana Doctor' });
    onApi('getCredits', someCredits(1));
    onApi('listAssessments', anAssessmentList([]));
    renderRoute('/dashboard');

    const avatar = await screen.findByTestId('header-avatar');
    expect(avatar).toHaveTextContent('DD');
    expect(avatar.querySelector('img')).toBeNull();
  });

  it("shows the provider's picture when there is one", async () => {
    signInAs({ ...CLINICIAN, username: 'Dr. Dana Doctor', photoUrl: 'https://idp.example.org/dana.png' });
    onApi('getCredits', someCredits(1));
    onApi('listAssessments', anAssessmentList([]));
    renderRoute('/dashboard');

    const avatar = await screen.findByTestId('header-avatar');
    expect(avatar.querySelector('img')).toHaveAttribute('src', 'https://idp.example.org/dana.png');
  });
});
