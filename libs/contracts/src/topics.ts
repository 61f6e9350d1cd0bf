/** SPEC §3: the five topics, in the order the filters show them, with their labels. */
export const TOPICS = ['beginner', 'rm', 'fo', 'nosql', 'sql'] as const;
export type Topic = (typeof TOPICS)[number];

export const TOPIC_LABELS: Record<Topic, string> = {
  beginner: 'Basic Concepts',
  rm: 'Relational Model',
  fo: 'File Organization',
  nosql: 'NoSQL',
  sql: 'SQL',
};

export function isTopic(value: unknown): value is Topic {
  return typeof value === 'string' && (TOPICS as readonly string[]).includes(value);
}
