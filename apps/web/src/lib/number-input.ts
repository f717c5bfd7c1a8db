/** A Mantine NumberInput's value as a number, or '' while the box is empty. */
export function numberOrEmpty(value: number | string): number | '' {
  return typeof value === 'number' ? value : value === '' ? '' : Number(value);
}
