export interface SemVer {
  major: number;
  minor: number;
  patch: number;
}

/** The first `vX.Y.Z` / `X.Y.Z` / `goX.Y[.Z]` in a tool's version output. */
export function parseVersion(text: string): SemVer | undefined {
  const match = /(?:\bv|\bgo|\b)(\d+)\.(\d+)(?:\.(\d+))?/.exec(text);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3] ?? 0) };
}

export function compareVersions(a: SemVer, b: SemVer): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

export function formatVersion(version: SemVer): string {
  return `${version.major}.${version.minor}.${version.patch}`;
}
