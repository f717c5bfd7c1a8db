import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../lib/plain-http';

/**
 * The sign-in page of the two stand-ins for an institute's login (the bundled development identity provider and
 * the Wix contract double): a notice saying what the page is, then one button per member, each posting
 * `<field>=<value>` to `action`.
 */
export interface MemberPickerPage {
  title: string;
  heading: string;
  notice: { lead: string; text: string };
  /** The buttons' border and focus outline, and their background. */
  accent: { color: string; background: string };
  action: string;
  field: string;
  members: { value: string; label: string }[];
  /** A last button posting `cancel=1` to `action`. */
  withCancel?: boolean;
}

export function sendMemberPickerPage(res: ServerResponse, page: MemberPickerPage): void {
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action here: the sign-in form's redirect chain ends at the app, on another origin.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  res.end(renderMemberPickerPage(page));
}

function renderMemberPickerPage(page: MemberPickerPage): string {
  const action = escapeHtml(page.action);
  const form = (field: string, value: string, label: string) => `<form method="post" action="${action}">
  <input type="hidden" name="${escapeHtml(field)}" value="${escapeHtml(value)}">
  <button type="submit">${escapeHtml(label)}</button>
</form>`;
  const buttons = page.members.map((m) => form(page.field, m.value, m.label));
  if (page.withCancel) {
    buttons.push(form('cancel', '1', 'Cancel'));
  }
  const { color, background } = page.accent;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}
.warn{background:#fff4e6;border:1px solid #f08c00;border-radius:8px;padding:.75rem 1rem}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border-radius:8px;border:1px solid ${color};background:${background};cursor:pointer}
button:focus{outline:3px solid ${color};outline-offset:2px}
</style></head>
<body><main>
<h1>${escapeHtml(page.heading)}</h1>
<p class="warn"><strong>${escapeHtml(page.notice.lead)}</strong> ${escapeHtml(page.notice.text)}</p>
${buttons.join('\n')}
</main></body></html>`;
}
