/** Replaces patient link codes in a URL with a placeholder (for logs). */
export function redactUrl(url: string): string {
  return url.replace(/\/(patient|test|consent)\/[^/?#]+/g, '/$1/[code]');
}
