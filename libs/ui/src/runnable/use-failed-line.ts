import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * The line to mark in a query's or script's editor (CodeEditor's `markedLine`: a lesson's Run, a check's query, a sandbox script): set
 * from the server's answer about `sent`, unless the text was edited while the server worked; the editor
 * clears it with the next edit. `clear` before sending again.
 */
export function useFailedLine(text: string) {
  const [markedLine, setMarkedLine] = useState<{ line: number } | null>(null);
  const currentText = useRef(text);
  useLayoutEffect(() => {
    currentText.current = text;
  });
  const clear = useCallback(() => setMarkedLine(null), []);
  const markFrom = useCallback((sent: string, line: number | null) => {
    // A new object each time, so a line an edit unmarked is marked again by the next failure.
    setMarkedLine(line !== null && sent === currentText.current ? { line } : null);
  }, []);
  return { markedLine, clear, markFrom };
}
