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

const CHOICE_TYPES = new Set(['plural', 'select', 'selectordinal']);

/**
 * The pseudo-locale of an ICU message as written (not compiled): the text accented and lengthened, wrapped in ⟦ ⟧;
 * argument names, types and choice keys kept. A language folder made of these (a test's third language) passes
 * the catalogue check and shows, in anything rendered, which words did not come from its files.
 */
export function pseudoMessage(message: string): string {
  let at = 0;
  const text = (): string => {
    let out = '';
    while (at < message.length && message[at] !== '}') {
      if (message[at] === '{') {
        out += argument();
      } else {
        const next = message.slice(at).search(/[{}]/);
        const end = next === -1 ? message.length : at + next;
        out += pseudoText(message.slice(at, end));
        at = end;
      }
    }
    return out;
  };
  const argument = (): string => {
    const close = (from: number) => {
      let depth = 0;
      for (let i = from; i < message.length; i += 1) {
        depth += message[i] === '{' ? 1 : message[i] === '}' ? -1 : 0;
        if (depth === 0) {
          return i;
        }
      }
      throw new Error(`Unbalanced braces in "${message}"`);
    };
    const header = /^\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?(,|\})/.exec(message.slice(at));
    if (!header || !CHOICE_TYPES.has(header[2] ?? '')) {
      const end = close(at);
      const whole = message.slice(at, end + 1);
      at = end + 1;
      return whole;
    }
    at += header[0].length;
    let out = header[0];
    while (at < message.length && message[at] !== '}') {
      const selector = /^\s*([^\s{]+)\s*\{/.exec(message.slice(at));
      if (!selector) {
        throw new Error(`Unreadable choice in "${message}"`);
      }
      out += selector[0];
      at += selector[0].length;
      out += `${text()}}`;
      at += 1;
      const space = /^\s*/.exec(message.slice(at))?.[0] ?? '';
      out += space;
      at += space.length;
    }
    at += 1;
    return `${out}}`;
  };
  return `⟦${text()}⟧`;
}
