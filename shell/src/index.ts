// The async boundary: before any shared module (react, the router, the store...) runs, the
// federation runtime settles which copy the page uses. Everything else starts in bootstrap.
import('./bootstrap.js').catch((error: unknown) => {
  const root = document.getElementById('root');
  if (!root) return;
  const message = document.createElement('p');
  message.className = 'startup-error';
  message.setAttribute('role', 'alert');
  message.textContent = `DBLearn could not start: ${error instanceof Error ? error.message : String(error)} Please reload the page.`;
  root.replaceChildren(message);
});
