import { Title, type TitleProps } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useStaffText } from '../i18n/staff-language';

/**
 * A staff page's h1, which also names the browser tab ("Create Test – Personality Assessment", in the reader's
 * language; 2.4.2). After moving to the page within the app, focus goes to it so a screen reader reads the new page
 * (on the first page loaded the browser already does). Never a patient identifier in `title`: tab titles end up in
 * the browser's history.
 */
export function StaffPageHeading({
  title,
  children,
  size = 'h2',
  ...props
}: { title: string; children?: ReactNode } & Omit<TitleProps, 'order' | 'children' | 'title'>) {
  const { t } = useStaffText();
  const siteName = t('staff.siteName');
  const location = useLocation();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = t('staff.pageTitle', { title, siteName });
  }, [t, title, siteName]);
  useEffect(() => {
    const focused = document.activeElement;
    // 'default' is the location the app was opened at; focus already inside the page (a field the user went to
    // while it loaded) is left where it is.
    const isInPage = focused !== null && focused !== document.body && focused.closest('main') !== null;
    if (location.key !== 'default' && !isInPage) {
      ref.current?.focus({ preventScroll: true });
    }
  }, [location.key]);
  return (
    <Title ref={ref} order={1} size={size} tabIndex={-1} style={{ outlineOffset: 4 }} {...props}>
      {children ?? title}
    </Title>
  );
}
