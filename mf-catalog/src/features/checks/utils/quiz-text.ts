/** "12", "-3.5", "1e3", "2,5" (a decimal comma): a number a person typed, or null. */
export function readNumber(text: string): number | null {
  const plain = text.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

/** "AB, CD" → ["AB", "CD"]: the items of a set answer (the server compares them case-insensitively, spaces free). */
export function readSet(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
