// Standalone entry (npm run dev -w mf-catalog). The async boundary lets the federation runtime settle
// the shared singletons before any of them runs; the shell never loads this file.
import('./bootstrap.js').catch((error: unknown) => {
  document.getElementById('root')!.textContent = `mf-catalog could not start: ${error instanceof Error ? error.message : String(error)}`;
});
