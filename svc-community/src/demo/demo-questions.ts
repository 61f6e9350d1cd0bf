import type { Topic } from '@dblearn/contracts';

/**
 * The demo threads' authors (issue 36): no accounts, fixed ids, display names in svc-community's
 * AuthorNames. Before display names they wrote as `<key>@demo.dblearn.invalid` (earlier
 * `@dblearn.example`); LegacyAuthors links those posts to these ids.
 */
export const DEMO_AUTHORS = {
  'maya.chen': { id: 'de0000000000000000000001', displayName: 'Maya Chen' },
  'tom.okafor': { id: 'de0000000000000000000002', displayName: 'Tom Okafor' },
  'lucas.berg': { id: 'de0000000000000000000003', displayName: 'Lucas Berg' },
  'priya.nair': { id: 'de0000000000000000000004', displayName: 'Priya Nair' },
  'sofia.rossi': { id: 'de0000000000000000000005', displayName: 'Sofia Rossi' },
  'arjun.mehta': { id: 'de0000000000000000000006', displayName: 'Arjun Mehta' },
  'emma.dubois': { id: 'de0000000000000000000007', displayName: 'Emma Dubois' },
  'noah.kim': { id: 'de0000000000000000000008', displayName: 'Noah Kim' },
} as const;
export type DemoAuthor = keyof typeof DEMO_AUTHORS;

/** The demo author an old post's e-mail names, if any. */
export function demoAuthorOfEmail(email: string): (typeof DEMO_AUTHORS)[DemoAuthor] | undefined {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  if (domain !== 'demo.dblearn.invalid' && domain !== 'dblearn.example') return undefined;
  const key = email.slice(0, at);
  return Object.hasOwn(DEMO_AUTHORS, key) ? DEMO_AUTHORS[key as DemoAuthor] : undefined;
}

export interface DemoReply {
  author: DemoAuthor;
  reply: string;
  /** Hours after the question was posted. */
  afterHours: number;
}

export interface DemoQuestion {
  topic: Topic;
  title: string;
  description: string;
  author: DemoAuthor;
  /** Days before the seed ran, so the forum looks recently active whenever it is seeded. */
  daysAgo: number;
  replies: DemoReply[];
}

/** A dozen questions learners of this platform ask, with answers from other learners (SEED_DEMO). */
export const DEMO_QUESTIONS: readonly DemoQuestion[] = [
  {
    topic: 'sql',
    title: 'Why does my LEFT JOIN behave like an INNER JOIN?',
    description:
      'I join customers to orders with LEFT JOIN and filter with WHERE orders.status = \'shipped\'. Customers without orders disappear from the result. I expected them to stay with NULLs. What am I missing?',
    author: 'maya.chen',
    daysAgo: 1,
    replies: [
      {
        author: 'tom.okafor',
        reply:
          'The WHERE clause runs after the join, and for customers without orders orders.status is NULL, so the condition is not true and the row is dropped. Move the condition into the join: LEFT JOIN orders o ON o.customer_id = c.id AND o.status = \'shipped\'.',
        afterHours: 2,
      },
      {
        author: 'maya.chen',
        reply: 'That was it, thank you. Moving the filter into ON keeps every customer and only the shipped orders.',
        afterHours: 3,
      },
    ],
  },
  {
    topic: 'rm',
    title: 'Is a table with a surrogate id automatically in third normal form?',
    description:
      'Our project table has id as primary key plus course_name and course_teacher columns. My teammate says adding an id makes it 3NF. I think course_teacher depends on course_name, not on id. Who is right?',
    author: 'lucas.berg',
    daysAgo: 2,
    replies: [
      {
        author: 'priya.nair',
        reply:
          'You are. 3NF forbids transitive dependencies: id → course_name → course_teacher is one. A surrogate key does not remove it; move course_name and course_teacher into a course table and keep a course_id here.',
        afterHours: 1,
      },
    ],
  },
  {
    topic: 'nosql',
    title: 'Embed or reference replies in a MongoDB forum?',
    description:
      'For a Q&A forum, should replies live inside the question document or in their own collection? Most questions get a handful of replies, a few get hundreds.',
    author: 'sofia.rossi',
    daysAgo: 3,
    replies: [
      {
        author: 'tom.okafor',
        reply:
          'Embed when replies are always read with their question and stay bounded: one read shows the whole page. The 16 MB document limit is far away for hundreds of short replies.',
        afterHours: 5,
      },
      {
        author: 'arjun.mehta',
        reply:
          'If replies can grow without bound or you page through them on their own, reference them instead, with an index on question_id and date. Many forums embed the first few and reference the rest.',
        afterHours: 9,
      },
    ],
  },
  {
    topic: 'fo',
    title: 'When is a hash index worse than a B+ tree?',
    description:
      'The File Organization course says hash indexes give constant-time lookups. Then why do most databases default to B+ trees?',
    author: 'arjun.mehta',
    daysAgo: 4,
    replies: [
      {
        author: 'lucas.berg',
        reply:
          'A hash index only answers equality. Range queries (BETWEEN, <, ORDER BY) and prefix searches need the sorted order a B+ tree keeps, and its height stays at three or four levels even for huge tables.',
        afterHours: 4,
      },
    ],
  },
  {
    topic: 'beginner',
    title: 'What is the difference between a database and a DBMS?',
    description:
      'In the Basic Concepts course both words appear and I mix them up. Is PostgreSQL a database or a DBMS?',
    author: 'emma.dubois',
    daysAgo: 5,
    replies: [
      {
        author: 'priya.nair',
        reply:
          'The database is the organised data itself; the DBMS is the software that stores it, answers queries and enforces rules. PostgreSQL is a DBMS, and it can hold many databases.',
        afterHours: 1,
      },
      {
        author: 'emma.dubois',
        reply: 'So a database is the library and the DBMS is the librarian. Thanks, that makes it click.',
        afterHours: 2,
      },
    ],
  },
  {
    topic: 'sql',
    title: 'GROUP BY says my column must appear in an aggregate',
    description:
      'SELECT department, name, MAX(salary) FROM employees GROUP BY department fails with "column name must appear in the GROUP BY clause". I want the best paid person per department.',
    author: 'noah.kim',
    daysAgo: 6,
    replies: [
      {
        author: 'sofia.rossi',
        reply:
          'Each group becomes one row, so the database cannot know which name to show. Use a window function: SELECT department, name, salary FROM (SELECT *, RANK() OVER (PARTITION BY department ORDER BY salary DESC) AS r FROM employees) t WHERE r = 1.',
        afterHours: 3,
      },
    ],
  },
  {
    topic: 'rm',
    title: 'How do I turn a many-to-many relationship into tables?',
    description:
      'Students enrol in many courses and courses have many students. In the ER diagram it is one diamond. How many tables do I need and what are their keys?',
    author: 'emma.dubois',
    daysAgo: 8,
    replies: [
      {
        author: 'arjun.mehta',
        reply:
          'Three: student, course and enrolment(student_id, course_id). The pair is the primary key of enrolment, each column a foreign key. Attributes of the relationship, like the grade, go into enrolment too.',
        afterHours: 6,
      },
    ],
  },
  {
    topic: 'nosql',
    title: 'Does MongoDB really have no transactions?',
    description:
      'A friend told me NoSQL databases cannot do transactions, so I should never use them for payments. Is that still true?',
    author: 'lucas.berg',
    daysAgo: 9,
    replies: [
      {
        author: 'noah.kim',
        reply:
          'Not for MongoDB: single-document writes were always atomic, and multi-document ACID transactions exist since version 4.0 on replica sets. Other NoSQL stores differ, so check the one you pick.',
        afterHours: 2,
      },
    ],
  },
  {
    topic: 'fo',
    title: 'Why does a clustered index make inserts slower?',
    description:
      'After adding a clustered index on a random UUID column, bulk inserts into our table got much slower. The same data with an auto-increment key loads fast.',
    author: 'priya.nair',
    daysAgo: 11,
    replies: [
      {
        author: 'maya.chen',
        reply:
          'A clustered index stores rows in key order. Random UUIDs land all over the file, so pages split and get rewritten; increasing keys always append to the last page. Time-ordered ids (UUIDv7, ULID) avoid most of it.',
        afterHours: 8,
      },
    ],
  },
  {
    topic: 'sql',
    title: 'COUNT(*) or COUNT(column): which one should I use?',
    description:
      'Our project check expects the number of orders per customer. COUNT(*) and COUNT(order_id) give different numbers after my LEFT JOIN. Which is right?',
    author: 'tom.okafor',
    daysAgo: 13,
    replies: [
      {
        author: 'lucas.berg',
        reply:
          'COUNT(*) counts rows, including the one row a LEFT JOIN makes for a customer with no orders. COUNT(order_id) skips NULLs, so it gives 0 for them. For orders per customer you want COUNT(order_id).',
        afterHours: 1,
      },
    ],
  },
  {
    topic: 'beginner',
    title: 'Do I need to learn SQL before NoSQL databases?',
    description:
      'I am new and want to build web apps. The Learning Hub has both SQL and NoSQL courses. Which order makes sense for a beginner?',
    author: 'noah.kim',
    daysAgo: 15,
    replies: [
      {
        author: 'emma.dubois',
        reply:
          'Start with Basic Concepts and SQL: keys, joins and normalisation explain why NoSQL stores make the trade-offs they make. The NoSQL course is much easier afterwards.',
        afterHours: 12,
      },
      {
        author: 'sofia.rossi',
        reply: 'Agreed. Do the Relational Model course between them too; the ER diagrams help with document design later.',
        afterHours: 20,
      },
    ],
  },
  {
    topic: 'rm',
    title: 'Can a foreign key point to a column that is not a primary key?',
    description:
      'I want orders.customer_email to reference customers.email instead of customers.id. The database refused until I added something. What are the rules?',
    author: 'sofia.rossi',
    daysAgo: 18,
    replies: [
      {
        author: 'priya.nair',
        reply:
          'A foreign key may reference any candidate key: the referenced columns must be declared UNIQUE (or be the primary key). Adding UNIQUE on customers.email is what made it work. Keep in mind that e-mails change, ids do not.',
        afterHours: 4,
      },
    ],
  },
];
