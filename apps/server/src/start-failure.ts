/**
 * One line saying why the start failed. Our own errors say it in their message; a driver's error (a database that
 * refuses the connection, a host name that does not resolve) carries its code, which is what an operator searches for.
 */
export function describeStartFailure(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return describeStartFailure(error.errors[0]);
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = error.message.replace(/\s+/g, ' ').trim();
    return code && !message.includes(code) ? `${message} (${code})` : message || error.name;
  }
  return String(error);
}
