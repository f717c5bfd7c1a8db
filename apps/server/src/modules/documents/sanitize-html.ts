import sanitize from 'sanitize-html';

/**
 * Terms and consent bodies are HTML written by the institute; they are sanitised when stored
 * (DESIGN.md "Security and reliability") so a document can format text but never run script or load anything.
 */
export function sanitizeDocumentHtml(html: string): string {
  return sanitize(html, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'a',
      'blockquote',
      'hr',
      'span',
      'div',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    // rel and target are set by the transform below (links open in a new tab without the opener).
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
    allowedSchemes: ['https', 'mailto'],
    transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
    disallowedTagsMode: 'discard',
  });
}
