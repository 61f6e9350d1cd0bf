/** A limit and its window in words: "10 a minute", "20 in 15 minutes", "5 in 30 seconds". */
export function perWindow(limit: number, windowMs: number): string {
  if (windowMs === 60_000) return `${limit} a minute`;
  if (windowMs === 3_600_000) return `${limit} an hour`;
  if (windowMs % 60_000 === 0) return `${limit} in ${windowMs / 60_000} minutes`;
  const seconds = Math.max(1, Math.round(windowMs / 1000));
  return `${limit} in ${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** "1 second", "42 seconds". */
export function secondsText(seconds: number): string {
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
