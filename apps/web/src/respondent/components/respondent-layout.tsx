import { useEffect, useRef, type ReactNode } from 'react';
import { hasNavigated } from '../navigation';
import { useRespondentText } from '../respondent-language';

/** Every patient page: the site header, one main landmark, a title for the tab and for screen readers. */
export function RespondentLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useRespondentText();
  const pageTitle = t('respondent.pageTitle', { title });
  useEffect(() => {
    document.title = pageTitle;
  }, [pageTitle]);
  return (
    <>
      <header className="site-header">
        <div className="site-header-inner">
          <img src="/logo.svg" alt="" width={28} height={28} />
          <span className="site-name">{t('respondent.siteName')}</span>
        </div>
      </header>
      <main className="page">{children}</main>
    </>
  );
}

/** The page's h1; after moving to another page in place, focus goes here so screen readers read the new page. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hasNavigated()) {
      ref.current?.focus();
    }
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

/** A page that only says something: completed, expired, not valid, errors. */
export function MessagePage({
  title,
  tone = 'neutral',
  children,
}: {
  title: string;
  tone?: 'neutral' | 'success' | 'warning';
  children: ReactNode;
}) {
  return (
    <RespondentLayout title={title}>
      <div className={`card message message-${tone}`}>
        <PageHeading>{title}</PageHeading>
        {children}
      </div>
    </RespondentLayout>
  );
}
