// DOM matchers (toBeInTheDocument, toHaveAccessibleDescription, ...) on the global expect.
import '@testing-library/jest-dom';
import { listenDuringTests } from '@dblearn/web/testing/msw-node';
import { configure } from '@testing-library/react';

listenDuringTests();

// The project page's checks and the editors are lazy chunks: their first import is compiled by swc on
// demand, which took over findBy's 1 s default while another workspace's suite shared the two cores
// (npm test runs two at a time). Waits still end as soon as the element shows.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lays nothing out, and CodeMirror (the runnable SQL blocks) measures text ranges: empty boxes.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
