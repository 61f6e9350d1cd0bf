import type { Topic } from '@dblearn/contracts';

/** One demo question of the interview bank (CONTRACT "Interview questions" without its `_id`). */
export interface InterviewQuestionSeed {
  topic: Topic;
  question: string;
  answer: string;
}

/** An answer of several paragraphs or steps: the interview page shows each line as its own line. */
function lines(...paragraphs: string[]): string {
  return paragraphs.join('\n');
}

/**
 * The demo interview bank, loaded when the content database is empty: the questions a candidate
 * meets in real database interviews, with answers that are correct for PostgreSQL, MySQL/InnoDB,
 * SQLite and MongoDB alike, and say so where those systems differ.
 */
export const DEMO_INTERVIEW_QUESTIONS: readonly InterviewQuestionSeed[] = [
  // ── Basic concepts: transactions, ACID, isolation, concurrency ───────────────────────────────
  {
    topic: 'beginner',
    question: 'What is a DBMS, and why use one instead of keeping data in plain files?',
    answer: lines(
      'A database management system is the software that stores data and lets many programs and users define, query and change it through one interface (usually SQL).',
      'Compared with plain files it gives you: a declared schema and constraints, so bad data is refused; a query language and optimizer, so you say what you want rather than how to find it; indexes for fast lookups; transactions, so a group of changes happens completely or not at all; concurrency control, so many users can work at once without corrupting data; crash recovery through a write-ahead log; access control; and backup and replication.',
      'With files, every application has to reinvent all of that, and the copies of the same fact in different files drift apart.',
    ),
  },
  {
    topic: 'beginner',
    question: 'What does ACID stand for? Explain each property.',
    answer: lines(
      'Atomicity: a transaction is all or nothing. If it fails halfway, every change it made is undone (rolled back).',
      'Consistency: a transaction takes the database from one valid state to another; every declared rule (keys, foreign keys, CHECK constraints) holds after it commits. Part of this is the application\'s job: the database only enforces the rules it was told about.',
      'Isolation: concurrent transactions do not see each other\'s unfinished work; how strictly depends on the isolation level, and the strongest level (SERIALIZABLE) makes the result equal to some serial order.',
      'Durability: once COMMIT returns, the change survives a crash or power loss, usually because it was written to a write-ahead log on stable storage before the commit was acknowledged.',
    ),
  },
  {
    topic: 'beginner',
    question: 'Name the read anomalies that isolation levels are defined by, with an example of each.',
    answer: lines(
      'Dirty read: T1 reads a row that T2 changed but has not committed. If T2 rolls back, T1 has acted on data that never existed.',
      'Non-repeatable read: T1 reads a row, T2 updates it and commits, T1 reads the same row again and sees a different value.',
      'Phantom read: T1 runs SELECT ... WHERE price < 10 and gets 5 rows, T2 inserts a matching row and commits, T1 runs the same query and gets 6. The row set changed, not a row.',
      'Two more that interviewers like: lost update (two transactions read a value, both write a new value computed from it, and one write silently overwrites the other) and write skew (two transactions read the same data, each updates a different row, and together they break a rule neither broke alone, e.g. both of the last two on-call doctors go off call).',
    ),
  },
  {
    topic: 'beginner',
    question: 'What are the four SQL standard isolation levels, and which anomalies does each allow?',
    answer: lines(
      'READ UNCOMMITTED: dirty reads, non-repeatable reads and phantoms are all possible.',
      'READ COMMITTED: no dirty reads; non-repeatable reads and phantoms possible. Each statement sees data committed before it began. This is the default in PostgreSQL, Oracle and SQL Server.',
      'REPEATABLE READ: no dirty or non-repeatable reads; the standard still allows phantoms. MySQL/InnoDB uses it as the default. PostgreSQL implements it as snapshot isolation, which also prevents phantoms but still allows write skew.',
      'SERIALIZABLE: none of them; the outcome equals some serial execution of the transactions. Implemented by strict two-phase locking or by serializable snapshot isolation (PostgreSQL), and a transaction may be aborted with a serialization failure that the application must retry.',
      'Higher levels cost more locking or more aborts, so choose the weakest level that is correct for the transaction.',
    ),
  },
  {
    topic: 'beginner',
    question: 'How do you prevent a lost update, for example two users withdrawing from the same account at the same time?',
    answer: lines(
      'The bug: both transactions read balance = 100, both compute 100 - 30 = 70 in the application and write 70, so one withdrawal disappears.',
      '1. Let the database do the arithmetic atomically: UPDATE accounts SET balance = balance - 30 WHERE id = 1 AND balance >= 30; then check that one row was updated.',
      '2. Pessimistic locking: SELECT balance FROM accounts WHERE id = 1 FOR UPDATE; the second transaction waits until the first commits and then reads the new balance.',
      '3. Optimistic locking: keep a version column and write with UPDATE ... SET balance = 70, version = version + 1 WHERE id = 1 AND version = 7; if 0 rows changed, someone else won, so re-read and retry.',
      '4. Run at an isolation level that detects it: PostgreSQL REPEATABLE READ or SERIALIZABLE aborts the second writer, which then retries.',
    ),
  },
  {
    topic: 'beginner',
    question: 'What is a deadlock and how do database systems deal with it?',
    answer: lines(
      'A deadlock is a cycle of waits: T1 holds a lock on row A and waits for row B, while T2 holds B and waits for A. Neither can ever continue.',
      'Most systems detect it: they keep a wait-for graph (or check it periodically, or when a lock wait passes a timeout), find the cycle and abort one transaction, the victim, with an error such as "deadlock detected". The application should retry that transaction.',
      'You make deadlocks rarer by taking locks in the same order everywhere (e.g. always update accounts in ascending id order), keeping transactions short, and touching fewer rows (good indexes mean fewer rows locked by an UPDATE ... WHERE).',
    ),
  },
  {
    topic: 'beginner',
    question: 'What does NULL mean in SQL, and why does WHERE col = NULL return no rows?',
    answer: lines(
      'NULL marks a missing or unknown value. It is not zero and not the empty string.',
      'SQL uses three-valued logic: any comparison with NULL (=, <>, <, >) yields UNKNOWN, not TRUE or FALSE, and WHERE keeps only rows for which the condition is TRUE. So col = NULL is never true, not even when col is NULL.',
      'Use col IS NULL or col IS NOT NULL (or IS DISTINCT FROM where supported). Aggregates such as SUM, AVG and COUNT(col) skip NULLs, while COUNT(*) counts rows. COALESCE(col, 0) substitutes a value for NULL.',
    ),
  },
  {
    topic: 'beginner',
    question: 'What is the difference between OLTP and OLAP workloads?',
    answer: lines(
      'OLTP (online transaction processing): many short transactions that read and write a few rows each, by key (place an order, update a balance). Needs low latency, high concurrency, normalized schemas and row-oriented storage with B-tree indexes.',
      'OLAP (online analytical processing): fewer, long read-only queries that scan and aggregate millions of rows (revenue per region per month). Favors denormalized star or snowflake schemas, column-oriented storage with compression, and parallel scans.',
      'They are usually separated: the OLTP database feeds a data warehouse through ETL or change data capture, so heavy reports do not slow down the application.',
    ),
  },
  {
    topic: 'beginner',
    question: 'What is a view, and how is a materialized view different?',
    answer: lines(
      'A view is a stored query with a name: SELECT from it and the database runs the underlying query (often merging it into yours). It stores no data, so it is always current. Views hide complexity, give a stable interface over changing tables, and restrict what users see (grant access to the view, not the table).',
      'A materialized view stores the query\'s result like a table. Reading it is fast, but it is only as fresh as its last refresh (REFRESH MATERIALIZED VIEW in PostgreSQL, or incremental refresh in systems that support it). Use it for expensive aggregates that may be slightly stale.',
    ),
  },

  // ── Relational model: keys, dependencies, normal forms ────────────────────────────────────────
  {
    topic: 'rm',
    question: 'Explain superkey, candidate key, primary key, alternate key and foreign key.',
    answer: lines(
      'Superkey: any set of attributes whose values identify a row uniquely, e.g. {id} or {id, name}.',
      'Candidate key: a minimal superkey; remove any attribute and it stops being unique, e.g. {id} and {email} in a users table.',
      'Primary key: the candidate key chosen as the main identifier; it may not be NULL and there is exactly one per table.',
      'Alternate key: a candidate key that was not chosen; usually declared UNIQUE.',
      'Foreign key: attributes in one table whose values must match a key of another (or the same) table, which enforces referential integrity, e.g. orders.customer_id references customers.id.',
      'A natural key comes from the data (ISBN); a surrogate key is generated (an auto-increment id or UUID) and never changes.',
    ),
  },
  {
    topic: 'rm',
    question: 'What is a functional dependency, and how do you find a candidate key with attribute closure?',
    answer: lines(
      'X -> Y (X functionally determines Y) means any two rows that agree on X also agree on Y. Example: employee_id -> department, and zip_code -> city.',
      'The closure X+ is every attribute you can derive from X with the given dependencies: start with X and keep adding the right side of any dependency whose left side is already inside.',
      'Example: R(A, B, C, D) with A -> B, B -> C, and C -> D. A+ = {A, B, C, D}, so A is a superkey; it is a single attribute, so it is also a candidate key. B+ = {B, C, D}, which lacks A, so B is not a key.',
      'An attribute that appears on no right-hand side must be in every candidate key, which is a quick way to start.',
    ),
  },
  {
    topic: 'rm',
    question: 'Explain 1NF, 2NF and 3NF with an example.',
    answer: lines(
      '1NF: every column holds one atomic value and there are no repeating groups: no "phones: 555-1, 555-2" in one cell and no phone1, phone2, phone3 columns. Put the phones in their own table.',
      '2NF: 1NF and no non-key attribute depends on only part of a composite candidate key. In OrderItem(order_id, product_id, quantity, product_name), product_name depends on product_id alone, so move it to Product(product_id, product_name).',
      '3NF: 2NF and no non-key attribute depends on another non-key attribute (no transitive dependency). In Employee(emp_id, dept_id, dept_name), emp_id -> dept_id -> dept_name, so move dept_name to Department(dept_id, dept_name).',
      'Formally, 3NF: for every non-trivial dependency X -> A, X is a superkey or A is part of some candidate key.',
    ),
  },
  {
    topic: 'rm',
    question: 'What is BCNF, and can you give a relation that is in 3NF but not in BCNF?',
    answer: lines(
      'Boyce-Codd normal form: for every non-trivial functional dependency X -> Y, X is a superkey. It drops 3NF\'s exception for dependencies whose right side is part of a key.',
      'Example: Teaching(student, course, instructor) where each instructor teaches one course (instructor -> course) and a student takes a course from one instructor ({student, course} -> instructor). Candidate keys are {student, course} and {student, instructor}. instructor -> course violates BCNF because instructor is not a superkey, but the relation is in 3NF because course is part of a candidate key.',
      'Decomposing into (instructor, course) and (student, instructor) is lossless and in BCNF, but the dependency {student, course} -> instructor can no longer be checked within one table. That is the trade-off: BCNF removes all redundancy from functional dependencies, while 3NF can always keep every dependency.',
    ),
  },
  {
    topic: 'rm',
    question: 'What are update, insertion and deletion anomalies?',
    answer: lines(
      'They are what goes wrong when one table stores several facts redundantly, e.g. Enrollment(student_id, course_id, course_title, instructor_phone).',
      'Update anomaly: the instructor\'s phone is repeated in every enrollment row; change it in some rows and not others and the data contradicts itself.',
      'Insertion anomaly: you cannot record a new course until some student enrolls, because there is no row to put it in (and the key would be partly NULL).',
      'Deletion anomaly: when the last student drops a course, deleting that row also deletes the only record of the course title.',
      'Normalization removes them by giving each fact its own table, so it is stored once.',
    ),
  },
  {
    topic: 'rm',
    question: 'What is a lossless-join decomposition, and how do you test for one?',
    answer: lines(
      'Splitting R into R1 and R2 is lossless when joining R1 and R2 back gives exactly R: no rows lost and, more importantly, no spurious rows added.',
      'Test for two pieces: the decomposition is lossless if and only if the common attributes R1 ∩ R2 functionally determine all of R1 or all of R2 (the shared attributes are a key of one side).',
      'Example: R(emp_id, dept_id, dept_name) with emp_id -> dept_id and dept_id -> dept_name, split into (emp_id, dept_id) and (dept_id, dept_name). The common attribute dept_id determines dept_name, so it is a key of the second piece: lossless. Splitting into (emp_id, dept_name) and (dept_id, dept_name) instead shares only dept_name, which is not a key of either piece, so the join can invent rows.',
      'A good decomposition is also dependency-preserving where possible, so every dependency can be checked inside one table.',
    ),
  },
  {
    topic: 'rm',
    question: 'How do you model a many-to-many relationship in a relational schema?',
    answer: lines(
      'With a junction (associative) table that holds a foreign key to each side. Students and courses: enrollment(student_id REFERENCES student, course_id REFERENCES course, PRIMARY KEY (student_id, course_id)).',
      'The composite primary key prevents duplicate pairs. Attributes of the relationship itself, such as enrolled_on or grade, go in the junction table.',
      'Index the second column on its own too (course_id) if you also look up "students of a course", because the composite key\'s index serves lookups by student_id first.',
    ),
  },
  {
    topic: 'rm',
    question: 'What does referential integrity mean, and what do ON DELETE CASCADE, SET NULL and RESTRICT do?',
    answer: lines(
      'Referential integrity: every foreign key value either is NULL or matches an existing row of the referenced table; no orphans.',
      'The action says what happens to the children when the referenced parent row is deleted (or its key updated):',
      'CASCADE deletes (or updates) the children too: delete an order and its order lines go with it.',
      'SET NULL sets the foreign key of the children to NULL, which makes sense when the link is optional.',
      'RESTRICT / NO ACTION refuses to delete a parent that still has children (NO ACTION checks at the end of the statement and, where supported, can be deferred to commit).',
      'Also index the foreign key column of the child table: otherwise each parent delete scans the child table to check or cascade.',
    ),
  },
  {
    topic: 'rm',
    question: 'Name the basic operations of relational algebra and their SQL counterparts.',
    answer: lines(
      'Selection σ(condition): keeps the rows that match. SQL: WHERE.',
      'Projection π(columns): keeps some columns (and, in pure algebra, removes duplicates). SQL: the SELECT list (with DISTINCT for set semantics).',
      'Cartesian product ×: every row of one relation paired with every row of the other. SQL: CROSS JOIN.',
      'Union ∪, difference − and intersection ∩ on compatible relations. SQL: UNION, EXCEPT (MINUS in Oracle), INTERSECT.',
      'Rename ρ. SQL: AS.',
      'Join ⋈: a selection over a product; the natural join matches on columns with the same name. SQL: JOIN ... ON.',
      'Division ÷ answers "for all" questions, such as students who took every required course; SQL expresses it with NOT EXISTS ... NOT EXISTS or with GROUP BY ... HAVING COUNT(*) = (number of required courses).',
    ),
  },
  {
    topic: 'rm',
    question: 'When would you denormalize a schema, and what does it cost?',
    answer: lines(
      'Denormalizing means storing data redundantly on purpose to make reads cheaper: copying customer_name into orders, keeping a precomputed order_total or comment_count, or flattening dimension tables for reports.',
      'Do it when measurements show that joins or aggregates on a hot read path are too slow and indexes or caching do not fix it, or in analytical schemas (star schemas) where data is loaded in batches and mostly read.',
      'The cost: more storage, slower and more complex writes, and the risk of the copies disagreeing. Every write must update all copies (in the same transaction, with triggers, or through events), and you need a way to repair drift.',
    ),
  },

  // ── File organization: files, indexes, B+ trees, hashing ──────────────────────────────────────
  {
    topic: 'fo',
    question: 'Compare heap, sorted and hashed file organizations for search, range queries and inserts.',
    answer: lines(
      'Heap file: records in no order, new ones appended. Insert is cheap (about one page write). Equality search must scan: on average half the pages for a unique key, all pages otherwise. Range search scans everything.',
      'Sorted file: records kept in order of a key. Equality search uses binary search, about log2(B) page reads for B pages. Range search finds the start and reads on sequentially. Insert and delete are expensive: records must shift, about half the file on average (or overflow pages are used and the file is reorganized periodically).',
      'Hashed file: a hash of the key chooses the bucket. Equality search on that key costs about one page read (plus overflow pages). Range search gets no help and scans everything. Inserts are cheap until buckets overflow.',
      'Real databases store tables as heaps (or clustered B+ trees) and add indexes to get sorted or hashed access paths.',
    ),
  },
  {
    topic: 'fo',
    question: 'Why do databases use B+ trees for indexes?',
    answer: lines(
      'A B+ tree is a balanced search tree whose nodes are disk pages. Inner nodes hold only keys and child pointers, so one page holds hundreds of entries (high fan-out). All records or record pointers are in the leaves, and the leaves are linked in key order.',
      'Consequences: the tree is shallow (with a fan-out of a few hundred, three or four levels cover hundreds of millions of keys, and the top levels stay cached), so a lookup costs a handful of page reads. Every leaf is at the same depth, so the cost is predictable. A range query or ORDER BY finds the first key and then walks the linked leaves. Inserts and deletes keep it balanced by splitting and merging nodes locally, in O(log n).',
      'Compared with a binary tree it makes far fewer disk reads; compared with a hash index it supports ranges, sorting and prefix searches.',
    ),
  },
  {
    topic: 'fo',
    question: 'What is the difference between a clustered and a non-clustered index?',
    answer: lines(
      'Clustered (clustering) index: the table\'s rows are stored in the order of the index key, often in the index\'s leaves themselves. There can be only one per table. Range scans on that key read consecutive pages.',
      'Non-clustered (secondary) index: a separate structure of key plus a pointer to the row (a row id, or in InnoDB the primary key value). A table may have many. Each match costs an extra lookup into the table, which is random I/O if the matches are spread out.',
      'In MySQL/InnoDB the primary key is always the clustered index, so a short primary key keeps every secondary index small. PostgreSQL stores tables as heaps; its CLUSTER command reorders a table once but the order is not maintained. SQL Server lets you choose the clustered index.',
    ),
  },
  {
    topic: 'fo',
    question: 'When does an index hurt, or not help?',
    answer: lines(
      'Writes: every INSERT, every DELETE and every UPDATE of an indexed column must also update each index, so a table with many indexes writes slowly and large bulk loads are often faster with indexes dropped and rebuilt afterwards.',
      'Space and memory: indexes take disk and compete for the buffer cache.',
      'Low selectivity: when a predicate matches a large share of the rows (status = \'active\' on 90% of them), following the index means a random page read per row, and a sequential scan is cheaper, so the optimizer ignores the index. Tiny tables are scanned anyway.',
      'Queries that cannot use it: a function or cast on the column (WHERE LOWER(email) = ... needs an expression index), a leading wildcard (LIKE \'%son\'), a comparison with a value of another type, or a composite index whose leading column is not in the condition.',
      'Redundant indexes: an index on (a) is redundant next to one on (a, b), and duplicates only add write cost.',
    ),
  },
  {
    topic: 'fo',
    question: 'How do you choose the column order of a composite index, and what is the leftmost prefix rule?',
    answer: lines(
      'A B-tree index on (a, b, c) is sorted by a, then by b within equal a, then by c. It can therefore serve conditions on a, on a and b, or on a, b and c, but not on b or c alone (a few systems can "skip scan" when a has very few distinct values).',
      'Rules of thumb: put the columns tested with equality first and a range or sort column last. For WHERE customer_id = ? AND created_at > ? ORDER BY created_at, the index (customer_id, created_at) finds the customer\'s rows already in date order. Index (created_at, customer_id) would scan every customer\'s recent rows.',
      'Among equality columns, order them so the index also serves your other queries; selectivity matters less than which prefixes you need.',
    ),
  },
  {
    topic: 'fo',
    question: 'Hash index or B-tree index: when would you choose each?',
    answer: lines(
      'A hash index maps a hash of the key to a bucket: equality lookups (WHERE id = ?) cost about one probe regardless of size.',
      'It cannot help with ranges (<, >, BETWEEN), ORDER BY, MIN/MAX or prefix searches (LIKE \'abc%\'), because hashing destroys order.',
      'A B-tree serves equality at a cost of only a few page reads, and ranges, sorting and prefixes too, which is why it is the default nearly everywhere. Choose hash only for pure equality lookups on large keys where it is measurably smaller or faster (PostgreSQL hash indexes, in-memory engines, or the hash tables inside hash joins and key-value stores).',
    ),
  },
  {
    topic: 'fo',
    question: 'What is the difference between a dense and a sparse index?',
    answer: lines(
      'Dense index: an entry for every search-key value (for a secondary index on a non-unique column, every record is reachable from it). It works whatever order the file is in.',
      'Sparse index: an entry for only some values, typically the first key of each data page. To find a key, locate the last entry less than or equal to it and scan that page. It is much smaller, but only works when the file is sorted on that key, so a file has at most one sparse index.',
      'A B+ tree\'s inner levels act as a sparse index over its leaves, and a secondary index must be dense.',
    ),
  },
  {
    topic: 'fo',
    question: 'What is a covering index, and what is an index-only scan?',
    answer: lines(
      'An index covers a query when it contains every column the query reads: in the conditions, the select list, the join and the sort. The database can then answer from the index alone, an index-only scan, without visiting the table rows.',
      'Example: SELECT email FROM users WHERE last_login > ? is covered by an index on (last_login, email).',
      'Many systems let you add non-key columns to the leaves for this: INCLUDE (...) in PostgreSQL and SQL Server. In InnoDB every secondary index already contains the primary key. PostgreSQL still checks its visibility map, so an index-only scan is fastest on recently vacuumed tables.',
      'The price is a larger index that must be updated whenever any of those columns change.',
    ),
  },
  {
    topic: 'fo',
    question: 'How do static, extendible and linear hashing differ?',
    answer: lines(
      'Static hashing: a fixed number of buckets chosen up front. As data grows, buckets overflow into chains of overflow pages, and lookups slow down until the file is rehashed into more buckets, an expensive full rebuild.',
      'Extendible hashing: a directory of 2^d pointers indexed by the last d bits of the hash. When a bucket overflows it is split in two; if its local depth already equals d, the directory doubles (just the pointer array, not the data). Lookups cost a directory probe plus one bucket, and there are no long chains.',
      'Linear hashing: no directory. Buckets are split one at a time in round-robin order whenever the load passes a threshold, whether or not the overflowing bucket is the one being split, so growth is smooth and overflow chains stay short on average.',
    ),
  },

  // ── NoSQL: CAP, replication, sharding, document modeling ──────────────────────────────────────
  {
    topic: 'nosql',
    question: 'Explain the CAP theorem. Is it really "pick two of three"?',
    answer: lines(
      'For a replicated data store: Consistency (linearizability: every read sees the latest write, as if there were one copy), Availability (every request to a working node gets a non-error answer), Partition tolerance (the system keeps working when the network drops messages between nodes).',
      'Networks do partition, so P is not optional. The theorem says that during a partition a system must choose: refuse or delay some requests to stay consistent (CP, e.g. a majority-quorum system such as etcd or ZooKeeper), or answer from whatever node is reachable and risk stale or conflicting data (AP, e.g. Cassandra or DynamoDB-style stores with weak settings).',
      'When there is no partition you can have both. PACELC adds the everyday trade-off: if Partitioned, choose Availability or Consistency; Else, choose Latency or Consistency, because synchronous replication costs latency on every write.',
      'Many systems let you pick per operation (write concern, read concern, quorum sizes), so "CP or AP" describes a configuration more than a product.',
    ),
  },
  {
    topic: 'nosql',
    question: 'When would you choose a document store such as MongoDB over a relational database, and when not?',
    answer: lines(
      'A document store fits when data is naturally a self-contained aggregate read and written as a whole (a product with its variants, a user profile with settings), when the structure varies between items or changes often, and when you need to scale out writes across shards by a clear key.',
      'A relational database fits when data is highly connected and queried from many angles (many-to-many relations, ad-hoc reporting), when integrity rules across entities matter (foreign keys, constraints), and when you need multi-row transactions as the norm rather than the exception.',
      'The trade-off: documents avoid joins for the access paths you designed for but make other queries and cross-document consistency harder. Relational schemas take more up-front design but answer new questions with a query instead of a data migration.',
      'Both have converged: PostgreSQL has JSONB with indexes; MongoDB has multi-document transactions and $lookup joins. Choose by access patterns and consistency needs, not fashion.',
    ),
  },
  {
    topic: 'nosql',
    question: 'In a document database, when do you embed related data and when do you reference it?',
    answer: lines(
      'Embed (a sub-document or array inside the parent) when the data belongs to the parent and is read with it, the relation is one-to-one or one-to-few, and the embedded part stays bounded: a blog post\'s tags, an order\'s line items and shipping address. You get one read and atomic single-document updates.',
      'Reference (store the other document\'s _id) when the related data is large or grows without bound (all comments of a popular post), is shared by many parents (many-to-many, e.g. products and categories), changes independently, or is often queried on its own.',
      'Limits matter: MongoDB caps a document at 16 MB, and huge arrays make every update rewrite a big document.',
      'A common middle ground is to embed a summary (the last 10 comments, or an author\'s name and id) and reference the full data, accepting that the copy must be kept up to date.',
    ),
  },
  {
    topic: 'nosql',
    question: 'What are the main families of NoSQL databases, with a typical use for each?',
    answer: lines(
      'Key-value stores (Redis, DynamoDB in its simplest use): get and put by key, very fast, values opaque to the database. Caches, sessions, counters, shopping carts.',
      'Document stores (MongoDB, Couchbase): JSON-like documents queried and indexed by their fields. Product catalogs, content, user profiles.',
      'Wide-column stores (Cassandra, HBase, Bigtable): rows partitioned by key, each with many columns, sorted within a partition; built for huge write volumes. Time series, event logs, messaging.',
      'Graph databases (Neo4j, Amazon Neptune): nodes and edges with properties, traversals as first-class queries. Social networks, recommendations, fraud rings.',
      'Also search engines (Elasticsearch) for full-text search, and time-series databases.',
    ),
  },
  {
    topic: 'nosql',
    question: 'How does leader-follower replication work, and what problems does replication lag cause?',
    answer: lines(
      'One node, the leader (primary), accepts writes and records them in a log; followers (secondaries) apply that log in the same order. Reads can go to the leader or, to scale, to followers.',
      'Synchronous replication waits for follower(s) to confirm before acknowledging a write: no data loss if the leader dies, but slower writes and a stall if the follower is down. Asynchronous replication acknowledges at once: fast, but followers lag, and a failover can lose the last acknowledged writes. Semi-synchronous (one synchronous follower, or MongoDB\'s majority write concern) is the usual compromise.',
      'Lag causes visible anomalies when reading from followers: a user does not see their own update (fix: read-your-writes, e.g. read your own data from the leader for a while), a later read returns older data than an earlier one (fix: monotonic reads, stick a user to one replica), and an answer appears before its question (fix: consistent prefix reads).',
      'Failover risks split brain (two nodes both believe they are leader), which is why elections need a majority.',
    ),
  },
  {
    topic: 'nosql',
    question: 'What is sharding, and how do you choose a shard key?',
    answer: lines(
      'Sharding (horizontal partitioning) splits one data set across several machines by a shard key, so that data volume and write load grow beyond one server.',
      'Range sharding keeps nearby keys together: range queries on the key hit few shards, but a monotonically increasing key (a timestamp, an auto-increment id, a MongoDB ObjectId) sends every new write to the last shard, a hot spot.',
      'Hash sharding spreads keys evenly, but a range query must ask every shard.',
      'A good shard key has high cardinality, spreads writes evenly, and appears in most queries so that they go to one shard. For example, customer_id for an orders collection queried per customer, possibly hashed or combined with a date. Changing the key later means moving data, so choose it from real access patterns.',
    ),
  },
  {
    topic: 'nosql',
    question: 'What are quorum reads and writes (N, R, W), and what does R + W > N guarantee?',
    answer: lines(
      'In leaderless replication (Dynamo-style: Cassandra, Riak), each item is stored on N replicas. A write is acknowledged when W replicas confirm it; a read asks replicas and waits for R answers, and takes the newest version among them.',
      'If R + W > N, every read set overlaps every write set in at least one replica, so a read normally sees the latest acknowledged write. With N = 3, W = 2 and R = 2, one replica may be down and reads and writes still succeed.',
      'It is not full linearizability: sloppy quorums and hinted handoff, concurrent writes resolved by last-write-wins clocks, and a write that failed on some replicas can all still yield stale or surprising reads.',
      'Lower R or W trades consistency for latency and availability (W = 1 for fast writes, R = 1 for fast reads).',
    ),
  },
  {
    topic: 'nosql',
    question: 'What do BASE and eventual consistency mean, and how do they compare with ACID?',
    answer: lines(
      'BASE: Basically Available, Soft state, Eventually consistent. The system stays available under failures and partitions, replicas may briefly disagree, and if writes stop, all replicas converge to the same value.',
      'ACID promises that each transaction is atomic and isolated and that a committed write is visible right away. BASE gives up some of that for availability and low latency across replicas and data centers.',
      'Eventual consistency alone promises nothing about when or which version you read, so applications add session guarantees (read-your-writes, monotonic reads) or conflict resolution (last-write-wins, version vectors, CRDTs).',
      'The choice is per use case: a like counter or a feed can be eventually consistent; a bank balance or stock count needs stronger guarantees on the write path.',
    ),
  },
  {
    topic: 'nosql',
    question: 'What does MongoDB guarantee about atomicity, and when do you need a multi-document transaction?',
    answer: lines(
      'Every write to a single document is atomic, including changes to its embedded arrays and sub-documents: other readers see all of the update or none of it. Modeling data so that what must change together lives in one document is the idiomatic way to stay consistent.',
      'Multi-document ACID transactions exist (since 4.0 on replica sets, 4.2 on sharded clusters) for changes that span documents or collections, such as moving money between two account documents. They cost more (locks, a time limit of 60 s by default, retries on transient errors), so they are the exception.',
      'Related settings: writeConcern "majority" makes an acknowledged write survive a failover; readConcern "majority" or "snapshot" controls what a read may see.',
    ),
  },

  // ── SQL: joins, grouping, subqueries, window functions ────────────────────────────────────────
  {
    topic: 'sql',
    question: 'Explain INNER, LEFT, RIGHT, FULL OUTER and CROSS JOIN.',
    answer: lines(
      'INNER JOIN returns only pairs of rows that satisfy the ON condition: customers who have orders, with their orders.',
      'LEFT (OUTER) JOIN returns every row of the left table; where there is no match, the right table\'s columns are NULL: all customers, including those without orders.',
      'RIGHT JOIN is the mirror image: every row of the right table. It is usually rewritten as a LEFT JOIN with the tables swapped.',
      'FULL OUTER JOIN returns every row of both, matched where possible and padded with NULLs on either side where not (not supported by MySQL; emulate it with a LEFT JOIN UNION a RIGHT JOIN).',
      'CROSS JOIN returns every combination (the Cartesian product): 10 rows × 4 rows = 40 rows, e.g. every size with every color.',
      'A classic trap: a condition on the right table in WHERE (WHERE o.status = \'paid\') turns a LEFT JOIN into an inner join, because the NULL rows fail it. Put such conditions in the ON clause.',
    ),
  },
  {
    topic: 'sql',
    question: 'Write a query that lists customers who have never placed an order.',
    answer: lines(
      'With an anti-join:',
      'SELECT c.id, c.name FROM customers c LEFT JOIN orders o ON o.customer_id = c.id WHERE o.id IS NULL;',
      'Or with NOT EXISTS, which states the intent directly and is planned as an anti-join by good optimizers:',
      'SELECT c.id, c.name FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id);',
      'Avoid NOT IN (SELECT customer_id FROM orders) when that column can contain NULL: if any customer_id is NULL, x NOT IN (...) is never true and the query returns no rows at all.',
    ),
  },
  {
    topic: 'sql',
    question: 'What is a self join? Show employees with their managers\' names.',
    answer: lines(
      'A self join joins a table to itself under two aliases, for hierarchies or for comparing rows of one table with each other.',
      'SELECT e.name AS employee, m.name AS manager FROM employees e LEFT JOIN employees m ON m.id = e.manager_id;',
      'The LEFT JOIN keeps the top of the hierarchy (manager_id IS NULL) with a NULL manager. For the whole chain upwards or downwards, use a recursive common table expression (WITH RECURSIVE).',
    ),
  },
  {
    topic: 'sql',
    question: 'What is the difference between WHERE and HAVING?',
    answer: lines(
      'WHERE filters rows before grouping and cannot use aggregates. HAVING filters groups after GROUP BY and can.',
      'SELECT department_id, AVG(salary) FROM employees WHERE hired_on >= \'2020-01-01\' GROUP BY department_id HAVING AVG(salary) > 60000;',
      'Put every condition that does not need an aggregate in WHERE: rows removed early never reach the grouping, which is cheaper.',
    ),
  },
  {
    topic: 'sql',
    question: 'In what logical order is a SELECT statement evaluated, and why does it matter?',
    answer: lines(
      'FROM and JOINs, then WHERE, then GROUP BY, then HAVING, then SELECT (expressions and window functions), then DISTINCT, then ORDER BY, then LIMIT / OFFSET.',
      'This explains common errors: a column alias defined in SELECT cannot be used in WHERE (WHERE runs first), but can be used in ORDER BY; window functions cannot appear in WHERE, so filter on them in an outer query or CTE; after GROUP BY, SELECT may only show grouped columns and aggregates.',
      'It is the logical meaning only: the optimizer may execute the steps in a different physical order as long as the result is the same.',
    ),
  },
  {
    topic: 'sql',
    question: 'What is the difference between COUNT(*), COUNT(column) and COUNT(DISTINCT column)?',
    answer: lines(
      'COUNT(*) counts rows, whatever they contain.',
      'COUNT(column) counts rows where that column is not NULL.',
      'COUNT(DISTINCT column) counts different non-NULL values.',
      'For a table with emails (\'a\', \'a\', NULL): COUNT(*) = 3, COUNT(email) = 2, COUNT(DISTINCT email) = 1.',
      'In a LEFT JOIN, count a column of the right table (COUNT(o.id)) to get 0 for parents without children; COUNT(*) would give 1 for them.',
    ),
  },
  {
    topic: 'sql',
    question: 'How do you find the second highest salary? Give more than one way.',
    answer: lines(
      'With a subquery: SELECT MAX(salary) FROM employees WHERE salary < (SELECT MAX(salary) FROM employees);',
      'With LIMIT / OFFSET: SELECT DISTINCT salary FROM employees ORDER BY salary DESC LIMIT 1 OFFSET 1; (returns no row when there is no second salary).',
      'With a window function, which generalizes to the Nth highest and to "per department":',
      'SELECT salary FROM (SELECT salary, DENSE_RANK() OVER (ORDER BY salary DESC) AS r FROM employees) t WHERE r = 2 LIMIT 1;',
      'DISTINCT and DENSE_RANK matter when several employees share the top salary: the second highest is the next different value.',
    ),
  },
  {
    topic: 'sql',
    question: 'What is the difference between ROW_NUMBER, RANK and DENSE_RANK?',
    answer: lines(
      'All three are window functions numbering rows in the order of their OVER (ORDER BY ...), optionally restarting for each PARTITION BY group. They differ on ties.',
      'For scores 100, 90, 90, 80: ROW_NUMBER gives 1, 2, 3, 4 (ties broken arbitrarily unless the ORDER BY is unique); RANK gives 1, 2, 2, 4 (ties share a rank and leave a gap); DENSE_RANK gives 1, 2, 2, 3 (no gap).',
      'Typical use: the latest order per customer is ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY created_at DESC) = 1, filtered in an outer query.',
      'Unlike GROUP BY, window functions keep every row and add the computed value beside it.',
    ),
  },
  {
    topic: 'sql',
    question: 'How do you find duplicate rows, and how do you delete all but one of each?',
    answer: lines(
      'Find duplicates by grouping on the columns that should be unique: SELECT email, COUNT(*) FROM users GROUP BY email HAVING COUNT(*) > 1;',
      'Keep the row with the lowest id and delete the others:',
      'DELETE FROM users WHERE id IN (SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY email ORDER BY id) AS n FROM users) t WHERE n > 1);',
      'Then add a UNIQUE constraint on email so the duplicates cannot come back; the constraint is the real fix, the query only cleans up.',
    ),
  },
  {
    topic: 'sql',
    question: 'What is the difference between UNION and UNION ALL?',
    answer: lines(
      'Both stack the rows of two queries with the same number of compatible columns (column names come from the first query).',
      'UNION removes duplicate rows from the result, which costs a sort or hash over all of it. UNION ALL keeps every row and is cheaper.',
      'Use UNION ALL whenever duplicates are impossible (e.g. the parts come from disjoint filters) or wanted; use UNION only when you really need duplicates removed.',
    ),
  },
  {
    topic: 'sql',
    question: 'Compare DELETE, TRUNCATE and DROP.',
    answer: lines(
      'DELETE FROM t [WHERE ...] removes chosen rows one by one: it can filter, fires row triggers, writes each row to the log, and can be rolled back. The table and its structure stay.',
      'TRUNCATE TABLE t removes all rows at once by deallocating the data pages: much faster, no WHERE, usually no row triggers, and in many systems it resets identity counters. It is transactional in PostgreSQL and SQL Server but causes an implicit commit in MySQL and Oracle. It is refused on a table referenced by a foreign key unless the referencing tables are truncated too (TRUNCATE ... CASCADE in PostgreSQL).',
      'DROP TABLE t removes the table itself: data, structure, indexes, triggers and permissions.',
    ),
  },
  {
    topic: 'sql',
    question: 'What is a correlated subquery, and when do you use EXISTS instead of IN or a join?',
    answer: lines(
      'A correlated subquery refers to a column of the outer query, so logically it is evaluated once per outer row: SELECT e.name FROM employees e WHERE e.salary > (SELECT AVG(salary) FROM employees x WHERE x.department_id = e.department_id);',
      'EXISTS (subquery) answers "is there at least one matching row": it can stop at the first match and is unaffected by NULLs. Use it for semi-joins ("customers with an order") without multiplying rows, which a plain JOIN would do for customers with several orders.',
      'IN (subquery) is fine for semi-joins too, and modern optimizers usually produce the same plan for IN and EXISTS. The difference that matters is NOT IN versus NOT EXISTS: NOT IN returns nothing if the subquery yields any NULL.',
      'When you need columns from the other table, use a join (with DISTINCT or aggregation if rows may multiply).',
    ),
  },
  {
    topic: 'sql',
    question: 'What is SQL injection, and how do you prevent it?',
    answer: lines(
      'SQL injection happens when user input is pasted into the text of a query, so the input can change the query itself. With "SELECT * FROM users WHERE name = \'" + input + "\'" and input x\' OR \'1\'=\'1, the condition becomes always true; other inputs can read other tables or drop them.',
      'Prevention: use parameterized queries (prepared statements), where the SQL text and the values travel separately and a value can never become SQL: SELECT * FROM users WHERE name = $1. ORMs and query builders do this for you unless you concatenate raw SQL.',
      'Identifiers (table or column names, sort direction) cannot be parameters: check them against a fixed list of allowed names.',
      'Defense in depth: give the application\'s database account only the privileges it needs, and never show database error messages to users.',
    ),
  },
];
