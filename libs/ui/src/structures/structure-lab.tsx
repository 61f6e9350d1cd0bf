import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../components/button.js';
import { appended, type Operation, parseKey, type Timeline, timelineOf } from '@dblearn/lab/structures';


export interface StructureLabProps<S> {
  /** "B+ tree", "Extendible hashing"… */
  title: string;
  /** The convention followed, said on screen. */
  convention: string;
  /** The order/capacity pickers; they rebuild the lab (a new `buildKey` starts it again). */
  settings: ReactNode;
  /** Changes whenever the settings do: the lab then starts again from the block's keys. */
  buildKey: string;
  /** The empty structure and the build from the block's keys. */
  empty: S;
  build: () => Operation<S>;
  insert: (state: S, key: number) => Operation<S>;
  remove: (state: S, key: number) => Operation<S>;
  search: (state: S, key: number) => Operation<S>;
  /** What the structure looks like, with the step's nodes or buckets highlighted. */
  draw: (state: S, focus: readonly number[]) => ReactNode;
  /** The same facts in words, for a screen reader (the drawing is an image to it). */
  describe: (state: S) => string;
  /** How many keys a structure holds (how much history the lab can afford to keep). */
  keys: (state: S) => number;
}

/**
 * One interactive index structure: insert, delete or search a key, then walk through the steps the
 * model recorded, one back or forward at a time; each step's sentence is announced politely.
 */
export function StructureLab<S>({ title, convention, settings, buildKey, empty, build, insert, remove, search, draw, describe, keys }: StructureLabProps<S>) {
  const [timeline, setTimeline] = useState<Timeline<S>>(() => timelineOf(empty, build(), keys));
  const [builtFor, setBuiltFor] = useState(buildKey);
  const [keyText, setKeyText] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const keyId = useId();
  const errorId = useId();
  const headingId = useId();
  const hintId = useId();
  if (builtFor !== buildKey) {
    setBuiltFor(buildKey);
    setTimeline(timelineOf(empty, build(), keys));
  }
  const current = timeline.position >= 0 ? timeline.steps[timeline.position]! : null;
  const state = current ? current.state : timeline.start;

  const run = (operation: (state: S, key: number) => Operation<S>) => (event?: FormEvent) => {
    event?.preventDefault();
    const key = parseKey(keyText);
    if (!key.ok) {
      setKeyError(keyText.trim() === '' ? 'Type a key first: a whole number.' : key.message);
      return;
    }
    setKeyError(null);
    setTimeline(appended(timeline, operation(state, key.value), keys));
  };
  const move = (by: number) => setTimeline({ ...timeline, position: timeline.position + by });
  const stepCount = timeline.steps.length;

  return (
    <section className="dbl-structure" aria-labelledby={headingId}>
      <h3 id={headingId} className="dbl-structure__title">
        {title}
      </h3>
      <p className="dbl-structure__convention">{convention}</p>
      <div className="dbl-structure__settings">
        {settings}
        <Button variant="secondary" onClick={() => setTimeline(timelineOf(empty, build(), keys))}>
          Reset
        </Button>
      </div>
      <form className="dbl-structure__operations" onSubmit={run(insert)} noValidate>
        <label htmlFor={keyId}>Key</label>
        <input
          id={keyId}
          className="dbl-structure__key"
          inputMode="numeric"
          autoComplete="off"
          value={keyText}
          onChange={(event) => setKeyText(event.target.value)}
          aria-invalid={keyError ? true : undefined}
          aria-describedby={keyError ? errorId : undefined}
        />
        <Button type="submit">Insert</Button>
        <Button variant="secondary" onClick={run(remove)}>
          Delete
        </Button>
        <Button variant="secondary" onClick={run(search)}>
          Search
        </Button>
      </form>
      {keyError ? (
        <p id={errorId} className="dbl-structure__key-error" role="alert">
          {keyError}
        </p>
      ) : null}
      <div className="dbl-structure__steps">
        <Button variant="secondary" onClick={() => move(-1)} disabled={timeline.position < 0}>
          Step back
        </Button>
        <Button variant="secondary" onClick={() => move(1)} disabled={timeline.position >= stepCount - 1}>
          Step forward
        </Button>
        <span className="dbl-structure__count">{stepCount === 0 ? 'No steps yet' : `Step ${timeline.position + 1} of ${stepCount}`}</span>
      </div>
      <p id={hintId} className="dbl-structure__count">
        Left and right arrow keys on the drawing step back and forward.
      </p>
      <p className="dbl-structure__narration" aria-live="polite">
        {current ? current.text : 'The start: nothing inserted yet.'}
      </p>
      <div
        className="dbl-structure__canvas"
        tabIndex={0}
        role="region"
        aria-label={`${title} drawing`}
        aria-describedby={hintId}
        onKeyDown={(event) => {
          // The drawing takes the arrow keys it would otherwise scroll with: left and right step.
          const by = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
          const to = timeline.position + by;
          if (by === 0 || to < -1 || to > stepCount - 1) return;
          event.preventDefault();
          move(by);
        }}
      >
        <div role="img" aria-label={describe(state)}>
          {draw(state, current?.focus ?? [])}
        </div>
      </div>
    </section>
  );
}

/** A labelled picker of a whole number in a range (an order, a capacity). */
export function SettingPicker({ label, value, min, max, onChange }: { label: string; value: number; min: number; max: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <span className="dbl-structure__setting">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {Array.from({ length: max - min + 1 }, (_, index) => min + index).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </span>
  );
}
