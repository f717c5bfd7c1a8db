import '@mantine/core/styles.css';
import {
  Badge,
  Button,
  createTheme,
  MantineProvider,
  Modal,
  ModalHeader,
  type CSSVariablesResolver,
  type ModalHeaderProps,
} from '@mantine/core';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { useStaffText, type StaffKey } from '../i18n/staff-language';
import type { Translate } from '../i18n/translate';

/** The staff theme, its one word (the dialogs' close button) in the reader's language. */
const themeIn = (t: Translate<StaffKey>) =>
  createTheme({
    primaryColor: 'teal',
    // WCAG 2.1 AA (1.4.3) wants 4.5:1 for text. Mantine's default shade 6 gives teal text on white, and white text on
    // teal buttons, 2.6:1; shade 9 gives 5.0:1 (and red 5.5:1, grape 7.3:1).
    primaryShade: 9,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    // Menus and dialogs appear without their transitions for readers who ask for reduced motion, as on the patient
    // pages (WCAG 2.3.3).
    respectReducedMotion: true,
    components: {
      // Mantine's close button is an icon only: give it a name for screen readers.
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': t('staff.closeDialog') } } }),
      // A dialog's title bar is a <header>, which outside a sectioning element is a second banner landmark beside
      // the page's own (axe landmark-no-duplicate-banner); inside a dialog it is only a heading's container.
      ModalHeader: ModalHeader.extend({ defaultProps: { component: 'div' } as Partial<ModalHeaderProps> }),
      // Badges carry clinical words (levels, validity, message states): they wrap onto a second line rather than
      // being cut to "MO…" in a narrow column or at 200 % zoom (1.4.4, 1.4.10).
      Badge: Badge.extend({
        styles: {
          root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2 },
          label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', overflowWrap: 'anywhere' },
        },
      }),
      // A button's words wrap rather than end in "…" on a narrow screen ("Download everything stored (JS…" at 320 px).
      Button: Button.extend({
        styles: {
          root: {
            height: 'auto',
            minHeight: 'var(--button-height)',
            paddingBlock: 4,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
          },
          label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' },
        },
      }),
    },
  });

/**
 * Colours Mantine derives that stay below 4.5:1 even at shade 9: dimmed text (gray 6, 3.3:1 on white) and the text
 * of 'light' buttons, badges and alerts, which sits on a 10 % tint of its own colour (also in striped or hovered
 * table rows). These keep each hue and reach at least 5:1 on those backgrounds.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-teal-light-color': '#066b4b',
    '--mantine-color-yellow-light-color': '#8f4a00',
    '--mantine-color-orange-light-color': '#a3360b',
    '--mantine-color-red-light-color': '#b02525',
    // Error text, an invalid field's typed value and the required asterisk: Mantine's red 6 is 3.3:1 on white.
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});

/**
 * Under Vitest (mode 'test', the component tests in happy-dom) Mantine's test environment: no transitions or
 * portals, and dropdowns stay open although the test DOM gives their anchor no size (Mantine would take it for
 * scrolled out of view).
 */
const mantineEnv = import.meta.env.MODE === 'test' ? 'test' : 'default';

/** Everything clinicians and admins see (login included) shares one Mantine theme. */
export default function StaffShell() {
  const { t } = useStaffText();
  const theme = useMemo(() => themeIn(t), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={mantineEnv}>
      <Outlet />
    </MantineProvider>
  );
}
