import { code, type CourseSeed, lines, sql } from '../curriculum.types.js';

/** The practice schema every SQL lesson uses (SQLite dialect); the course's sandbox has these tables, filled. */
const SCHEMA = code(
  'CREATE TABLE student (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, major TEXT, year INTEGER NOT NULL);',
  'CREATE TABLE course (id INTEGER PRIMARY KEY, title TEXT NOT NULL, credits INTEGER NOT NULL, department_id INTEGER NOT NULL, teacher_id INTEGER);',
  'CREATE TABLE enrollment (',
  '  student_id INTEGER REFERENCES student(id),',
  '  course_id  INTEGER REFERENCES course(id),',
  '  grade      INTEGER,  -- 0 to 100, NULL while not graded',
  '  PRIMARY KEY (student_id, course_id)',
  ');',
);

export const SQL_COURSES: CourseSeed[] = [
  {
    slug: 'sql-select-where-join',
    topic: 'sql',
    name: 'SQL Queries: SELECT, WHERE and JOIN',
    teacher: 'Dr. Ada Byron',
    length: '4 hours',
    tutorials: [
      {
        title: 'SELECT and WHERE',
        blocks: [
          {
            header: 'The practice schema',
            detail: lines(
              'Every example in this course runs on the practice database, a small university (open the schema view to see every table). The three tables you will use most:',
              SCHEMA,
              sql('SELECT * FROM student LIMIT 5;'),
            ),
          },
          {
            header: 'Choosing columns and rows',
            detail: lines(
              'SELECT lists the columns to return, FROM names the table, WHERE keeps only the rows for which the condition is true:',
              sql("SELECT name, year", "FROM student", "WHERE major = 'Math' AND year >= 2;"),
              'Conditions combine with AND, OR and NOT; use parentheses when you mix AND and OR.',
              'Other useful predicates: BETWEEN 1 AND 3 (inclusive), IN (\'Math\', \'Physics\'), LIKE \'A%\' (names starting with A).',
            ),
          },
          {
            header: 'NULL and three-valued logic',
            detail: lines(
              'A comparison with NULL is neither true nor false but unknown, and WHERE keeps only rows where the condition is true. So major = NULL finds nothing; write IS NULL:',
              sql('SELECT name FROM student WHERE major IS NULL;'),
              'Likewise, NOT IN (subquery) returns no rows if the subquery returns a NULL; prefer NOT EXISTS there.',
            ),
          },
          {
            header: 'Sorting, distinct values and limits',
            detail: lines(
              sql('SELECT DISTINCT major', 'FROM student', 'WHERE major IS NOT NULL', 'ORDER BY major ASC', 'LIMIT 5;'),
              'Without ORDER BY the order of rows is not defined, even if it looks stable. DISTINCT removes duplicate result rows. LIMIT (FETCH FIRST n ROWS ONLY in standard SQL) keeps the first rows after sorting.',
            ),
          },
        ],
      },
      {
        title: 'Joining tables',
        blocks: [
          {
            header: 'INNER JOIN',
            detail: lines(
              'A join combines rows of two tables that satisfy the join condition. An inner join keeps only rows that have a partner on both sides:',
              sql('SELECT s.name, c.title, e.grade', 'FROM enrollment e', 'JOIN student s ON s.id = e.student_id', 'JOIN course  c ON c.id = e.course_id;'),
              'Table aliases (s, c, e) keep the query short and say which table each column comes from.',
            ),
          },
          {
            header: 'LEFT, RIGHT and FULL outer joins',
            detail: lines(
              'A LEFT JOIN keeps every row of the left table; where there is no partner, the right table\'s columns are NULL. This lists every student, including those with no enrolment:',
              sql('SELECT s.name, e.course_id', 'FROM student s', 'LEFT JOIN enrollment e ON e.student_id = s.id;'),
              'Adding WHERE e.course_id IS NULL keeps only the students with no enrolment (an anti-join).',
              'RIGHT JOIN is the mirror image; FULL OUTER JOIN keeps unmatched rows from both sides. (SQLite supports RIGHT and FULL joins from version 3.39.)',
            ),
          },
          {
            header: 'Conditions in ON versus WHERE',
            detail: lines(
              'For inner joins it makes no difference. For outer joins it does: a condition on the right table in ON restricts which partners are found, while the same condition in WHERE removes the rows whose right side is NULL and turns the outer join back into an inner one.',
              sql('-- every student, with their grade in course 1 if they have one', 'SELECT s.name, e.grade', 'FROM student s', 'LEFT JOIN enrollment e ON e.student_id = s.id AND e.course_id = 1;'),
            ),
          },
          {
            header: 'Self joins and cross joins',
            detail: lines(
              'A table can be joined with itself under two aliases, for example to find pairs of students in the same major:',
              sql('SELECT a.name, b.name', 'FROM student a', 'JOIN student b ON a.major = b.major AND a.id < b.id;'),
              'a.id < b.id keeps each pair once and never pairs a student with themselves. CROSS JOIN pairs every row with every row (a Cartesian product).',
            ),
          },
        ],
      },
      {
        title: 'Subqueries',
        blocks: [
          {
            header: 'Subqueries in WHERE',
            detail: lines(
              'A subquery is a SELECT inside another statement. With IN it acts as a list of values:',
              sql('SELECT name FROM student', 'WHERE id IN (SELECT student_id FROM enrollment WHERE grade >= 90);'),
            ),
          },
          {
            header: 'Correlated subqueries and EXISTS',
            detail: lines(
              'A correlated subquery refers to the outer row and is logically evaluated once per outer row. EXISTS is true when the subquery returns at least one row:',
              sql('SELECT s.name FROM student s', 'WHERE NOT EXISTS (', '  SELECT 1 FROM enrollment e WHERE e.student_id = s.id', ');'),
              'This is the same anti-join as LEFT JOIN … IS NULL; optimizers usually run both the same way.',
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Student report queries',
        difficulty: 'beginner',
        blocks: [
          {
            header: 'Setup',
            detail: lines(
              'The practice database already has these tables, filled with 150 students, 48 courses and their enrolments:',
              SCHEMA,
              'Add a few rows of your own to see how your queries treat them (each run starts from a fresh copy):',
              sql("INSERT INTO student (id, name, email, major, year) VALUES (151, 'Ana Test', 'ana.test@example.org', NULL, 1);", 'SELECT * FROM student WHERE id > 148;'),
            ),
          },
          {
            header: 'Write these queries',
            detail: lines(
              '1. The names of students in year 2 or above, sorted by name.',
              '2. Every enrolment with student name, course title and grade.',
              '3. Every student with the number of courses they take, including students with none (hint: LEFT JOIN).',
              '4. Students who have not been graded in some course yet.',
              '5. Courses that nobody takes.',
            ),
          },
        ],
      },
      {
        title: 'Join detective',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'Predict the number of rows of each query before you run it, then check:',
              sql('SELECT * FROM student CROSS JOIN course;', 'SELECT * FROM student s JOIN enrollment e ON e.student_id = s.id;', 'SELECT * FROM student s LEFT JOIN enrollment e ON e.student_id = s.id;', 'SELECT * FROM student s LEFT JOIN enrollment e ON e.student_id = s.id WHERE e.grade > 80;'),
              'Explain why the last query returns fewer students than the third, and rewrite it so that every student appears once with their best grade above 80, or NULL.',
            ),
          },
        ],
      },
    ],
  },
  {
    slug: 'sql-grouping-aggregation',
    topic: 'sql',
    name: 'Grouping, Aggregates and Views',
    teacher: 'Dr. Ada Byron',
    length: '3 hours',
    tutorials: [
      {
        title: 'Aggregate functions',
        blocks: [
          {
            header: 'COUNT, SUM, AVG, MIN, MAX',
            detail: lines(
              'Aggregate functions turn many rows into one value:',
              sql('SELECT COUNT(*) AS enrolments, COUNT(grade) AS graded, AVG(grade) AS average', 'FROM enrollment;'),
              'COUNT(*) counts rows; COUNT(grade) counts rows where grade is not NULL. SUM, AVG, MIN and MAX also ignore NULLs, so AVG(grade) is the average of the graded rows only.',
            ),
          },
        ],
      },
      {
        title: 'GROUP BY and HAVING',
        blocks: [
          {
            header: 'One row per group',
            detail: lines(
              'GROUP BY splits the rows into groups with equal values in the listed columns, and the aggregates are computed per group:',
              sql('SELECT c.title, COUNT(*) AS students, AVG(e.grade) AS average', 'FROM enrollment e', 'JOIN course c ON c.id = e.course_id', 'GROUP BY c.id, c.title;'),
              'Every column in the SELECT list must either be grouped or be inside an aggregate. (SQLite, and MySQL without ONLY_FULL_GROUP_BY, accept other columns and take their value from one row of the group; do not rely on which.)',
            ),
          },
          {
            header: 'WHERE versus HAVING',
            detail: lines(
              'WHERE filters rows before grouping; HAVING filters groups after the aggregates are computed:',
              sql('SELECT student_id, AVG(grade) AS average', 'FROM enrollment', 'WHERE grade IS NOT NULL', 'GROUP BY student_id', 'HAVING AVG(grade) >= 85', 'ORDER BY average DESC;'),
              'The logical order of evaluation is FROM and JOIN, WHERE, GROUP BY, HAVING, SELECT, ORDER BY, LIMIT. That is why a column alias defined in SELECT cannot be used in WHERE.',
            ),
          },
          {
            header: 'Counting with outer joins',
            detail: lines(
              'To include groups with no rows, join outer and count a column from the optional side:',
              sql('SELECT c.title, COUNT(e.student_id) AS students', 'FROM course c', 'LEFT JOIN enrollment e ON e.course_id = c.id', 'GROUP BY c.id, c.title;'),
              'COUNT(*) would count 1 for a course with no students, because the outer join still produces one row for it.',
            ),
          },
        ],
      },
      {
        title: 'Views and common table expressions',
        blocks: [
          {
            header: 'Views',
            detail: lines(
              'A view is a named query. It stores no data (unless it is a materialized view) and is expanded into the queries that use it:',
              sql('CREATE VIEW course_stats AS', 'SELECT course_id, COUNT(*) AS students, AVG(grade) AS average', 'FROM enrollment', 'GROUP BY course_id;', '', 'SELECT * FROM course_stats WHERE students > 10;'),
              'Views hide complexity, give each user group the columns it needs (logical data independence) and can restrict access.',
            ),
          },
          {
            header: 'WITH: common table expressions',
            detail: lines(
              'A CTE names a subquery for the length of one statement, which makes multi-step queries readable:',
              sql('WITH per_student AS (', '  SELECT student_id, AVG(grade) AS average', '  FROM enrollment', '  GROUP BY student_id', ')', 'SELECT s.name, p.average', 'FROM per_student p', 'JOIN student s ON s.id = p.student_id', 'WHERE p.average > (SELECT AVG(average) FROM per_student);'),
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Grade statistics report',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'Using the practice schema, write one query for each line of the report:',
              '1. For each course: title, number of students, number graded, average, best and worst grade.',
              '2. For each major: the number of students and the average of their grades, majors with no students included.',
              '3. The courses whose average is above the average of all courses.',
              '4. Save query 1 as a view and use it to list courses with fewer than 3 students.',
            ),
          },
        ],
      },
      {
        title: 'Find the bug in GROUP BY',
        difficulty: 'professional',
        blocks: [
          {
            header: 'The query',
            detail: lines(
              'This query is meant to list each student\'s best course. Standard SQL refuses it; MySQL without ONLY_FULL_GROUP_BY runs it and may return the wrong titles:',
              sql('SELECT s.name, c.title, MAX(e.grade)', 'FROM student s', 'JOIN enrollment e ON e.student_id = s.id', 'JOIN course c ON c.id = e.course_id', 'GROUP BY s.id;'),
            ),
          },
          {
            header: 'Your task',
            detail: lines(
              '1. Explain why c.title is not guaranteed to belong to the row with the maximum grade. (SQLite has a special rule for a query with exactly one MIN or MAX; find it in its documentation and say why portable SQL cannot rely on it.)',
              '2. Rewrite the query correctly with a correlated subquery, and again with a window function (RANK() OVER (PARTITION BY …)).',
              '3. Decide what your query should return when a student has two courses with the same best grade.',
            ),
          },
        ],
      },
    ],
  },
  {
    slug: 'transactions-isolation',
    topic: 'sql',
    name: 'Transactions and Isolation Levels',
    teacher: 'Prof. Elena Petrova',
    length: '4 hours',
    tutorials: [
      {
        title: 'Transactions and ACID',
        blocks: [
          {
            header: 'What a transaction is',
            detail: lines(
              'A transaction is a sequence of reads and writes that the DBMS treats as one unit. A money transfer is the classic example:',
              sql('BEGIN;', 'UPDATE account SET balance = balance - 100 WHERE id = 1;', 'UPDATE account SET balance = balance + 100 WHERE id = 2;', 'COMMIT;'),
              'ROLLBACK instead of COMMIT undoes every change since BEGIN.',
            ),
          },
          {
            header: 'The ACID properties',
            detail: lines(
              'Atomicity: all of the transaction happens or none of it, even after a crash (the log lets the DBMS undo unfinished work).',
              'Consistency: a transaction that starts from a state satisfying the constraints ends in one; the DBMS checks declared constraints, the application is responsible for the rest of its rules.',
              'Isolation: concurrent transactions do not see each other\'s intermediate states; how strictly depends on the isolation level.',
              'Durability: once COMMIT returns, the changes survive a crash, because the log records were forced to stable storage first.',
            ),
          },
        ],
      },
      {
        title: 'Concurrency anomalies',
        blocks: [
          {
            header: 'Dirty read',
            detail: lines(
              'T1 changes a row and has not committed; T2 reads the changed value; T1 rolls back. T2 has used a value that never existed.',
            ),
          },
          {
            header: 'Non-repeatable read and phantom',
            detail: lines(
              'Non-repeatable read: T1 reads a row, T2 updates it and commits, T1 reads it again and gets a different value.',
              'Phantom: T1 runs SELECT … WHERE major = \'Math\', T2 inserts a new Math student and commits, T1 runs the same query and sees a new row.',
            ),
          },
          {
            header: 'Lost update and write skew',
            detail: lines(
              'Lost update: T1 and T2 both read a balance of 100, each adds 10 in the application and writes 110. One increment is lost.',
              'Avoid it with an atomic update, or by locking the row when reading it:',
              sql('UPDATE account SET balance = balance + 10 WHERE id = 1;', 'SELECT id, balance FROM account WHERE id = 1;'),
              'Or lock the row when reading it (PostgreSQL and MySQL; SQLite locks the whole database instead):',
              code('SELECT balance FROM account WHERE id = 1 FOR UPDATE;'),
              'Write skew: two doctors are on call; each transaction checks that the other is still on call and takes itself off. Each read was valid, the two writes touch different rows, and now nobody is on call.',
            ),
          },
        ],
      },
      {
        title: 'Isolation levels, locks and MVCC',
        blocks: [
          {
            header: 'The four SQL isolation levels',
            detail: lines(
              'READ UNCOMMITTED: dirty reads possible.',
              'READ COMMITTED: no dirty reads; non-repeatable reads and phantoms possible. The default in PostgreSQL, Oracle and SQL Server.',
              'REPEATABLE READ: no dirty or non-repeatable reads; the standard still allows phantoms. The default in MySQL InnoDB.',
              'SERIALIZABLE: the result is the same as some serial (one after another) order of the transactions; no anomalies at all.',
              code('SET TRANSACTION ISOLATION LEVEL SERIALIZABLE;  -- PostgreSQL, MySQL, SQL Server'),
              'Real systems differ in the details: PostgreSQL treats READ UNCOMMITTED as READ COMMITTED, and its REPEATABLE READ (snapshot isolation) prevents phantoms too.',
            ),
          },
          {
            header: 'Two-phase locking',
            detail: lines(
              'Lock-based systems take shared locks to read and exclusive locks to write. Under two-phase locking a transaction acquires all its locks before it releases any; strict 2PL holds write locks until commit, which guarantees serializable, recoverable schedules.',
              'Phantoms need more than row locks: predicate or range (next-key) locks on the index ranges a query read.',
              'Transactions waiting for each other\'s locks can deadlock; the DBMS detects the cycle and aborts one of them, which the application must retry.',
            ),
          },
          {
            header: 'MVCC and snapshot isolation',
            detail: lines(
              'Multi-version concurrency control keeps old versions of rows, so readers see a consistent snapshot and never block writers, and writers never block readers.',
              'Under snapshot isolation each transaction reads the snapshot taken at its start, and of two concurrent transactions writing the same row, only the first to commit succeeds.',
              'Snapshot isolation prevents dirty reads, non-repeatable reads, phantoms and lost updates, but not write skew. PostgreSQL\'s SERIALIZABLE (serializable snapshot isolation) adds detection of those dangerous patterns and aborts one transaction.',
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Reproduce the anomalies',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'Setup',
            detail: lines(
              'Open two sessions to the same PostgreSQL or MySQL database and create:',
              code('CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);', 'INSERT INTO account VALUES (1, 100), (2, 100);'),
            ),
          },
          {
            header: 'Your task',
            detail: lines(
              'For each of READ COMMITTED, REPEATABLE READ and SERIALIZABLE, interleave the two sessions to try to produce: a non-repeatable read, a phantom, a lost update, and write skew.',
              'Record which anomalies occur, which are prevented, and which end in an error that asks you to retry. Compare your table with the SQL standard\'s.',
            ),
          },
        ],
      },
      {
        title: 'A safe money transfer',
        difficulty: 'professional',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'Write a transfer procedure that never lets a balance go below zero, even with many concurrent transfers between the same accounts.',
              '1. Show a version that is wrong under READ COMMITTED and explain the interleaving that breaks it.',
              '2. Fix it twice: with SELECT … FOR UPDATE (lock accounts in id order to avoid deadlocks), and with a single conditional UPDATE … WHERE balance >= amount that checks the number of rows changed.',
              '3. Add a CHECK (balance >= 0) constraint and explain what it does and does not protect.',
            ),
          },
        ],
      },
    ],
  },
];
