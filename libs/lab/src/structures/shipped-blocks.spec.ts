/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseStructureBlock } from './block-settings.js';
import { bplusBuild } from './bplus-tree.js';
import { extendibleBuild } from './extendible-hash.js';
import { isIndexLanguage, STRUCTURE_LANGUAGES, type StructureLanguage } from './languages.js';
import { linearBuild } from './linear-hash.js';
import { precedenceBlock } from './precedence-graph.js';
import { waitForBlock } from './wait-for-graph.js';

const CONTENT = join(process.cwd(), '../../content/courses');

const markdownFiles = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? markdownFiles(join(dir, name)) : name.endsWith('.md') ? [join(dir, name)] : []));

/** Every visualizer fence of the shipped curriculum, with the file it is in. */
const shippedBlocks = markdownFiles(CONTENT).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/^```([\w-]+)[ \t]*\n([\s\S]*?)^```/gm)]
    .filter((match) => (STRUCTURE_LANGUAGES as readonly string[]).includes(match[1]!))
    .map((match) => ({ file: file.slice(CONTENT.length + 1), language: match[1] as StructureLanguage, code: match[2]! })),
);

describe('the visualizer blocks of the shipped lessons', () => {
  it('are there: the B+ tree lessons and the hashed files lesson use them', () => {
    expect(new Set(shippedBlocks.map((block) => `${block.file} ${block.language}`))).toEqual(
      new Set([
        'indexes-and-b-trees/tutorials/b-tree-structure-and-search.md btree',
        'indexes-and-b-trees/tutorials/insertion-deletion-and-index-cost.md btree',
        'heap-sorted-hashed-files/tutorials/hashed-files.md hash-extendible',
        'heap-sorted-hashed-files/tutorials/hashed-files.md hash-linear',
        'transactions-isolation/tutorials/schedules-and-conflict-serializability.md precedence-graph',
        'transactions-isolation/tutorials/locking-2pl-and-deadlocks.md wait-for-graph',
      ]),
    );
  });

  it.each(shippedBlocks.map((block) => [`${block.file} ${block.language}`, block] as const))('%s reads and builds with its steps', (_, block) => {
    if (block.language === 'wait-for-graph') {
      const graph = waitForBlock(block.code);
      if (!graph.ok) throw new Error(graph.message);
      expect(graph.value.steps.at(-1)!.text).toMatch(/deadlock|no cycle/i);
      return;
    }
    if (!isIndexLanguage(block.language)) {
      const graph = precedenceBlock(block.code);
      if (!graph.ok) throw new Error(graph.message);
      expect(graph.value.steps.at(-1)!.text).toMatch(/conflict-serializable/i);
      return;
    }
    const settings = parseStructureBlock(block.language, block.code);
    if (!settings.ok) throw new Error(settings.message);
    const value = settings.value;
    const built = value.kind === 'btree' ? bplusBuild(value.order, value.keys) : value.kind === 'hash-extendible' ? extendibleBuild(value.capacity, value.keys) : linearBuild(value.capacity, value.buckets, value.keys);
    expect(built.ok && built.value.steps.length).toBeGreaterThanOrEqual(value.keys.length);
  });
});
