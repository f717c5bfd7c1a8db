import type { FastifyInstance } from 'fastify';
import { isStorableText } from '@pid5/contract';
import { AppError } from '../errors';

/**
 * Where in `value` the first text the database cannot store sits (a string, or an object's key): its path as the
 * error handler names fields (`dsmCodes.1`), '' for the value itself; null when there is none. Walked without
 * recursion, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (!isStorableText(next.value)) {
        return next.path;
      }
    } else if (typeof next.value === 'object' && next.value !== null) {
      for (const [key, child] of Object.entries(next.value)) {
        if (!isStorableText(key)) {
          return next.path;
        }
        pending.push({ value: child, path: next.path ? `${next.path}.${key}` : key });
      }
    }
  }
  return null;
}

/**
 * Every text input, on every route (path parameters, query, body), is refused with 400 when it holds a NUL character
 * or an unpaired surrogate, before validation and before any handler: PostgreSQL would refuse it with an error the
 * client could only see as a 500.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const inputs = { params: request.params, query: request.query, body: request.body };
    for (const [part, value] of Object.entries(inputs)) {
      const path = findUnstorableText(value);
      if (path !== null) {
        const field = path || part;
        throw new AppError('VALIDATION_FAILED', 'errors.textInput', {
          values: { field },
          fields: { [field]: 'errors.textInputField' },
        });
      }
    }
  });
}
