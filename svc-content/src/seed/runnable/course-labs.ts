import type { Sandbox } from '@dblearn/contracts';
import { type BlockSeed, lines, sql } from '../curriculum.types.js';
import { bankSandbox, libraryDocuments, librarySandbox, shopDocuments, shopSandbox, universitySandbox } from './sandbox-data.js';

/** A check as the curriculum writes it (its id is made from the course slug and its place). */
export interface CheckSeed {
  task: string;
  referenceSql: string;
}

/** What makes a demo course a lab: its sandbox, checks per project (by index), a runnable example per tutorial that has none. */
export interface CourseLab {
  sandbox: Sandbox;
  checks?: Record<number, CheckSeed[]>;
  examples?: Record<number, BlockSeed>;
}

const university: Sandbox = { kind: 'sql', source: universitySandbox() };
const library: Sandbox = { kind: 'sql', source: librarySandbox() };
const shop: Sandbox = { kind: 'sql', source: shopSandbox() };
const bank: Sandbox = { kind: 'sql', source: bankSandbox() };

const tryIt = (header: string, text: string, ...statements: string[]): BlockSeed => ({ header, detail: lines(text, sql(...statements)) });
const tryMongo = (header: string, text: string, query: string): BlockSeed => ({ header, detail: lines(text, ['```mongo', query, '```'].join('\n')) });

/** Keyed by course slug (curriculum.types.ts). */
export const COURSE_LABS: Record<string, CourseLab> = {
  'what-is-a-database': {
    sandbox: university,
    examples: {
      2: tryIt('Try it: the relational model', 'In the relational model every fact is a row of a table. Run this on the practice university:', 'SELECT name, building', 'FROM department', 'ORDER BY name;'),
    },
  },
  'entity-relationship-modeling': {
    sandbox: library,
    examples: {
      0: tryIt('Try it: an entity set and its key', 'Each book is one entity, identified by its ISBN (the key attribute):', 'SELECT isbn, title, year', 'FROM book', 'WHERE year >= 2000', 'ORDER BY year;'),
      1: tryIt(
        'Try it: a one-to-many relationship',
        'A member has many loans, a loan belongs to one member. Count the loans per member, members without loans included:',
        'SELECT m.name, COUNT(l.id) AS loans',
        'FROM member m',
        'LEFT JOIN loan l ON l.card_no = m.card_no',
        'GROUP BY m.card_no',
        'ORDER BY loans DESC',
        'LIMIT 10;',
      ),
    },
  },
  'records-blocks-buffers': {
    sandbox: university,
    examples: {
      0: tryIt('Try it: how many blocks?', 'Estimate the blocks a table needs: rows × record size ÷ block size. With 24-byte enrolment records and 4 kB blocks:', 'SELECT COUNT(*) AS records, COUNT(*) * 24 / 4096 + 1 AS blocks', 'FROM enrollment;'),
      1: tryIt('Try it: variable-length fields', 'Names have different lengths, so a record with a name is variable-length:', 'SELECT name, length(name) AS characters, typeof(year) AS year_type', 'FROM student', 'LIMIT 5;'),
      2: tryIt('Try it: one page, not the whole table', 'A lookup by primary key reads one page of the table, whatever its size. Ask SQLite how it will run it:', 'EXPLAIN QUERY PLAN', 'SELECT * FROM student WHERE id = 42;'),
    },
  },
  'heap-sorted-hashed-files': {
    sandbox: shop,
    examples: {
      0: tryIt('Try it: a heap in insertion order', 'Without ORDER BY, rows come back in whatever order the file holds them:', 'SELECT rowid, name, price', 'FROM product', 'LIMIT 10;'),
      1: tryIt('Try it: a range on a sorted key', 'A range query reads one stretch of a file sorted on price:', 'SELECT name, price', 'FROM product', 'WHERE price BETWEEN 20 AND 40', 'ORDER BY price;'),
    },
  },
  'indexes-and-b-trees': {
    sandbox: university,
    examples: {
      1: tryIt('Try it: a search down the B+ tree', 'UNIQUE made an index on student.email; the plan shows a search of it instead of a scan:', 'EXPLAIN QUERY PLAN', "SELECT * FROM student WHERE email = 'ana.silva0@example.org';"),
    },
  },
  'relations-keys-constraints': {
    sandbox: university,
    checks: {
      0: [
        { task: 'major is not a key of student: list each major shared by more than 20 students, with how many students have it.', referenceSql: 'SELECT major, COUNT(*) FROM student WHERE major IS NOT NULL GROUP BY major HAVING COUNT(*) > 20' },
        { task: 'email is a candidate key of student: show the id and email of the student whose email comes first in alphabetical order.', referenceSql: 'SELECT id, email FROM student ORDER BY email LIMIT 1' },
      ],
      1: [
        { task: 'Employee 4 is about to leave: list the name and relationship of every dependent that ON DELETE CASCADE would delete with them.', referenceSql: 'SELECT name, relationship FROM dependent WHERE employee_id = 4' },
        { task: 'A department cannot be deleted while employees refer to it: list each department name with the number of employees that refer to it.', referenceSql: 'SELECT d.name, COUNT(e.id) FROM department d LEFT JOIN employee e ON e.department_id = d.id GROUP BY d.id' },
      ],
    },
  },
  'normalization-to-bcnf': {
    sandbox: shop,
    examples: {
      0: tryIt(
        'Try it: does a dependency hold?',
        'X → Y holds when no two rows agree on X but differ on Y. city → name does not hold in customer; this lists the cities that break it:',
        'SELECT city, COUNT(DISTINCT name) AS different_names',
        'FROM customer',
        'GROUP BY city',
        'HAVING COUNT(DISTINCT name) > 1;',
      ),
      2: tryIt(
        'Try it: a lossless join back',
        'The shop keeps orders in BCNF tables; joining them back gives the original spreadsheet rows:',
        'SELECT o.id, o.ordered_on, c.name, c.city, p.name AS product, i.unit_price, i.quantity',
        'FROM orders o',
        'JOIN customer c   ON c.id = o.customer_id',
        'JOIN order_item i ON i.order_id = o.id',
        'JOIN product p    ON p.id = i.product_id',
        'LIMIT 10;',
      ),
    },
    checks: {
      0: [
        {
          task: 'Rebuild the spreadsheet for order 17: one row per line with order id, order date, customer name, customer city, product name, unit price and quantity.',
          referenceSql:
            'SELECT o.id, o.ordered_on, c.name, c.city, p.name, i.unit_price, i.quantity FROM orders o JOIN customer c ON c.id = o.customer_id JOIN order_item i ON i.order_id = o.id JOIN product p ON p.id = i.product_id WHERE o.id = 17',
        },
        { task: 'The five largest orders: order id and total (sum of quantity × unit price, rounded to 2 decimals), largest first.', referenceSql: 'SELECT order_id, ROUND(SUM(quantity * unit_price), 2) AS total FROM order_item GROUP BY order_id ORDER BY total DESC LIMIT 5' },
      ],
      1: [
        { task: 'customer → city: list every city with the number of customers who live there.', referenceSql: 'SELECT city, COUNT(*) FROM customer GROUP BY city' },
        { task: '{order_id, product_id} is the key of order_item: list every product id with the number of orders it appears in, for products ordered at least 8 times.', referenceSql: 'SELECT product_id, COUNT(*) FROM order_item GROUP BY product_id HAVING COUNT(*) >= 8' },
      ],
    },
  },
  'relational-algebra': {
    sandbox: university,
    checks: {
      0: [
        {
          task: 'Ids of courses with no student in year 4 (π id (COURSE) − π course_id (σ year = 4 (STUDENT) ⋈ ENROLLMENT)).',
          referenceSql: 'SELECT id FROM course EXCEPT SELECT e.course_id FROM enrollment e JOIN student s ON s.id = e.student_id WHERE s.year = 4',
        },
        { task: 'Ids of students with at least one grade of 90 or more (each id once).', referenceSql: 'SELECT DISTINCT student_id FROM enrollment WHERE grade >= 90' },
      ],
      1: [
        { task: 'π name (σ grade ≥ 95 (STUDENT ⋈ ENROLLMENT)): the name of the student of every enrolment graded 95 or more (one row per enrolment).', referenceSql: 'SELECT s.name FROM student s JOIN enrollment e ON e.student_id = s.id WHERE e.grade >= 95' },
        { task: 'π id, title (σ credits = 5 ∧ department_id = 1 (COURSE)): the id and title of every 5-credit course of department 1.', referenceSql: 'SELECT id, title FROM course WHERE credits = 5 AND department_id = 1' },
      ],
    },
  },
  'document-databases': {
    sandbox: { kind: 'mongo', source: libraryDocuments() },
    examples: {
      0: tryMongo('Try it: a collection of documents', 'Each book is one JSON document in the books collection. Find all books by one author:', 'db.books.find({"author": "Toni Morrison"})'),
      1: tryMongo('Try it: filter, project, sort, limit', 'Books after 2000, newest first, title and year only:', 'db.books.find({"year": {"$gt": 2000}}, {"title": 1, "year": 1, "_id": 0}).sort({"year": -1}).limit(5)'),
      2: tryMongo(
        'Try it: querying embedded documents',
        'Ratings are embedded in each book. Unwind them and average the stars per book:',
        'db.books.aggregate([{"$unwind": "$ratings"}, {"$group": {"_id": "$title", "average": {"$avg": "$ratings.stars"}, "ratings": {"$sum": 1}}}, {"$sort": {"average": -1}}, {"$limit": 5}])',
      ),
    },
  },
  'key-value-column-graph': {
    sandbox: { kind: 'mongo', source: shopDocuments() },
    examples: {
      0: tryMongo('Try it: a lookup by key', 'A key-value store answers one question fast: the value of this key.', 'db.sessions.find({"_id": "sess:1003"})'),
      1: tryMongo('Try it: following edges', 'Edges of a social graph stored as documents: whom does u3 follow?', 'db.follows.find({"from": "u3"}, {"to": 1, "since": 1, "_id": 0})'),
      2: tryMongo(
        'Try it: an aggregate over replicas',
        'A count like this, read from a lagging replica, may miss the newest carts (eventual consistency):',
        'db.carts.aggregate([{"$unwind": "$items"}, {"$group": {"_id": "$items.sku", "inCarts": {"$sum": "$items.qty"}}}, {"$sort": {"inCarts": -1}}, {"$limit": 5}])',
      ),
    },
  },
  'sql-select-where-join': {
    sandbox: university,
    checks: {
      0: [
        { task: 'The names of students in year 2 or above, sorted by name.', referenceSql: 'SELECT name FROM student WHERE year >= 2 ORDER BY name' },
        { task: 'Every student with the number of courses they take, students with none included: id, name and the count.', referenceSql: 'SELECT s.id, s.name, COUNT(e.course_id) FROM student s LEFT JOIN enrollment e ON e.student_id = s.id GROUP BY s.id' },
      ],
      1: [
        { task: 'How many rows does student CROSS JOIN course have? Answer with one number.', referenceSql: 'SELECT COUNT(*) FROM student CROSS JOIN course' },
        { task: 'Students with no enrolment at all: id and name.', referenceSql: 'SELECT s.id, s.name FROM student s LEFT JOIN enrollment e ON e.student_id = s.id WHERE e.student_id IS NULL' },
      ],
    },
  },
  'sql-grouping-aggregation': {
    sandbox: university,
    checks: {
      0: [
        {
          task: 'For each course with enrolments: title, number of students, number graded, and the average grade rounded to 1 decimal.',
          referenceSql: 'SELECT c.title, COUNT(*), COUNT(e.grade), ROUND(AVG(e.grade), 1) FROM enrollment e JOIN course c ON c.id = e.course_id GROUP BY c.id',
        },
        { task: 'For each major (students without a major as one group): the major and the number of students.', referenceSql: 'SELECT major, COUNT(*) FROM student GROUP BY major' },
      ],
      1: [
        { task: 'Each student’s best grade: student id and the highest grade, for students with at least one graded enrolment.', referenceSql: 'SELECT student_id, MAX(grade) FROM enrollment WHERE grade IS NOT NULL GROUP BY student_id' },
        {
          task: 'Each student’s best course, written correctly: student id, course title and grade of every enrolment whose grade is that student’s highest (ties give several rows).',
          referenceSql: 'SELECT e.student_id, c.title, e.grade FROM enrollment e JOIN course c ON c.id = e.course_id WHERE e.grade = (SELECT MAX(grade) FROM enrollment x WHERE x.student_id = e.student_id)',
        },
      ],
    },
  },
  'transactions-isolation': {
    sandbox: bank,
    examples: {
      2: tryIt(
        'Try it: ROLLBACK undoes everything',
        'Inside a transaction the change is visible; after ROLLBACK it is gone:',
        'BEGIN;',
        'UPDATE account SET balance = balance - 50 WHERE id = 1;',
        'SELECT id, balance FROM account WHERE id = 1;',
        'ROLLBACK;',
        'SELECT id, balance FROM account WHERE id = 1;',
      ),
    },
    checks: {
      0: [
        {
          task: 'Move 100 from account 1 to account 2 in one transaction (BEGIN … COMMIT), then show the id and balance of both accounts.',
          referenceSql: 'BEGIN; UPDATE account SET balance = balance - 100 WHERE id = 1; UPDATE account SET balance = balance + 100 WHERE id = 2; COMMIT; SELECT id, balance FROM account WHERE id IN (1, 2)',
        },
        { task: 'Transfers move money but never create it: show the total of all balances, rounded to 2 decimals.', referenceSql: 'SELECT ROUND(SUM(balance), 2) FROM account' },
      ],
      1: [
        {
          task: 'Move 30 from account 1 to account 2 only if account 1 holds at least 30 (a conditional UPDATE … WHERE balance >= 30 for each side), then show the id and balance of both accounts.',
          referenceSql:
            'UPDATE account SET balance = balance + 30 WHERE id = 2 AND (SELECT balance FROM account WHERE id = 1) >= 30; UPDATE account SET balance = balance - 30 WHERE id = 1 AND balance >= 30; SELECT id, balance FROM account WHERE id IN (1, 2)',
        },
        {
          task: 'Accounts that have sent more in transfers than they hold now: account id, total sent (rounded to 2 decimals) and balance.',
          referenceSql: 'SELECT a.id, ROUND(SUM(t.amount), 2), a.balance FROM account a JOIN transfer t ON t.from_account = a.id GROUP BY a.id HAVING SUM(t.amount) > a.balance',
        },
      ],
    },
  },
};
