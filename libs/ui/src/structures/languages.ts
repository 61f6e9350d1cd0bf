/** The fence languages that become index-structure visualizers (```btree, ```hash-extendible, ```hash-linear). */
export const STRUCTURE_LANGUAGES = ['btree', 'hash-extendible', 'hash-linear'] as const;

export type StructureLanguage = (typeof STRUCTURE_LANGUAGES)[number];

export const isStructureLanguage = (language: string): language is StructureLanguage => (STRUCTURE_LANGUAGES as readonly string[]).includes(language);
