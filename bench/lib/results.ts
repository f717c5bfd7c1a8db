import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * One line of the final table. `ours` and `baseline` are measured in the same run; `ratio` says how many times
 * better ours is (for 'lower is better' metrics baseline / ours, else ours / baseline). A goal is either on the
 * ratio or on our absolute figure; `met` is null when the metric is informational.
 */
export interface ResultRow {
  part: string;
  metric: string;
  unit: string;
  ours: number | null;
  baseline: number | null;
  baselineName: string | null;
  ratio: number | null;
  goal: string;
  met: boolean | null;
  /**
   * How far the figure is from its goal, as a factor: above 1 met with that much to spare (1.25: a quarter), below 1
   * missed by that much. Null for a goal that is yes or no (no errors, the index used).
   */
  margin: number | null;
}

/** The margin of a figure that must stay at or below `limit`. */
export function marginAtMost(value: number, limit: number): number {
  return limit / value;
}

/** The margin of a figure that must reach at least `limit`. */
export function marginAtLeast(value: number, limit: number): number {
  return value / limit;
}

export class Results {
  readonly rows: ResultRow[] = [];
  readonly notes: string[] = [];

  add(
    row: Omit<ResultRow, 'ratio' | 'baseline' | 'baselineName' | 'goal' | 'met' | 'margin'> & Partial<ResultRow>,
  ): ResultRow {
    const full: ResultRow = {
      baseline: null,
      baselineName: null,
      ratio: null,
      goal: '',
      met: null,
      margin: null,
      ...row,
    };
    this.rows.push(full);
    console.log(
      `  ${full.part} | ${full.metric}: ${format(full.ours)} ${full.unit}${full.baseline === null ? '' : ` vs ${format(full.baseline)}`}${full.ratio === null ? '' : ` (${format(full.ratio)}×)`}${full.goal ? ` goal ${full.goal}: ${full.met === null ? '-' : full.met ? 'met' : 'MISSED'}` : ''}${full.margin === null ? '' : ` (margin ${format(full.margin)}×)`}`,
    );
    return full;
  }

  note(text: string): void {
    this.notes.push(text);
    console.log(`  note: ${text}`);
  }
}

export function format(value: number | null): string {
  if (value === null || Number.isNaN(value)) {
    return '-';
  }
  if (Math.abs(value) >= 1000) {
    return Math.round(value).toLocaleString('en-US');
  }
  if (Math.abs(value) >= 100) {
    return value.toFixed(0);
  }
  if (Math.abs(value) >= 10) {
    return value.toFixed(1);
  }
  return value.toFixed(2);
}

/** The one table printed at the end of `npm run bench`. */
export function renderTable(rows: readonly ResultRow[]): string {
  const header = ['part', 'metric', 'ours', 'baseline', 'ratio', 'goal', 'met?', 'margin'];
  const body = rows.map((r) => [
    r.part,
    r.metric,
    `${format(r.ours)} ${r.unit}`.trim(),
    r.baseline === null
      ? '-'
      : `${format(r.baseline)} ${r.unit}`.trim() + (r.baselineName ? ` (${r.baselineName})` : ''),
    r.ratio === null ? '-' : `${format(r.ratio)}×`,
    r.goal || '-',
    r.met === null ? '-' : r.met ? 'yes' : 'NO',
    r.margin === null ? '-' : `${format(r.margin)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => (line[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

export function writeResults(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
