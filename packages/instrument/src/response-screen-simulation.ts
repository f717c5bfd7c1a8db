import { BFM_FORM } from './bfm-form';
import { getGermanNormTable } from './de-norm-tables';
import { FORMS, formReverseKeyedItems } from './forms';
import type { FormId } from './keys';
import { US_NORM_TABLES } from './norm-tables';
import { screenResponsePattern, type ResponsePatternFlag } from './response-pattern';
import { scoreResponses } from './score-responses';

// Error rates of the response-pattern screen on simulated protocols (DESIGN.md "Validity verdict"; the decision
// record of the screen). Deterministic for a seed. `scripts/simulate-response-screen.ts` prints the table; a unit test
// runs a smaller sample and checks the goals.
//
// Honest-like protocols, drawn from the printed US norm tables (Markon et al. 2024), per form; the PID5BF+M, which
// has no US tables, from the published German tables of all adults (Zimmermann et al. 2026, the rows' percentiles):
// 1. A common factor g ~ N(0, 1) and, per scored scale (the 25 facets of the full and short forms, the 5 domains of
//    the brief form, the 6 domains of the PID5BF+M), z = 0.6·g + 0.8·e with e ~ N(0, 1): scales correlate about .36,
//    as PID-5 facets roughly do.
// 2. The scale's percentile u = Φ(z) is read back through its printed table: the raw mean of the first printed row
//    whose percentile is at least u (so a share of people as large as the table prints sits at a raw score of 0).
// 3. The scale's raw sum (mean × items, rounded) is spread over its items one point at a time, each point to an item
//    chosen with a weight drawn per item (exponential, so some items get most points, as in real answers), never
//    above 3. Reverse-keyed items (full form) are answered 3 − the keyed value.
// Items are then in the form's order. This keeps each scale's printed distribution; it ignores item-level
// correlations within a scale beyond the shared sum, and domain structure beyond the one factor.
//
// Careless protocols: random (uniform 0-3), constant (the floor 0, and 1-3), periodic (a cycle of 2-8 answers, at
// least two different, random phase), each with 0 % and 10 % of the answers replaced at random; over the whole form
// and over one half of it (the other half honest-like).

/** A deterministic generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Φ(z), the standard normal distribution (Abramowitz & Stegun 26.2.17; error below 1e-7). */
function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const p = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z > 0 ? 1 - p : p;
}

/** A form the simulation runs: the three with US tables, and the PID5BF+M. */
export type SimulatedForm = FormId | 'BFM';

/** Rows of a printed table, ascending raw: the raw mean and the share of the sample at or below it. */
type PrintedRows = readonly { readonly raw: number; readonly percentile: number }[];

function rawAtPercentile(rows: PrintedRows, u: number): number {
  const row = rows.find((r) => r.percentile >= u) ?? rows[rows.length - 1]!;
  return Math.min(3, row.raw);
}

interface ScoredScale {
  readonly key: string;
  /** Form item numbers (1-based). */
  readonly items: readonly number[];
  readonly reverseKeyedItems: readonly number[];
  readonly rows: PrintedRows;
}

function itemCountOf(form: SimulatedForm): number {
  return form === 'BFM' ? BFM_FORM.itemCount : FORMS[form].itemCount;
}

function reverseKeyedOf(form: SimulatedForm): readonly number[] {
  return form === 'BFM' ? [] : formReverseKeyedItems(form);
}

const scalesByForm = new Map<SimulatedForm, readonly ScoredScale[]>();

function scoredScales(form: SimulatedForm): readonly ScoredScale[] {
  const known = scalesByForm.get(form);
  if (known) {
    return known;
  }
  let scales: ScoredScale[];
  if (form === 'BFM') {
    // Each domain's 6 items (its three facets'); the German all-adults row of the domain's table.
    scales = BFM_FORM.domains.map((domain) => ({
      key: domain.key,
      items: domain.facets.flatMap((key) => BFM_FORM.facets.find((f) => f.key === key)!.items),
      reverseKeyedItems: [],
      rows: getGermanNormTable('BFM', domain.key).cells[0]!.rows,
    }));
  } else {
    const definition = FORMS[form];
    scales = (definition.id === 'BF' ? definition.domains : definition.facets).map((scale) => {
      const table = US_NORM_TABLES.tables[form][scale.key];
      if (table === undefined) {
        throw new Error(`no printed table for ${form} ${scale.key}`);
      }
      return { key: scale.key, items: scale.items, reverseKeyedItems: scale.reverseKeyedItems, rows: table.rows };
    });
  }
  scalesByForm.set(form, scales);
  return scales;
}

/** One honest-like protocol of the form (see the method above). */
export function honestLikeProtocol(form: SimulatedForm, random: () => number): string {
  const answers = new Array<number>(itemCountOf(form)).fill(0);
  const g = normal(random);
  for (const scale of scoredScales(form)) {
    const u = normalCdf(0.6 * g + 0.8 * normal(random));
    let points = Math.round(rawAtPercentile(scale.rows, u) * scale.items.length);
    const weights = scale.items.map(() => -Math.log(Math.max(random(), Number.EPSILON)));
    const keyed = scale.items.map(() => 0);
    while (points > 0) {
      const open = keyed.map((k, i) => (k < 3 ? weights[i]! : 0));
      const total = open.reduce((a, b) => a + b, 0);
      if (total === 0) {
        break;
      }
      let pick = random() * total;
      let i = 0;
      while (pick > open[i]! || open[i] === 0) {
        pick -= open[i]!;
        i++;
      }
      keyed[i]! += 1;
      points--;
    }
    scale.items.forEach((item, i) => {
      answers[item - 1] = scale.reverseKeyedItems.includes(item) ? 3 - keyed[i]! : keyed[i]!;
    });
  }
  return answers.join('');
}

export type CarelessKind = 'random' | 'constant-floor' | 'constant-other' | 'periodic';

export const CARELESS_KINDS: readonly CarelessKind[] = ['random', 'constant-floor', 'constant-other', 'periodic'];

function carelessAnswers(kind: CarelessKind, length: number, random: () => number): number[] {
  const pick = () => Math.floor(random() * 4);
  switch (kind) {
    case 'random':
      return Array.from({ length }, pick);
    case 'constant-floor':
      return new Array<number>(length).fill(0);
    case 'constant-other': {
      const value = 1 + Math.floor(random() * 3);
      return new Array<number>(length).fill(value);
    }
    case 'periodic': {
      const period = 2 + Math.floor(random() * 7);
      let cycle: number[];
      do {
        cycle = Array.from({ length: period }, pick);
      } while (new Set(cycle).size < 2);
      const phase = Math.floor(random() * period);
      return Array.from({ length }, (_, i) => cycle[(i + phase) % period]!);
    }
  }
}

/** A careless protocol: `kind` over the whole form or one half (the other honest-like), `noise` of it at random. */
export function carelessProtocol(
  form: SimulatedForm,
  kind: CarelessKind,
  options: { readonly noise: number; readonly coverage: 'whole' | 'half' },
  random: () => number,
): string {
  const n = itemCountOf(form);
  const answers = [...honestLikeProtocol(form, random)].map(Number);
  const length = options.coverage === 'whole' ? n : Math.ceil(n / 2);
  const start = options.coverage === 'whole' || random() < 0.5 ? 0 : n - length;
  const careless = carelessAnswers(kind, length, random);
  careless.forEach((a, i) => {
    answers[start + i] = random() < options.noise ? Math.floor(random() * 4) : a;
  });
  return answers.join('');
}

export interface RateRow {
  readonly form: SimulatedForm;
  /** "honest", or the careless kind with its noise and coverage. */
  readonly protocols: string;
  readonly n: number;
  /** Shares 0-1 from the screen alone. */
  readonly screenNotInterpretable: number;
  readonly screenCaution: number;
  /**
   * Share at least "caution" from the screen alone, and from the whole verdict (INC, INC-S, ORS, PRD as well). The
   * verdict's share is null for honest-like protocols, whose items ignore INC's pairs of like statements (it would
   * say nothing about real people), for the PID5BF+M (no validity scale: its verdict is the screen's and its
   * missing answers), and when not asked for.
   */
  readonly screenAtLeastCaution: number;
  readonly verdictAtLeastCaution: number | null;
}

function rates(form: SimulatedForm, protocols: string, samples: readonly string[], asked: boolean): RateRow {
  const reverseKeyedItems = reverseKeyedOf(form);
  const withVerdict = asked && form !== 'BFM';
  const counts: Record<ResponsePatternFlag | 'none', number> = { none: 0, caution: 0, 'not-interpretable': 0 };
  let verdictFlagged = 0;
  for (const responses of samples) {
    counts[screenResponsePattern(responses, { reverseKeyedItems }).flag ?? 'none'] += 1;
    if (withVerdict && scoreResponses(responses, { form }).validityVerdict.verdict !== 'valid') {
      verdictFlagged++;
    }
  }
  const n = samples.length;
  return {
    form,
    protocols,
    n,
    screenNotInterpretable: counts['not-interpretable'] / n,
    screenCaution: counts.caution / n,
    screenAtLeastCaution: (counts.caution + counts['not-interpretable']) / n,
    verdictAtLeastCaution: withVerdict ? verdictFlagged / n : null,
  };
}

export interface SimulationOptions {
  readonly seed: number;
  readonly honestPerForm: number;
  readonly carelessPerCell: number;
  readonly forms?: readonly SimulatedForm[];
  /** Also score every careless protocol for the whole verdict (slower). */
  readonly withVerdict?: boolean;
}

/** Every form's rates: honest-like first, then each careless kind × noise × coverage. */
export function simulateResponseScreen(options: SimulationOptions): RateRow[] {
  const rows: RateRow[] = [];
  for (const form of options.forms ?? (['FULL', 'SF', 'BF', 'BFM'] as const)) {
    const random = seededRandom(options.seed);
    rows.push(
      rates(
        form,
        'honest',
        Array.from({ length: options.honestPerForm }, () => honestLikeProtocol(form, random)),
        false,
      ),
    );
    for (const kind of CARELESS_KINDS) {
      for (const coverage of ['whole', 'half'] as const) {
        for (const noise of [0, 0.1]) {
          const samples = Array.from({ length: options.carelessPerCell }, () =>
            carelessProtocol(form, kind, { noise, coverage }, random),
          );
          const name = `${kind}, ${coverage}, ${Math.round(noise * 100)} % noise`;
          rows.push(rates(form, name, samples, options.withVerdict ?? false));
        }
      }
    }
  }
  return rows;
}
