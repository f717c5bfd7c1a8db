import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../test/api-mock';
import { ADMIN, CLINICIAN, anAssessmentList, someCredits } from '../../test/fixtures';
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

describe('the header link to one’s settings', () => {
  it('is named by the name and role it shows, with the admin view, and says them on focus', async () => {
    signInAs({ ...ADMIN, username: 'Dr. Ada Admin', viewMode: 'admin' });
    onApi('getCredits', someCredits(1));
    onApi('listAssessments', anAssessmentList([]));
    renderRoute('/dashboard');

    const link = await screen.findByRole('link', { name: 'Dr. Ada Admin (Admin, Admin View): your settings' });
    expect(link).toHaveAttribute('href', '/settings');
    link.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Dr. Ada Admin (Admin, Admin View): your settings');
  });
});
