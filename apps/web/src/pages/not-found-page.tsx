import { useEffect } from 'react';
import { StaffRichText, useStaffText } from '../i18n/staff-language';

/** Any unknown path: a plain page with a way back. */
export default function NotFoundPage() {
  const { t } = useStaffText();
  useEffect(() => {
    document.title = t('staff.pageTitle', { title: t('notFound.title'), siteName: t('staff.siteName') });
  }, [t]);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>{t('notFound.title')}</h1>
      <p>
        <StaffRichText id="notFound.text" components={{ 0: <a href="/dashboard" /> }} />
      </p>
    </main>
  );
}
