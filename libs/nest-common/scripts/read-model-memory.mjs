// Heap taken by a read model's in-memory lists per 100,000 summaries (docs/NOTES.md):
// `npm run read-model-memory -w libs/nest-common` (builds first). Summaries shaped like a course
// list's: 24-hex id, a ~40-character title, a topic, a time in ms; one filter (topic).
import { SummaryStore } from '@dblearn/nest-common';

const COUNT = Number(process.argv[2] ?? 100_000);
const TOPICS = ['beginner', 'rm', 'fo', 'nosql', 'sql'];

function heap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

const summaries = () =>
  Array.from({ length: COUNT }, (_, index) => ({
    _id: (0x6b0000000000 + index).toString(16).padStart(24, '0'),
    title: `Course number ${index} about relational databases`.slice(0, 40),
    topic: TOPICS[index % TOPICS.length],
    createdAt: 1_790_000_000_000 + index * 1000,
  }));

const before = heap();
const store = new SummaryStore({ orderBy: 'createdAt', direction: 'desc', filters: ['topic'] });
store.load(summaries());
const after = heap();
const started = performance.now();
for (let page = 0; page < 1000; page += 1) store.page({ where: { topic: 'sql' }, offset: (page * 97) % 19_000, limit: 6 });
const pageMs = (performance.now() - started) / 1000;
// A new item sorts last (the usual case); an edit that moves one to the front is the worst case.
function timeUpserts(createdAt) {
  const started = performance.now();
  for (let index = 0; index < 200; index += 1) store.upsert({ _id: `ff${String(index).padStart(22, '0')}`, title: 'new', topic: 'sql', createdAt: createdAt(index) });
  return (performance.now() - started) / 200;
}
const newestMs = timeUpserts((index) => 1_900_000_000_000 + index);
const frontMs = timeUpserts((index) => 1_700_000_000_000 + index);
console.log(
  `${COUNT} summaries: ${((after - before) / 1_048_576).toFixed(1)} MiB of heap (${Math.round((after - before) / COUNT)} bytes each); ` +
    `a page: ${(pageMs * 1000).toFixed(1)} µs; a new item: ${(newestMs * 1000).toFixed(0)} µs; one moved to the front: ${(frontMs * 1000).toFixed(0)} µs`,
);
