/** The fence languages that become index-structure visualizers (```btree, ```hash-extendible, ```hash-linear). */
export const INDEX_LANGUAGES = ['btree', 'hash-extendible', 'hash-linear'] as const;
/** The fence languages that draw a graph of transactions (```precedence-graph, ```wait-for-graph). */
export const SCHEDULE_LANGUAGES = ['precedence-graph', 'wait-for-graph'] as const;
/** Every visualizer fence: they share one lazy chunk. */
export const STRUCTURE_LANGUAGES = [...INDEX_LANGUAGES, ...SCHEDULE_LANGUAGES] as const;

export type IndexLanguage = (typeof INDEX_LANGUAGES)[number];
export type StructureLanguage = (typeof STRUCTURE_LANGUAGES)[number];

export const isStructureLanguage = (language: string): language is StructureLanguage => (STRUCTURE_LANGUAGES as readonly string[]).includes(language);
export const isIndexLanguage = (language: string): language is IndexLanguage => (INDEX_LANGUAGES as readonly string[]).includes(language);
