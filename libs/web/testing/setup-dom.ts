// DOM matchers (toBeInTheDocument, toHaveAccessibleDescription, ...) on the global expect.
import '@testing-library/jest-dom';
import { listenDuringTests } from './msw-node.js';

listenDuringTests();
