/** A setting the server cannot run with; main prints the message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
