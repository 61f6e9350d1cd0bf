/** The launcher's own voice, told apart from the prefixed output of the processes it runs. */
const PREFIX = '[dblearn]';

export function say(message: string): void {
  process.stdout.write(`${PREFIX} ${message}\n`);
}

export function warn(message: string): void {
  process.stderr.write(`${PREFIX} warning: ${message}\n`);
}

export function sayError(message: string): void {
  process.stderr.write(`${PREFIX} error: ${message}\n`);
}

/** "1.2 s" / "350 ms": durations as people read them. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`;
  // Round to whole seconds first, or 9 min 59.6 s reads "9 min 60 s".
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)} min ${total % 60} s`;
}
