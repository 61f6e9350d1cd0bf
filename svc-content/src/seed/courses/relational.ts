import { type CourseSeed, lines, sql } from '../curriculum.types.js';

export const RELATIONAL_COURSES: CourseSeed[] = [
  {
    slug: 'relations-keys-constraints',
    topic: 'rm',
    name: 'Relations, Keys and Constraints',
    teacher: 'Dr. Priya Raman',
    length: '3 hours',
    tutorials: [
      {
        title: 'Relations, tuples and domains',
        blocks: [
          {
            header: 'The vocabulary',
            detail: lines(
              'A relation is a set of tuples over a fixed list of attributes; in SQL it is a table, a tuple is a row and an attribute is a column.',
              'Each attribute has a domain, the set of values it may take (integers, dates, strings of at most 50 characters).',
              'The relation schema is written STUDENT(id, name, major); its degree is the number of attributes, its cardinality the number of tuples.',
            ),
          },
          {
            header: 'Properties of a relation',
            detail: lines(
              'Tuples have no order, and in the pure model a relation is a set, so there are no duplicate tuples. (SQL tables are bags: they allow duplicates unless a key forbids them.)',
              'Attribute values are atomic: a single value from the domain, not a list or a nested table. This is first normal form.',
              'NULL stands for an unknown or inapplicable value. It is not equal to anything, not even another NULL, which is why SQL has IS NULL:',
              sql('SELECT name FROM student WHERE major IS NULL;'),
            ),
          },
        ],
      },
      {
        title: 'Superkeys, candidate and primary keys',
        blocks: [
          {
            header: 'Superkeys and candidate keys',
            detail: lines(
              'A superkey is a set of attributes whose values are different for every tuple that can ever be in the relation.',
              'A candidate key is a minimal superkey: remove any attribute and it is no longer a superkey.',
              'In STUDENT(id, email, name), {id} and {email} are candidate keys; {id, name} is a superkey but not a candidate key, because {id} alone already identifies a student.',
            ),
          },
          {
            header: 'Primary and alternate keys',
            detail: lines(
              'The primary key is the candidate key chosen to identify tuples; its attributes may not be NULL (entity integrity). The other candidate keys are alternate keys and are declared UNIQUE.',
              sql('DROP TABLE IF EXISTS enrollment;  -- it refers to student: foreign keys are on, so it goes first', 'DROP TABLE IF EXISTS student;  -- the practice database has one already', 'CREATE TABLE student (', '  id    INTEGER PRIMARY KEY,', '  email TEXT NOT NULL UNIQUE,', '  name  TEXT NOT NULL,', '  major TEXT', ');'),
              'A surrogate key (a generated number) is stable and short; a natural key (an e-mail) carries meaning but may change. Many designs use a surrogate primary key and keep the natural key UNIQUE.',
            ),
          },
          {
            header: 'Foreign keys',
            detail: lines(
              'A foreign key is a set of attributes whose values must match the primary (or a unique) key of a tuple in the referenced relation, or be NULL.',
              sql('DROP TABLE IF EXISTS enrollment;  -- the practice database has one already', 'CREATE TABLE enrollment (', '  student_id INTEGER NOT NULL REFERENCES student(id),', '  course_id  INTEGER NOT NULL REFERENCES course(id),', '  grade      TEXT,', '  PRIMARY KEY (student_id, course_id)', ');'),
              'This is referential integrity: no enrolment can name a student who does not exist.',
            ),
          },
        ],
      },
      {
        title: 'Integrity constraints in SQL',
        blocks: [
          {
            header: 'Domain and CHECK constraints',
            detail: lines(
              'Types, NOT NULL and CHECK constraints restrict the values of single rows:',
              sql('DROP TABLE IF EXISTS enrollment;  -- it refers to course: foreign keys are on, so it goes first', 'DROP TABLE IF EXISTS course;  -- the practice database has one already', 'CREATE TABLE course (', '  id      INTEGER PRIMARY KEY,', '  title   TEXT NOT NULL,', '  credits INTEGER NOT NULL CHECK (credits BETWEEN 1 AND 10)', ');'),
              'The DBMS rejects any INSERT or UPDATE that would break a constraint, so every program gets the rule for free.',
            ),
          },
          {
            header: 'What happens on delete and update',
            detail: lines(
              'When a referenced row is deleted or its key changes, the foreign key says what to do with the referencing rows:',
              'RESTRICT / NO ACTION: refuse the change while references exist (the default).',
              'CASCADE: delete (or update) the referencing rows too.',
              'SET NULL / SET DEFAULT: keep them but clear the reference.',
              sql('DROP TABLE IF EXISTS dependent;  -- the practice database has one already', 'CREATE TABLE dependent (', '  employee_id INTEGER NOT NULL REFERENCES employee(id) ON DELETE CASCADE,', '  name        TEXT NOT NULL,', '  PRIMARY KEY (employee_id, name)', ');'),
              'Note: SQLite checks foreign keys only after PRAGMA foreign_keys = ON;',
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Find every key',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'The relation',
            detail: lines(
              'FLIGHT(flight_no, date, pilot_id, gate, departure_time). Rules: a flight number flies at most once a day; a pilot flies at most one flight at a given date and time; a gate serves one flight at a given date and time.',
            ),
          },
          {
            header: 'Your task',
            detail: lines(
              '1. List all candidate keys and explain why each is minimal.',
              '2. Choose a primary key and write CREATE TABLE with the other candidate keys as UNIQUE constraints.',
              '3. Write an INSERT that the DBMS must refuse, and say which constraint refuses it.',
            ),
          },
        ],
      },
      {
        title: 'Referential actions in practice',
        difficulty: 'beginner',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'Create department and employee tables where deleting a department is refused while it has employees, and an employee\'s dependents are deleted with the employee.',
              'Test both rules with DELETE statements and explain each result.',
              sql('PRAGMA foreign_keys = ON;', 'DELETE FROM department WHERE id = 1;  -- must fail while employees refer to it'),
            ),
          },
        ],
      },
    ],
  },
  {
    slug: 'normalization-to-bcnf',
    topic: 'rm',
    name: 'Normalization up to BCNF',
    teacher: 'Dr. Priya Raman',
    length: '4 hours',
    tutorials: [
      {
        title: 'Functional dependencies',
        blocks: [
          {
            header: 'Why normalise',
            detail: lines(
              'Consider ENROLL(student_id, student_name, course_id, course_title, grade). The student\'s name is repeated for every course they take, which causes anomalies:',
              'Update anomaly: renaming a student means changing many rows, and missing one leaves the data inconsistent.',
              'Insertion anomaly: a new course cannot be recorded until someone enrols in it.',
              'Deletion anomaly: deleting the last enrolment of a course loses its title.',
            ),
          },
          {
            header: 'Functional dependencies',
            detail: lines(
              'X → Y (X functionally determines Y) means: any two tuples that agree on X also agree on Y.',
              'In ENROLL: student_id → student_name, course_id → course_title, and {student_id, course_id} → grade.',
              'FDs come from the meaning of the data, not from one sample of rows: a sample can only disprove an FD.',
            ),
          },
          {
            header: 'Closure and keys',
            detail: lines(
              'Armstrong\'s axioms derive all implied FDs: reflexivity (if Y ⊆ X then X → Y), augmentation (X → Y implies XZ → YZ) and transitivity (X → Y and Y → Z imply X → Z).',
              'The closure X+ is every attribute determined by X. To compute it, start with X and repeatedly add the right side of any FD whose left side is already inside.',
              'X is a superkey exactly when X+ contains all attributes. In ENROLL, {student_id, course_id}+ = all five attributes, so it is a key; {student_id}+ = {student_id, student_name}, so it is not.',
            ),
          },
        ],
      },
      {
        title: '1NF, 2NF and 3NF',
        blocks: [
          {
            header: 'First normal form',
            detail: lines(
              'A relation is in 1NF when every attribute value is atomic: no repeating groups and no lists inside a cell.',
              'A "phones" column holding "555-1234, 555-9876" breaks 1NF; move phones to their own table with one row per phone.',
            ),
          },
          {
            header: 'Second normal form',
            detail: lines(
              'An attribute is prime if it belongs to some candidate key.',
              '2NF: in 1NF, and no non-prime attribute depends on a proper part of a candidate key (no partial dependency).',
              'ENROLL breaks 2NF because student_name depends on student_id alone. Decompose into STUDENT(student_id, student_name), COURSE(course_id, course_title) and ENROLL(student_id, course_id, grade).',
            ),
          },
          {
            header: 'Third normal form',
            detail: lines(
              '3NF: for every non-trivial FD X → A, either X is a superkey or A is prime.',
              'Equivalently for most schemas: no non-prime attribute depends transitively on a key. In EMPLOYEE(emp_id, dept_id, dept_name), emp_id → dept_id → dept_name is transitive, so move dept_name into DEPARTMENT(dept_id, dept_name).',
              sql('CREATE TABLE department (dept_id INTEGER PRIMARY KEY, dept_name TEXT NOT NULL);', 'CREATE TABLE employee (', '  emp_id  INTEGER PRIMARY KEY,', '  dept_id INTEGER NOT NULL REFERENCES department(dept_id)', ');'),
            ),
          },
        ],
      },
      {
        title: 'Boyce-Codd normal form',
        blocks: [
          {
            header: 'The definition',
            detail: lines(
              'BCNF: for every non-trivial FD X → Y that holds, X is a superkey. It drops 3NF\'s exception for prime attributes, so every BCNF relation is in 3NF, but not the other way round.',
            ),
          },
          {
            header: 'A relation in 3NF but not in BCNF',
            detail: lines(
              'TEACHES(student, subject, teacher) with the rules: each teacher teaches one subject (teacher → subject), and for each subject a student has one teacher ({student, subject} → teacher).',
              'Candidate keys: {student, subject} and {student, teacher}. All attributes are prime, so the relation is in 3NF.',
              'But teacher → subject and teacher is not a superkey, so it is not in BCNF: a teacher\'s subject is repeated for each of their students.',
            ),
          },
          {
            header: 'Decomposing into BCNF',
            detail: lines(
              'Take a violating FD X → Y and split R into R1 = X ∪ Y and R2 = R − (Y − X); repeat until every part is in BCNF.',
              'TEACHES becomes TEACHER_SUBJECT(teacher, subject) and STUDENT_TEACHER(student, teacher).',
              'The split is lossless: joining the parts on the common attributes gives back exactly the original relation, because the common attribute (teacher) is a key of one part.',
              'It does not preserve the dependency {student, subject} → teacher: no single table holds all three attributes, so the rule can only be checked with a join. BCNF decomposition is always lossless but not always dependency-preserving; 3NF synthesis always achieves both.',
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Normalise an order spreadsheet',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'The data',
            detail: lines(
              'ORDERS(order_id, order_date, customer_id, customer_name, customer_city, product_id, product_name, unit_price, quantity)',
              'Each order has one customer and several products; a product has one current name and price.',
            ),
          },
          {
            header: 'Your task',
            detail: lines(
              '1. Write down all functional dependencies and the candidate key(s).',
              '2. Name the normal form ORDERS is in, and each dependency that breaks the next one.',
              '3. Decompose step by step into 3NF, then check each table for BCNF.',
              '4. Discuss: should order_line keep its own copy of unit_price? (Hint: what happens to old orders when a price changes?)',
            ),
          },
        ],
      },
      {
        title: 'Keys from closures',
        difficulty: 'professional',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'R(A, B, C, D, E) with F = { A → B, BC → E, ED → A }.',
              '1. Compute {A, C, D}+ and decide whether ACD is a key.',
              '2. Find every candidate key of R (there are three: ACD, BCD and CDE).',
              '3. Is R in 3NF? Is it in BCNF? Justify each with the definitions.',
              '4. Decompose R into BCNF and say which dependencies are no longer preserved.',
            ),
          },
        ],
      },
    ],
  },
  {
    slug: 'relational-algebra',
    topic: 'rm',
    name: 'Relational Algebra',
    teacher: 'Prof. Henrik Larsen',
    length: '3 hours',
    tutorials: [
      {
        title: 'Selection, projection and rename',
        blocks: [
          {
            header: 'Selection σ',
            detail: lines(
              'σ condition (R) keeps the tuples of R that satisfy the condition. σ major = \'Math\' (STUDENT) is the set of Math students.',
              'In SQL it is the WHERE clause:',
              sql("SELECT * FROM student WHERE major = 'Math';"),
            ),
          },
          {
            header: 'Projection π and rename ρ',
            detail: lines(
              'π name, major (STUDENT) keeps only the listed attributes. Because a relation is a set, duplicate tuples disappear; SQL keeps duplicates unless you write DISTINCT:',
              sql('SELECT DISTINCT major FROM student;'),
              'ρ renames a relation or its attributes, which is needed when a relation is combined with itself.',
            ),
          },
        ],
      },
      {
        title: 'Set operations and products',
        blocks: [
          {
            header: 'Union, intersection, difference',
            detail: lines(
              'R ∪ S, R ∩ S and R − S need union-compatible relations: the same number of attributes with matching domains.',
              sql('SELECT student_id FROM enrollment WHERE course_id = 1', 'EXCEPT', 'SELECT student_id FROM enrollment WHERE course_id = 2;'),
              'This returns students enrolled in course 1 but not in course 2. (Oracle calls EXCEPT MINUS.)',
            ),
          },
          {
            header: 'Cartesian product',
            detail: lines(
              'R × S pairs every tuple of R with every tuple of S: |R| × |S| tuples. On its own it is rarely useful; followed by a selection it becomes a join.',
            ),
          },
        ],
      },
      {
        title: 'Joins and division',
        blocks: [
          {
            header: 'Theta join and natural join',
            detail: lines(
              'R ⋈condition S = σ condition (R × S). With an equality condition it is an equi-join.',
              'The natural join R ⋈ S joins on all attributes with the same name and keeps one copy of each.',
              sql('SELECT s.name, e.grade', 'FROM student s', 'JOIN enrollment e ON e.student_id = s.id;'),
            ),
          },
          {
            header: 'Division',
            detail: lines(
              'R ÷ S answers "for all" questions: the students who took every course in a set.',
              'SQL has no division operator; write it as "there is no required course the student did not take":',
              sql('SELECT s.id FROM student s', 'WHERE NOT EXISTS (', '  SELECT c.id FROM course c', '  WHERE c.credits = 5', '  AND NOT EXISTS (', '    SELECT 1 FROM enrollment e', '    WHERE e.student_id = s.id AND e.course_id = c.id', '  )', ');'),
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Algebra to SQL',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'For each question, write the relational algebra expression and then the SQL query over student, course and enrollment:',
              '1. Names of students who have at least one grade A.',
              '2. Titles of courses nobody is enrolled in.',
              '3. Students enrolled in both course 1 and course 2.',
              '4. Students enrolled in every 5-credit course (division).',
            ),
          },
        ],
      },
      {
        title: 'Query trees',
        difficulty: 'professional',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'Draw the query tree of π name (σ grade = \'A\' (STUDENT ⋈ ENROLLMENT)).',
              'Push the selection below the join and explain why the result is the same and why it is usually cheaper.',
              'Then check what your DBMS does with EXPLAIN (SQLite: EXPLAIN QUERY PLAN).',
            ),
          },
        ],
      },
    ],
  },
];
