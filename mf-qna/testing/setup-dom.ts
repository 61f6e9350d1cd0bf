// DOM matchers (toBeInTheDocument, toHaveAccessibleDescription, ...) on the global expect.
import '@testing-library/jest-dom';
