import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '@pid5/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StaffLanguage } from '../i18n/staff-language';
import { TestLanguageField, TestLanguageSelect } from './test-language-select';

// Create Test's choice of the test's language (DESIGN.md "Languages"), on its own (Mantine's test environment, as
// the staff shell sets it under Vitest: no transitions or portals), in the staff pages' language provider.

function Harness(props: { languages: Language[]; initial: Language; onChange?: (language: Language) => void }) {
  const [value, setValue] = useState<Language>(props.initial);
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <StaffLanguage>
          <TestLanguageSelect
            languages={props.languages}
            value={value}
            onChange={(language) => {
              setValue(language);
              props.onChange?.(language);
            }}
          />
        </StaffLanguage>
      </QueryClientProvider>
    </MantineProvider>
  );
}

describe('TestLanguageSelect', () => {
  it('offers the given languages, each in its own name, with its label from the catalogue', async () => {
    const chosen = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness languages={['en', 'de']} initial="en" onChange={chosen} />);

    const select = await screen.findByRole('textbox', { name: 'Test language' });
    expect(select).toHaveValue('English');
    expect(select).toHaveAccessibleDescription(/Only the languages with an item set on this server are offered/);
    await user.click(select);
    const list = within(await screen.findByRole('listbox', { name: 'Test language' }));
    expect(list.getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Deutsch']);
    await user.click(list.getByRole('option', { name: 'Deutsch' }));
    expect(chosen).toHaveBeenCalledWith('de');
    expect(select).toHaveValue('Deutsch');
  });

  it('shows the one language without a choice when the server offers only one', async () => {
    render(<Harness languages={['de']} initial="de" />);
    const select = await screen.findByRole('textbox', { name: 'Test language' });
    expect(select).toHaveValue('Deutsch');
    expect(select).toBeDisabled();
  });

  it("shows a test's language on its details page", async () => {
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <StaffLanguage>
            <TestLanguageField language="de" />
          </StaffLanguage>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Language')).toBeInTheDocument();
    // In its own language, marked as such on a page in another (3.1.2).
    expect(screen.getByText('Deutsch')).toHaveAttribute('lang', 'de');
  });
});
