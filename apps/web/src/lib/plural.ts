/** A count with its noun: '1 test', '3 tests'. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
