import { type CourseSeed, lines } from '../curriculum.types.js';

/** A fenced MongoDB shell example (shown as code). */
function mongo(...statements: string[]): string {
  return ['```js', ...statements, '```'].join('\n');
}

export const NOSQL_COURSES: CourseSeed[] = [
  {
    slug: 'document-databases',
    topic: 'nosql',
    name: 'Document Databases',
    teacher: 'Dr. Lucia Romano',
    length: '3 hours',
    tutorials: [
      {
        title: 'Documents and collections',
        blocks: [
          {
            header: 'The document model',
            detail: lines(
              'A document store keeps records as documents: JSON-like objects with named fields whose values can be numbers, strings, dates, arrays or nested documents. MongoDB stores them as BSON, a binary JSON with more types (ObjectId, dates, decimals).',
              'Documents live in collections. Documents of one collection need not have the same fields, although applications usually keep them similar and can enforce a JSON Schema validator.',
              'Every MongoDB document has a unique _id, by default an ObjectId whose first four bytes are its creation time.',
            ),
          },
          {
            header: 'An example document',
            detail: lines(
              mongo(
                'db.orders.insertOne({',
                '  customer: { name: "Ana Lopez", city: "Lisbon" },',
                '  items: [',
                '    { sku: "A-100", qty: 2, price: 9.5 },',
                '    { sku: "B-200", qty: 1, price: 24.0 }',
                '  ],',
                '  status: "paid",',
                '  createdAt: new Date()',
                '})',
              ),
              'One read returns the order with its customer and items: what a relational schema spreads over three tables and a join.',
            ),
          },
        ],
      },
      {
        title: 'Querying documents',
        blocks: [
          {
            header: 'find with filters and projections',
            detail: lines(
              mongo('db.orders.find(', '  { status: "paid", "customer.city": "Lisbon" },', '  { _id: 0, customer: 1, createdAt: 1 }', ').sort({ createdAt: -1 }).limit(10)'),
              'Dotted paths reach into nested documents. Operators such as $gt, $in and $exists express conditions: { total: { $gt: 100 } }.',
              'A condition on an array field matches when any element matches; $elemMatch requires one element to satisfy several conditions at once.',
            ),
          },
          {
            header: 'The aggregation pipeline',
            detail: lines(
              'aggregate runs documents through stages, each feeding the next:',
              mongo(
                'db.orders.aggregate([',
                '  { $match: { status: "paid" } },',
                '  { $unwind: "$items" },',
                '  { $group: { _id: "$items.sku", sold: { $sum: "$items.qty" } } },',
                '  { $sort: { sold: -1 } },',
                '  { $limit: 5 }',
                '])',
              ),
              'This is the five best-selling products. $match plays the role of WHERE, $group of GROUP BY, and $lookup of a (left outer) join.',
            ),
          },
          {
            header: 'Indexes in document stores',
            detail: lines(
              'Without an index a query scans the whole collection, exactly as a relational table scan.',
              mongo('db.orders.createIndex({ "customer.city": 1, createdAt: -1 })'),
              'MongoDB indexes are B-trees; compound indexes follow the same leftmost-prefix rule as in SQL, and an index on an array field (multikey) has one entry per element.',
            ),
          },
        ],
      },
      {
        title: 'Embedding or referencing',
        blocks: [
          {
            header: 'Design for the queries',
            detail: lines(
              'Relational design starts from the data and normalises it; document design starts from the queries and shapes documents so each common query reads one document.',
              'Embed when the data is read together, belongs to one parent, and is bounded in size: the items of an order, the addresses of a customer.',
              'Reference (store the other document\'s _id) when the related data is large, unbounded, shared by many parents, or changes independently: the products of a catalogue, the comments of a popular post.',
            ),
          },
          {
            header: 'The cost of duplication',
            detail: lines(
              'Embedding duplicates data. An order that embeds the customer\'s name keeps the name as it was at order time, which may be exactly right; but if every copy must follow a change, the application has to update all of them.',
              'A document has a size limit (16 MB in MongoDB), so an ever-growing embedded array is a design error.',
              'Single-document writes are atomic. Multi-document transactions exist in modern MongoDB but are slower, so a design that keeps what changes together in one document needs them less.',
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Design a blog in documents',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'Requirements',
            detail: lines(
              'Posts have a title, body, author, tags and comments. The home page shows the 10 newest posts with their author name and comment count; a post page shows the post with all its comments; an author page lists an author\'s posts.',
            ),
          },
          {
            header: 'Your task',
            detail: lines(
              '1. Decide what to embed and what to reference, and justify each choice by a query.',
              '2. Write example documents for posts and authors.',
              '3. Write the find or aggregate call for each page and the indexes they need.',
              '4. What happens to your design when one post receives 100,000 comments?',
            ),
          },
        ],
      },
      {
        title: 'From tables to documents',
        difficulty: 'professional',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'Take the student, course and enrollment tables of the SQL course.',
              '1. Propose two document designs: students embedding their enrolments, and courses embedding theirs.',
              '2. For each, write the query for "all grades of one student" and "all students of one course".',
              '3. Write an aggregation that computes the average grade per course, and say which design makes it cheaper.',
            ),
          },
        ],
      },
    ],
  },
  {
    slug: 'key-value-column-graph',
    topic: 'nosql',
    name: 'Key-Value, Column and Graph Stores',
    teacher: 'Prof. Kenji Watanabe',
    length: '3 hours',
    tutorials: [
      {
        title: 'Key-value stores',
        blocks: [
          {
            header: 'The simplest model',
            detail: lines(
              'A key-value store maps a key to a value and offers get, put and delete by key. The store does not look inside the value, so there are no queries on its content.',
              'Because every operation touches one key, keys can be spread over many machines by hashing (partitioning), which gives near-linear scaling.',
              'Examples: Redis (in memory, with rich value types such as lists, sets and sorted sets), Amazon DynamoDB, etcd.',
            ),
          },
          {
            header: 'Typical uses',
            detail: lines(
              'Session stores and caches: key = session id, value = serialized session, with an expiry time.',
              'Counters and rate limits: an atomic increment on a key such as "login-fails:203.0.113.7".',
              'Designing keys is the schema design of a key-value store: "user:42:profile", "user:42:cart".',
            ),
          },
        ],
      },
      {
        title: 'Wide-column and graph stores',
        blocks: [
          {
            header: 'Wide-column stores',
            detail: lines(
              'Cassandra and HBase store rows identified by a partition key, with many columns grouped into column families; rows in one partition are sorted by a clustering key.',
              'You design one table per query: to list a user\'s messages newest first, partition by user id and cluster by time descending. Joins are not offered, so data is denormalised on purpose.',
              'Writes go to a log and an in-memory table that is flushed to immutable sorted files (an LSM tree), which makes writes very fast.',
            ),
          },
          {
            header: 'Graph databases',
            detail: lines(
              'Neo4j and similar systems store nodes and relationships with properties, and follow relationships directly instead of joining tables.',
              'Queries that walk many hops — friends of friends, shortest paths, fraud rings — are natural there and costly as repeated self-joins in SQL.',
              'Cypher example: MATCH (a:Person {name: "Ana"})-[:FRIEND]->()-[:FRIEND]->(fof) RETURN DISTINCT fof.name',
            ),
          },
        ],
      },
      {
        title: 'CAP and consistency models',
        blocks: [
          {
            header: 'Replication and partitions',
            detail: lines(
              'Distributed stores keep copies (replicas) of data on several machines so they survive failures and serve more reads.',
              'The CAP theorem says that when a network partition separates replicas, a system must choose between consistency (every read sees the latest write, or fails) and availability (every request gets an answer, possibly stale). Without a partition a system can have both.',
              'PACELC adds: else (no partition), choose between latency and consistency.',
            ),
          },
          {
            header: 'Eventual consistency and quorums',
            detail: lines(
              'Under eventual consistency, replicas converge once writes stop, but a read may return an older value meanwhile.',
              'Quorum systems with N replicas write to W and read from R replicas; if R + W > N, every read set overlaps the latest write set. Cassandra lets you choose R and W per request (e.g. QUORUM).',
              'Many document and relational systems instead use a single leader per partition: reads from the leader are consistent, reads from followers may lag.',
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Design a session and cart store',
        difficulty: 'beginner',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'An online shop needs to keep sessions (expire after 30 minutes of inactivity) and shopping carts (kept for 30 days).',
              '1. Design the keys and values for both in a key-value store.',
              '2. Explain how to add an item to a cart so that two browser tabs adding at once do not lose an item.',
              '3. Which data should not live only in this store, and why?',
            ),
          },
        ],
      },
      {
        title: 'Choose the right store',
        difficulty: 'professional',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'For each workload, choose relational, document, key-value, wide-column or graph, and justify it with the queries and the consistency it needs:',
              '1. Bank account balances and transfers.',
              '2. A product catalogue whose products have very different attributes.',
              '3. Sensor readings from 1 million devices every 10 seconds, queried per device and time range.',
              '4. "People you may know" recommendations.',
            ),
          },
        ],
      },
    ],
  },
];
