// DOM matchers (toBeInTheDocument, toHaveAccessibleDescription, ...) on the global expect.
import '@testing-library/jest-dom';
import { listenDuringTests } from '@dblearn/web/testing/msw-node';

listenDuringTests();
