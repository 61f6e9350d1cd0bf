// DOM matchers (toBeInTheDocument, toHaveAccessibleDescription, ...) on the global expect.
import '@testing-library/jest-dom';

// jsdom lays nothing out, and CodeMirror (the runnable SQL blocks) measures text ranges: empty boxes.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
