import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml } from './sanitize-html';

// Terms and consent HTML is sanitised when stored (DESIGN.md "Security and reliability"): formatting stays, anything that runs goes.
describe('sanitizeDocumentHtml', () => {
  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<p onclick="alert(1)">text</p>', '<p>text</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<svg onload=alert(1)><circle/></svg>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['<p style="background:url(https://evil.example)">a</p>', '<p>a</p>'],
  ])('removes what could run or load: %s', (input, expected) => {
    expect(sanitizeDocumentHtml(input)).toBe(expected);
  });

  it('keeps headings, lists, emphasis and https links', () => {
    const html = '<h2>Title</h2><ul><li><strong>a</strong> <em>b</em></li></ul><a href="https://example.org">x</a>';
    expect(sanitizeDocumentHtml(html)).toBe(
      '<h2>Title</h2><ul><li><strong>a</strong> <em>b</em></li></ul><a href="https://example.org" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });
});
