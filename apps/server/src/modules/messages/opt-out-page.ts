import type { Language } from '@pid5/i18n';

// The patient's opt-out page (DESIGN.md "Messages to patients and clinicians"), in the test's language; a link not
// recognised is answered in the request's language. No script, no style, nothing about the patient or the test.

export type OptOutPageKind = 'form' | 'done' | 'unknown';

interface PageTexts {
  title: string;
  form: { heading: string; text: string; button: string };
  done: { heading: string; text: string };
  unknown: { heading: string; text: string };
}

const TEXTS: Record<Language, PageTexts> = {
  en: {
    title: 'Reminders',
    form: {
      heading: 'No more reminders?',
      text: 'You will get no more reminders about this questionnaire. Your link keeps working.',
      button: 'Stop reminders',
    },
    done: { heading: 'Done', text: 'You will get no more reminders about this questionnaire.' },
    unknown: { heading: 'Link not recognised', text: 'Please use the link from the message as it is.' },
  },
  de: {
    title: 'Erinnerungen',
    form: {
      heading: 'Keine Erinnerungen mehr?',
      text: 'Sie erhalten keine Erinnerungen mehr zu diesem Fragebogen. Ihr Link bleibt gültig.',
      button: 'Erinnerungen abbestellen',
    },
    done: { heading: 'Erledigt', text: 'Sie erhalten keine Erinnerungen mehr zu diesem Fragebogen.' },
    unknown: { heading: 'Link nicht erkannt', text: 'Bitte verwenden Sie den Link aus der Nachricht unverändert.' },
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page's HTML; `action` is the form's target (the same opt-out address), for the form only. */
export function optOutPageHtml(kind: OptOutPageKind, language: Language, action = ''): string {
  const texts = TEXTS[language];
  let body: string;
  if (kind === 'form') {
    body =
      `<h1>${texts.form.heading}</h1><p>${texts.form.text}</p>` +
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit">${texts.form.button}</button></form>`;
  } else {
    body = `<h1>${texts[kind].heading}</h1><p>${texts[kind].text}</p>`;
  }
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${texts.title}</title></head><body>${body}</body></html>`
  );
}
