// The async boundary of the standalone page: the federation runtime settles the shared modules
// (react, the router, the store...) before anything uses them. The shell never loads this file.
import('./bootstrap.js').catch((error: unknown) => {
  document.body.textContent = `The interview area could not start: ${error instanceof Error ? error.message : String(error)}`;
});
