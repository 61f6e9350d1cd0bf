/**
 * What the shell server tells the browser at run time, so one build serves every deployment.
 * GET /remotes.json answers `RemoteManifestUrls` (in @dblearn/federation); GET /config.json this.
 */
export const SHELL_CONFIG_PATH = '/config.json';
export const REMOTES_CONFIG_PATH = '/remotes.json';

/** A member of the team, shown as a mailto link in the footer. */
export interface TeamContact {
  name: string;
  email: string;
}

export interface ShellConfig {
  teamContacts: TeamContact[];
}
