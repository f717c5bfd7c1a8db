import pinoPretty from 'pino-pretty';

/** Control characters (a line break among them) written as visible escapes: `\n`, `\u001b`. */
export function escapeControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) =>
    c === '\n'
      ? '\\n'
      : c === '\r'
        ? '\\r'
        : c === '\t'
          ? '\\t'
          : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Readable log lines for a person at a terminal (LOG_FORMAT=pretty). A message can carry text a request brought (a
 * provider's error description, a path): its control characters are escaped, so no one can start a line of their
 * own in the operator's log. The other fields are printed as JSON on the same line, which escapes them already.
 */
export function prettyLogStream(options: { destination?: NodeJS.WritableStream; colorize?: boolean } = {}) {
  return pinoPretty({
    colorize: options.colorize ?? process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: (log, messageKey) => escapeControlCharacters(String(log[messageKey] ?? '')),
    ...(options.destination ? { destination: options.destination } : {}),
  });
}
