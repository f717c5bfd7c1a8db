import type { Language } from '@pid5/i18n';
import { escapeHtml } from '../../lib/plain-http';
import { translator } from '../../i18n/translator';

// The patient's opt-out page (DESIGN.md "Messages to patients and clinicians"), in the test's language; a link not
// recognised is answered in the request's language. No script, nothing about the patient or the test: the institute's
// name and logo and the patient pages' colours, so it reads as the same service as the questionnaire.

/** form: reminders can be stopped; done: they are (now or before); closed: the test is submitted or no longer open. */
export type OptOutPageKind = 'form' | 'done' | 'closed' | 'unknown';

const STYLE = [
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2527;background:#f5f7f7}',
  'header{display:flex;align-items:center;gap:.5rem;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #d5dee0;font-weight:600}',
  'main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d5dee0;border-top:4px solid #2b7a7e;border-radius:8px}',
  'h1{font-size:1.4rem;margin:0 0 .75rem}',
  'button{font:inherit;font-weight:600;color:#fff;background:#2b7a7e;border:0;border-radius:6px;padding:.75rem 1.25rem;cursor:pointer;margin-top:.5rem}',
  'button:hover{background:#1d5c5f}',
  'button:focus-visible{outline:3px solid #1d5c5f;outline-offset:3px}',
  '@media (max-width:36rem){main{margin:1rem;padding:1rem}}',
].join('');

/** The page's HTML; `action` is the form's target (the same opt-out address), for the form only. */
export function optOutPageHtml(
  kind: OptOutPageKind,
  language: Language,
  options: { action?: string; institute: string },
): string {
  const t = translator(language);
  const institute = escapeHtml(options.institute);
  const heading = escapeHtml(t(`optOut.${kind}.heading`));
  const text = escapeHtml(t(`optOut.${kind}.text`));
  const form =
    kind === 'form'
      ? `<form method="post" action="${escapeHtml(options.action ?? '')}">` +
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
        `<button type="submit">${escapeHtml(t('optOut.form.button'))}</button></form>`
      : '';
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(t('optOut.title', { institute: options.institute }))}</title><style>${STYLE}</style></head>` +
    `<body><header><img src="/logo.svg" alt="" width="28" height="28">${institute}</header>` +
    `<main><h1>${heading}</h1><p>${text}</p>${form}</main></body></html>`
  );
}
