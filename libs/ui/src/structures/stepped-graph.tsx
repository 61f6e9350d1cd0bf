import { useId, type ReactNode } from 'react';
import { Button } from '../components/button.js';

/**
 * The frame of a graph replayed step by step (the precedence and wait-for graphs): a title and its
 * convention, what the graph is read from, the step buttons, the narration, and the drawing, which
 * the left and right arrow keys also step through. Position -1 is the start, before any step.
 */
export function SteppedGraph(props: {
  title: string;
  convention: string;
  source: ReactNode;
  stepCount: number;
  position: number;
  setPosition: (update: (now: number) => number) => void;
  narration: string;
  drawingName: string;
  description: string;
  drawing: (markerId: string) => ReactNode;
}) {
  const { stepCount, position, setPosition } = props;
  const headingId = useId();
  const hintId = useId();
  const markerId = useId().replace(/:/g, '');
  const move = (by: number) => setPosition((now) => Math.min(stepCount - 1, Math.max(-1, now + by)));
  return (
    <section className="dbl-structure" aria-labelledby={headingId}>
      <h3 id={headingId} className="dbl-structure__title">
        {props.title}
      </h3>
      <p className="dbl-structure__convention">{props.convention}</p>
      {props.source}
      <div className="dbl-structure__steps">
        <Button variant="secondary" onClick={() => setPosition(() => -1)} disabled={position < 0}>
          Reset
        </Button>
        <Button variant="secondary" onClick={() => move(-1)} disabled={position < 0}>
          Step back
        </Button>
        <Button variant="secondary" onClick={() => move(1)} disabled={position >= stepCount - 1}>
          Step forward
        </Button>
        <span className="dbl-structure__count">{`Step ${position + 1} of ${stepCount}`}</span>
      </div>
      <p id={hintId} className="dbl-structure__count">
        Left and right arrow keys on the drawing step back and forward.
      </p>
      <p className="dbl-structure__narration" aria-live="polite">
        {props.narration}
      </p>
      <div
        className="dbl-structure__canvas"
        tabIndex={0}
        role="region"
        aria-label={props.drawingName}
        aria-describedby={hintId}
        onKeyDown={(event) => {
          const by = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
          const to = position + by;
          if (by === 0 || to < -1 || to > stepCount - 1) return;
          event.preventDefault();
          move(by);
        }}
      >
        <div role="img" aria-label={props.description}>
          {props.drawing(markerId)}
        </div>
      </div>
    </section>
  );
}
