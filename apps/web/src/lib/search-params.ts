/**
 * A list's filters as URL search params, leaving out each value that is at its default (empty text unless
 * `defaults` says otherwise, e.g. page 1), so the unfiltered first page keeps a clean URL.
 */
export function filterSearchParams(
  values: Record<string, string | number>,
  defaults: Record<string, string | number>,
): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== (defaults[key] ?? '')) {
      query.set(key, String(value));
    }
  }
  return query;
}
