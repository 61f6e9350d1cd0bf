/** A server URL fit for a log line: any user name and password in it are replaced. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/[^/@]*@/g, '//***@');
}
