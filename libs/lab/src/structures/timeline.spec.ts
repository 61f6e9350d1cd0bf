import type { Step } from './steps.js';
import { appended, KEPT_KEYS, timelineOf } from './timeline.js';

/** A structure that is just its key count; each step a structure of that many keys. */
const steps = (count: number, keys: number): Step<number>[] => Array.from({ length: count }, (_, index) => ({ action: 'insert', text: `step ${index}`, state: keys + index, focus: [] }));
const size = (state: number) => state;

describe('a lab timeline', () => {
  it('keeps a small structure\'s whole history and shows its last step', () => {
    const timeline = timelineOf(0, { state: 30, steps: steps(30, 1) }, size);
    expect(timeline.steps).toHaveLength(30);
    expect(timeline.position).toBe(29);
  });

  it('replaces the steps after the shown one with an operation\'s steps', () => {
    const timeline = { ...timelineOf(0, { state: 10, steps: steps(10, 1) }, size), position: 3 };
    const next = appended(timeline, { state: 5, steps: steps(2, 100) }, size);
    expect(next.steps.map((step) => step.state)).toEqual([1, 2, 3, 4, 100, 101]);
    expect(next.position).toBe(5);
  });

  it('drops the oldest steps of a big structure, their last state becoming the start', () => {
    const keys = 10_000;
    const room = KEPT_KEYS / keys;
    const timeline = timelineOf(-1, { state: keys, steps: steps(room + 5, keys) }, () => keys);
    expect(timeline.steps).toHaveLength(room);
    expect(timeline.start).toBe(keys + 4);
    expect(timeline.steps[0]!.text).toBe('step 5');
    expect(timeline.position).toBe(room - 1);
  });
});
