import { type CourseSeed, lines, sql } from '../curriculum.types.js';

export const FILE_COURSES: CourseSeed[] = [
  {
    slug: 'records-blocks-buffers',
    topic: 'fo',
    name: 'Records, Blocks and Buffers',
    teacher: 'Dr. Wei Zhang',
    length: '2.5 hours',
    tutorials: [
      {
        title: 'Disks, blocks and I/O cost',
        blocks: [
          {
            header: 'Why block transfers dominate',
            detail: lines(
              'A database lives on disk (HDD or SSD) and is read and written in blocks (pages), typically 4 to 16 KB. A DBMS never reads a single record: it reads the whole block that holds it.',
              'On a hard disk a random block read costs a seek plus rotational delay, several milliseconds; reading the next block sequentially is far cheaper. SSDs have no seek, but random reads are still much slower than memory.',
              'That is why file organisations are compared by the number of block transfers (I/Os) an operation needs, not by CPU work.',
            ),
          },
          {
            header: 'Blocking factor',
            detail: lines(
              'The blocking factor bfr = floor(B / R) is how many records of size R fit in a block of size B.',
              'Example: B = 4096 bytes and R = 100 bytes give bfr = 40. A file of 100,000 records then needs ceil(100000 / 40) = 2,500 blocks.',
              'Unspanned organisation keeps each record inside one block (leftover space is wasted); spanned organisation lets a record continue in the next block, needed when records are larger than a block.',
            ),
          },
        ],
      },
      {
        title: 'Record formats',
        blocks: [
          {
            header: 'Fixed-length records',
            detail: lines(
              'When every field has a fixed size, record i starts at offset i × R in the file, so it can be found by arithmetic.',
              'Deleting leaves a hole; the DBMS keeps a free list of holes to reuse them, or marks records with a deleted flag.',
            ),
          },
          {
            header: 'Variable-length records and slotted pages',
            detail: lines(
              'VARCHAR columns and NULLs make records variable in length. Inside a record, a header of field offsets locates each field.',
              'Pages use a slotted layout: a slot directory at the start of the page points to each record, and records grow from the end of the page. A record can move inside its page without changing its record id (page number, slot number), so indexes that store record ids stay valid.',
            ),
          },
        ],
      },
      {
        title: 'The buffer manager',
        blocks: [
          {
            header: 'Keeping pages in memory',
            detail: lines(
              'The buffer pool is an area of memory divided into frames that hold disk pages. A request for a page is served from the pool when the page is there (a hit); otherwise a frame is freed and the page is read (a miss).',
              'A page in use is pinned; a changed page is dirty and must be written back before its frame is reused.',
            ),
          },
          {
            header: 'Replacement policies',
            detail: lines(
              'LRU evicts the least recently used unpinned page. It suffers from sequential flooding: one large scan evicts every useful page.',
              'Clock approximates LRU cheaply with a reference bit per frame. Real systems use variants such as LRU-K or keep scans in a small ring of buffers.',
              'Write-ahead logging decides when dirty pages may be written: the log records describing a change must reach disk before the changed page does.',
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Size a table on disk',
        difficulty: 'beginner',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'A table has 2,000,000 rows of 250 bytes each; pages are 8 KB (8,192 bytes) with 96 bytes of header.',
              '1. Compute the blocking factor and the number of pages (unspanned).',
              '2. A full scan reads 100 MB/s sequentially: how long does it take?',
              '3. A random page read costs 0.1 ms on an SSD: how long would reading every row by random access take? What does that say about indexes for queries that return most rows?',
            ),
          },
        ],
      },
      {
        title: 'Simulate LRU and Clock',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'A buffer pool has 3 frames. The page reference string is: 1 2 3 1 4 1 2 5 1 2 3 4.',
              '1. Simulate LRU and count the misses.',
              '2. Simulate Clock and count the misses.',
              '3. Add a sequential scan of pages 10 to 20 in the middle of the string and show the flooding effect.',
            ),
          },
        ],
      },
    ],
  },
  {
    slug: 'heap-sorted-hashed-files',
    topic: 'fo',
    name: 'Heap, Sorted and Hashed Files',
    teacher: 'Dr. Wei Zhang',
    length: '3 hours',
    tutorials: [
      {
        title: 'Heap files',
        blocks: [
          {
            header: 'Unordered storage',
            detail: lines(
              'A heap file stores records in no particular order: a new record goes in the last page, or in any page with free space.',
              'Insert: about 1 read and 1 write (find a page with room, write it).',
              'Search by equality on a unique field: on average half the file, b/2 page reads for b pages; b reads if the value is absent or not unique.',
              'Range search and full scan: all b pages.',
              'Delete: find the record (as above), then rewrite its page.',
            ),
          },
          {
            header: 'When a heap is the right choice',
            detail: lines(
              'Heaps are ideal for bulk loading, for tables that are mostly scanned in full, and as the base table under secondary indexes, which turn equality searches into a few I/Os.',
              'PostgreSQL stores every table as a heap and relies on indexes for fast access.',
            ),
          },
        ],
      },
      {
        title: 'Sorted (sequential) files',
        blocks: [
          {
            header: 'Ordered on a key',
            detail: lines(
              'A sorted file keeps records ordered by an ordering field.',
              'Equality search on that field: binary search over pages, about log2(b) page reads.',
              'Range search: binary search for the start, then read the following pages sequentially.',
              'Searching on any other field is still a full scan.',
            ),
          },
          {
            header: 'The price of order',
            detail: lines(
              'Inserting in the middle means shifting records: on average half the file is read and rewritten.',
              'Practical systems avoid this with free space left in each page and overflow pages that are merged back by a periodic reorganisation.',
              'Example: with b = 10,000 pages, an equality search costs about 14 reads (log2 10,000 ≈ 13.3), against 5,000 on average for a heap.',
            ),
          },
        ],
      },
      {
        title: 'Hashed files',
        blocks: [
          {
            header: 'Static hashing',
            detail: lines(
              'A hash function h(key) mod M chooses one of M buckets; each bucket is one page or a few pages.',
              'Equality search on the hash key: about 1 I/O, plus one per overflow page in the bucket\'s chain.',
              'Range search: hashing scatters neighbouring values, so ranges need a full scan.',
              'With a fixed M, a growing file makes overflow chains long, and a shrinking file wastes buckets.',
            ),
          },
          {
            header: 'Dynamic hashing',
            detail: lines(
              'Extendible hashing keeps a directory of 2^d pointers, indexed by the first (or last) d bits of the hash. A full bucket splits in two; the directory doubles only when the splitting bucket\'s local depth equals the global depth d.',
              'Linear hashing splits buckets one at a time in a fixed round-robin order, needs no directory, and uses overflow pages for a while.',
              'Both keep equality search near 1 to 2 I/Os as the file grows.',
            ),
          },
          {
            header: 'Choosing an organisation',
            detail: lines(
              'Heap: fast inserts and full scans. Sorted: fast range queries on one field, slow inserts. Hashed: fastest equality on one field, useless for ranges.',
              'Example: a query such as the one below benefits from order (or a B+ tree) on price, not from hashing:',
              sql('SELECT * FROM product WHERE price BETWEEN 10 AND 20;'),
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Cost comparison table',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'A file has 1,000,000 records of 200 bytes; pages are 4 KB (ignore headers).',
              '1. Compute the number of pages b.',
              '2. For a heap, a file sorted on id, and a file hashed on id (80% full buckets, no overflow), give the I/O cost of: insert; find id = 4711; find 100 ≤ id ≤ 200; find all records with city = \'Oslo\'.',
              '3. Which organisation would you pick for an order log that is appended to all day and read in full every night? Justify.',
            ),
          },
        ],
      },
      {
        title: 'Extendible hashing by hand',
        difficulty: 'professional',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'Buckets hold 2 keys; use the last bits of the key in binary as the hash. Start with global depth 1.',
              'Insert 4, 12, 5, 9, 7, 15, 2 in this order and draw the directory and buckets after each split, with global and local depths.',
              'Which insertion first doubles the directory, and why does a later split not need to?',
            ),
          },
        ],
      },
    ],
  },
  {
    slug: 'indexes-and-b-trees',
    topic: 'fo',
    name: 'Indexes and B+ Trees',
    teacher: 'Prof. Amara Nwosu',
    length: '4 hours',
    tutorials: [
      {
        title: 'Kinds of indexes',
        blocks: [
          {
            header: 'Primary, clustering and secondary',
            detail: lines(
              'An index is an auxiliary structure that maps search-key values to the records (or pages) that hold them.',
              'A clustered index (or a primary index on an ordered file) stores or orders the data itself by the key, so rows with close keys sit on the same pages. A table can have at most one.',
              'A secondary (non-clustered) index points to rows stored in another order; a table can have many.',
            ),
          },
          {
            header: 'Dense and sparse indexes',
            detail: lines(
              'A dense index has an entry for every search-key value; a sparse index has one entry per data page (the first key of the page), which only works when the data is sorted on that key.',
              'Secondary indexes must be dense, because the rows are not in key order.',
            ),
          },
          {
            header: 'Creating an index',
            detail: lines(
              sql('CREATE INDEX idx_enrollment_course ON enrollment(course_id);', '', 'SELECT student_id FROM enrollment WHERE course_id = 42;'),
              'With the index the query reads a few index pages and then only the matching rows, instead of the whole table.',
            ),
          },
        ],
      },
      {
        title: 'B+ tree structure and search',
        blocks: [
          {
            header: 'The shape of a B+ tree',
            detail: lines(
              'A B+ tree is a balanced search tree whose nodes are disk pages. Internal nodes hold keys and child pointers only; leaves hold the keys with their row pointers (or the rows themselves in a clustered index) and are linked to their neighbours.',
              'Every leaf is at the same depth. Every node except the root is at least half full.',
              'The fan-out is large: a 8 KB page with 8-byte keys and 8-byte pointers holds about 500 entries, so three levels already reach 500^3 = 125 million keys.',
            ),
          },
          {
            header: 'Search and range scans',
            detail: lines(
              'To find key k, start at the root and follow the pointer whose key range contains k down to a leaf: one page read per level, about log_F(N) reads for fan-out F and N keys.',
              'For a range such as 100 ≤ k ≤ 200, find the leaf for 100 and then follow the leaf links to the right until a key exceeds 200.',
              'The top levels are usually cached in the buffer pool, so a lookup often costs one or two actual disk reads.',
            ),
          },
        ],
      },
      {
        title: 'Insertion, deletion and index cost',
        blocks: [
          {
            header: 'Splits and merges',
            detail: lines(
              'Insert into the correct leaf. If it overflows, split it into two half-full leaves and insert the first key of the new right leaf into the parent.',
              'If the parent overflows it splits too, pushing a key up. When the root splits, a new root is created and the tree grows by one level: B+ trees grow at the top, which keeps them balanced.',
              'Deletion may leave a node less than half full; it then borrows from a sibling or merges with it, and the parent loses a key. (Many real systems tolerate under-full pages instead of merging.)',
            ),
          },
          {
            header: 'Composite indexes and covering',
            detail: lines(
              'An index on (last_name, first_name) sorts by last_name and then first_name, so it helps WHERE last_name = ? and WHERE last_name = ? AND first_name = ?, but not WHERE first_name = ? alone.',
              'A covering index contains every column the query needs, so the table itself is not read:',
              sql('CREATE INDEX idx_student_major_name ON student(major, name);', '', "SELECT name FROM student WHERE major = 'Math';"),
            ),
          },
          {
            header: 'When indexes hurt',
            detail: lines(
              'Every INSERT, UPDATE of an indexed column and DELETE must update every index, so each index slows writes and takes space.',
              'For a query that returns a large fraction of the table, following a secondary index costs one random read per row; a sequential scan is cheaper, and optimizers switch to it.',
              'Indexes on columns with few distinct values (a yes/no flag) rarely help. Index the columns your frequent queries filter, join and sort on, and check with EXPLAIN.',
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Build a B+ tree by hand',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'Use a B+ tree whose nodes hold at most 3 keys (order 4).',
              '1. Insert 10, 20, 5, 6, 12, 30, 7, 17 in this order and draw the tree after each split.',
              '2. Show the path followed to find 17 and the leaves read for the range 6 ≤ k ≤ 17.',
              '3. Delete 20 and 30 and draw the tree after any borrow or merge.',
            ),
          },
        ],
      },
      {
        title: 'Index a slow query',
        difficulty: 'professional',
        blocks: [
          {
            header: 'The query',
            detail: lines(
              sql('SELECT s.name, e.grade', 'FROM enrollment e', 'JOIN student s ON s.id = e.student_id', 'WHERE e.course_id = 42', 'ORDER BY s.name;'),
            ),
          },
          {
            header: 'Your task',
            detail: lines(
              '1. Run EXPLAIN QUERY PLAN (SQLite) or EXPLAIN (PostgreSQL, MySQL) and write down the plan.',
              '2. Propose one index, create it, and compare the new plan.',
              '3. Estimate how much slower 10,000 inserts into enrollment become with your index, and argue whether it is worth it.',
            ),
          },
        ],
      },
    ],
  },
];
