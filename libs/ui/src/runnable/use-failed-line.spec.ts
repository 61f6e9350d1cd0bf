import { act, renderHook } from '@testing-library/react';
import { useFailedLine } from './use-failed-line.js';

describe('useFailedLine', () => {
  it('marks the line for the text that failed, not for a text edited while the server worked', () => {
    const { result, rerender } = renderHook(({ text }) => useFailedLine(text), { initialProps: { text: 'SELECT 1;\nSELEC 2' } });
    act(() => result.current.markFrom('SELECT 1;\nSELEC 2', 2));
    const first = result.current.markedLine;
    expect(first).toEqual({ line: 2 });
    act(() => result.current.markFrom('SELECT 1;\nSELEC 2', 2));
    expect(result.current.markedLine).toEqual({ line: 2 });
    expect(result.current.markedLine).not.toBe(first);
    act(() => result.current.clear());
    expect(result.current.markedLine).toBeNull();

    rerender({ text: 'SELECT 1;\nSELECT 2' });
    act(() => result.current.markFrom('SELECT 1;\nSELEC 2', 2));
    expect(result.current.markedLine).toBeNull();
    act(() => result.current.markFrom('SELECT 1;\nSELECT 2', null));
    expect(result.current.markedLine).toBeNull();
  });
});
