import { describe, expect, it } from '@jest/globals';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { readContentFolder } from './content-folder.js';

// Issue 31: the LRU and Clock traces in "Simulate LRU and Clock" are recomputed here with the
// replacement rules its tasks state (the course has no Clock widget whose code could replay them).

interface Miss {
  page: number;
  evicted: number | null;
}

/** LRU on `frames` frames: a hit makes the page the most recently used; a miss evicts the least. */
function lru(references: number[], frames: number): Miss[] {
  const order: number[] = [];
  const misses: Miss[] = [];
  for (const page of references) {
    const at = order.indexOf(page);
    if (at >= 0) {
      order.splice(at, 1);
    } else {
      misses.push({ page, evicted: order.length === frames ? (order.shift() as number) : null });
    }
    order.push(page);
  }
  return misses;
}

/** Clock as the task states it: the hand starts at frame 0; a hit sets the bit; a miss clears set bits until a free or clear frame. */
function clock(references: number[], frames: number): Miss[] {
  const slots: ({ page: number; bit: 0 | 1 } | null)[] = Array.from({ length: frames }, () => null);
  const misses: Miss[] = [];
  let hand = 0;
  for (const page of references) {
    const hit = slots.find((slot) => slot?.page === page);
    if (hit) {
      hit.bit = 1;
      continue;
    }
    for (;;) {
      const slot = slots[hand];
      if (slot && slot.bit === 1) {
        slot.bit = 0;
        hand = (hand + 1) % frames;
        continue;
      }
      misses.push({ page, evicted: slot ? slot.page : null });
      slots[hand] = { page, bit: 1 };
      hand = (hand + 1) % frames;
      break;
    }
  }
  return misses;
}

/** "Misses: 1, 2, 3, 4 (evicts 2), …" → the misses it lists. */
function tracedMisses(explanation: string): Miss[] {
  const list = /Misses: ([^:]*):/.exec(explanation)?.[1] ?? '';
  return list.split(', ').map((item) => {
    const [, page, evicted] = /^(\d+)(?: \(evicts (\d+)\))?$/.exec(item.trim()) ?? [];
    return { page: Number(page), evicted: evicted === undefined ? null : Number(evicted) };
  });
}

const project = readContentFolder(SHIPPED_CONTENT_DIR)
  .courses.flatMap((course) => course.projects)
  .find((candidate) => candidate.title === 'Simulate LRU and Clock');
const checks = (project?.checks ?? []) as { task: string; explanation: string; quiz?: { answer?: unknown } }[];
const references = [1, 2, 3, 1, 4, 1, 2, 5, 1, 2, 3, 4];

describe('the buffer replacement traces', () => {
  it.each([
    ['uses LRU', lru],
    ['with Clock', clock],
  ] as const)('states the misses, evictions and total of the check that %s', (phrase, policy) => {
    const check = checks.find((candidate) => candidate.task.includes(phrase) && candidate.task.includes('1 2 3 1 4 1 2 5 1 2 3 4'));
    expect(check).toBeDefined();
    const simulated = policy(references, 3);
    expect(tracedMisses(check!.explanation)).toEqual(simulated);
    expect(check!.quiz?.answer).toBe(simulated.length);
  });
});
