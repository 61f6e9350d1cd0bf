import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers for the shell. Remote areas load scripts, chunks and their manifest from their
 * own origins, so those origins (and only those) join 'self' in the content security policy.
 */
export function securityHeaders(remoteManifestUrls: readonly string[]): RequestHandler {
  const remoteOrigins = [...new Set(remoteManifestUrls.map((url) => new URL(url).origin))];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the runnable SQL blocks compile sql.js's WASM (nothing else: no eval).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...remoteOrigins],
        // Their worker starts from a Blob (a remote's worker script may not be on this origin).
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...remoteOrigins],
        imgSrc: ["'self'", 'data:', ...remoteOrigins],
        fontSrc: ["'self'", 'data:', ...remoteOrigins],
        // react-toastify injects its stylesheet as a <style> element.
        styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // TLS is the edge's business; upgrading here would break http remotes on a local run.
        upgradeInsecureRequests: null,
      },
    },
    // Remotes are other origins: their scripts must load without CORP on their side.
    crossOriginEmbedderPolicy: false,
  });
}
