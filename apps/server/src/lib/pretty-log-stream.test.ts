import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { escapeControlCharacters, prettyLogStream } from './pretty-log-stream';

describe('the pretty log format', () => {
  it('keeps a message that carries a line break on one line', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const stream = prettyLogStream({ destination: out, colorize: false });
    const forged = 'provider returned x\n[12:00:00] INFO: FORGED-LINE admin role granted\r\u001b[2J';
    stream.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: forged, detail: 'a\nb' })}\n`);
    stream.end();
    await new Promise((resolve) => out.on('finish', resolve).end());
    const text = chunks.join('');
    expect(text.trimEnd().split('\n')).toHaveLength(1);
    expect(text).toContain('provider returned x\\n[12:00:00] INFO: FORGED-LINE admin role granted\\r\\u001b[2J');
  });

  it('escapes every control character and the Unicode line separators', () => {
    expect(escapeControlCharacters('a\tb\u0000c\u2028d')).toBe('a\\tb\\u0000c\\u2028d');
  });
});
