import type { CompiledCatalogue, CompiledMessage } from './compile-catalogue';

// A pseudo-locale shows at a glance which text on a page did not come from a catalogue (it has no ⟦ ⟧) and whether
// the layout survives longer words (every vowel doubled: about 35 % longer, as German often is).

const ACCENTED: Record<string, string> = {
  a: 'àà',
  e: 'éé',
  i: 'îî',
  o: 'öö',
  u: 'üü',
  A: 'ÀÀ',
  E: 'ÉÉ',
  I: 'ÎÎ',
  O: 'ÖÖ',
  U: 'ÜÜ',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
  y: 'ý',
  Y: 'Ý',
};

/** Accents letters and lengthens vowels, leaving tags such as `<0>` and `</0>` as they are. */
export function pseudoText(text: string): string {
  return text.replace(/<\/?\d+\/?>|[A-Za-z]/g, (match) => (match.length > 1 ? match : (ACCENTED[match] ?? match)));
}

type Node = CompiledMessage extends (infer N)[] | string ? N : never;

function pseudoNode(node: Node): Node {
  if (typeof node === 'string') {
    return pseudoText(node);
  }
  if (Array.isArray(node) && node.length === 3 && typeof node[2] === 'object' && node[2] !== null) {
    const [name, type, options] = node as [string, string, Record<string, unknown>];
    const mapped: Record<string, unknown> = {};
    for (const [choice, value] of Object.entries(options)) {
      mapped[choice] = Array.isArray(value) ? value.map((n) => pseudoNode(n as Node)) : value;
    }
    return [name, type, mapped] as unknown as Node;
  }
  return node;
}

/** The pseudo-locale of a compiled catalogue: every message wrapped in ⟦ ⟧, its words accented and lengthened. */
export function pseudoCatalogue(catalogue: CompiledCatalogue): CompiledCatalogue {
  const result: CompiledCatalogue = {};
  for (const [key, message] of Object.entries(catalogue)) {
    const nodes = (typeof message === 'string' ? [message] : message) as Node[];
    result[key] = ['⟦', ...nodes.map(pseudoNode), '⟧'] as CompiledMessage;
  }
  return result;
}
