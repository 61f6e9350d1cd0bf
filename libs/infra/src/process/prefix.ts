/** ANSI colours that stay readable on dark and light terminals. */
const COLOURS = [36, 33, 35, 32, 34, 96, 93, 95, 92, 94];

export interface PrefixStyle {
  /** Names are padded to this width so the output lines up. */
  width: number;
  colour: boolean;
}

/** Whether to colour: only on a terminal, and never when NO_COLOR is set (no-color.org). */
export function useColour(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
}

/** "svc-users   | <line>", the name coloured by its position in the start order. */
export function prefixLine(name: string, index: number, line: string, style: PrefixStyle): string {
  const label = name.padEnd(style.width);
  if (!style.colour) return `${label} | ${line}`;
  const colour = COLOURS[index % COLOURS.length];
  return `\u001b[${colour}m${label} |\u001b[0m ${line}`;
}
