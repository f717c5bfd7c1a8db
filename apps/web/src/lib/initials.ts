/** Titles and honorifics that come before a name and say nothing about who it is (else every 'Dr.' would be 'D'). */
const TITLES = new Set(['dr', 'prof', 'mr', 'ms', 'mrs', 'mx', 'miss', 'sir', 'dame', 'rev']);

/**
 * The avatar's letters for a name: the first letters of its first and last words, titles skipped ('Dr. Dana Doctor'
 * → 'DD', 'Prof. Ada' → 'A'); the first letter of the name itself when it is only titles; '?' when empty.
 */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '');
  const named = words.filter((word) => !TITLES.has(word.replace(/\.$/, '').toLowerCase()));
  const chosen = named.length > 0 ? named : words;
  if (chosen.length === 0) {
    return '?';
  }
  const first = [...chosen[0]!][0] ?? '';
  const last = chosen.length > 1 ? ([...chosen.at(-1)!][0] ?? '') : '';
  return (first + last).toUpperCase();
}
