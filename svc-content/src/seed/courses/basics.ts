import { type CourseSeed, lines, sql } from '../curriculum.types.js';

export const BASICS_COURSES: CourseSeed[] = [
  {
    slug: 'what-is-a-database',
    topic: 'beginner',
    name: 'What Is a Database?',
    teacher: 'Dr. Maria Alvarez',
    length: '2 hours',
    tutorials: [
      {
        title: 'Data, databases and the DBMS',
        blocks: [
          {
            header: 'From files to databases',
            detail: lines(
              'A database is an organised collection of related data, for example every student, course and grade of a university.',
              'A database management system (DBMS) is the software that stores that data and lets many programs and people define, query and change it: PostgreSQL, MySQL, SQLite, Oracle and MongoDB are examples.',
              'Before DBMSs, each application kept its own files. The same fact (a student\'s address) was copied into several files and the copies drifted apart; every program had to know the exact file layout; and two programs writing at once could corrupt a file.',
            ),
          },
          {
            header: 'What a DBMS gives you',
            detail: lines(
              'A declared schema and constraints, so data that breaks a rule is refused.',
              'A query language (usually SQL): you say what you want, and the optimizer decides how to find it, using indexes where they help.',
              'Transactions: a group of changes happens completely or not at all, even if the machine crashes halfway.',
              'Concurrency control: many users work at the same time without seeing each other\'s half-finished changes.',
              'Recovery, access control, backups and replication, so the data outlives any single program or disk.',
            ),
          },
          {
            header: 'A first query',
            detail: lines(
              'In a relational database the data lives in tables. This query asks for the names of all students in the Computer Science major:',
              sql('SELECT name', 'FROM student', "WHERE major = 'Computer Science';"),
              'The query says nothing about files, pages or loops: that is the DBMS\'s job.',
            ),
          },
        ],
      },
      {
        title: 'Schemas and data independence',
        blocks: [
          {
            header: 'Schema and instance',
            detail: lines(
              'The schema is the description of the database: which tables exist, their columns, types and constraints. It changes rarely.',
              'The instance (or state) is the data stored at one moment. It changes with every insert, update and delete.',
              'A table definition is part of the schema; the rows in the table are part of the instance.',
            ),
          },
          {
            header: 'The three-schema architecture',
            detail: lines(
              'The ANSI/SPARC architecture describes a database at three levels:',
              'The internal level describes how data is physically stored: files, pages, indexes and record formats.',
              'The conceptual (logical) level describes the whole database for all users: entities, attributes, relationships and constraints, with no storage details.',
              'The external level consists of views: the part of the database one group of users or one application needs, possibly renamed or computed.',
            ),
          },
          {
            header: 'Logical and physical data independence',
            detail: lines(
              'Physical data independence: the internal schema can change (a new index, a different file organisation, data moved to another disk) without changing the conceptual schema or the applications.',
              'Logical data independence: the conceptual schema can change (a new column or table) without changing external views and the programs that use them.',
              'Views are the usual tool for logical independence:',
              sql('CREATE VIEW cs_students AS', 'SELECT id, name', 'FROM student', "WHERE major = 'Computer Science';"),
              'Physical independence is easier to achieve than logical independence, because programs are written against the logical schema.',
            ),
          },
        ],
      },
      {
        title: 'Data models',
        blocks: [
          {
            header: 'What a data model is',
            detail: lines(
              'A data model is a set of concepts for describing the structure of data, the operations on it and the constraints it must obey.',
              'Conceptual models (such as the Entity-Relationship model) are close to how people think about the domain; implementation models (relational, document, key-value, graph) are what DBMSs actually store.',
            ),
          },
          {
            header: 'Hierarchical, network and relational',
            detail: lines(
              'The hierarchical model (IBM IMS, 1960s) stores records in trees: each child has exactly one parent, and programs navigate from parent to child.',
              'The network model (CODASYL) allows a record to have several owners, forming a graph, but programs still navigate record by record along pointers.',
              'The relational model (E. F. Codd, 1970) stores data as relations (tables) and queries them declaratively with set operations. Relationships are expressed by values (foreign keys), not by pointers, which is what makes data independence possible.',
            ),
          },
          {
            header: 'NoSQL models',
            detail: lines(
              'Document stores (MongoDB) keep self-describing JSON-like documents that can nest arrays and sub-documents.',
              'Key-value stores (Redis, DynamoDB) map a key to an opaque value and are very fast for lookups by key.',
              'Wide-column stores (Cassandra) and graph databases (Neo4j) target very large write loads and highly connected data respectively.',
              'No model is best for everything: the choice follows the queries the application must answer.',
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'From spreadsheet to database',
        difficulty: 'beginner',
        blocks: [
          {
            header: 'The situation',
            detail: lines(
              'A small club keeps its members in one spreadsheet with the columns: member name, e-mail, phone, event name, event date, event fee, paid (yes/no).',
              'Every member appears once per event they attend, so a member who attends ten events is written ten times.',
            ),
          },
          {
            header: 'Your task',
            detail: lines(
              '1. List three problems this layout causes (think of a member who changes e-mail, an event that is cancelled, and an event with no attendees yet).',
              '2. Split the data into tables: one for members, one for events, one for attendance.',
              '3. Write the CREATE TABLE statements, for example:',
              sql('CREATE TABLE member (', '  id    INTEGER PRIMARY KEY,', '  name  TEXT NOT NULL,', '  email TEXT NOT NULL UNIQUE,', '  phone TEXT', ');'),
              '4. Explain in two sentences how your design avoids each of the three problems.',
            ),
          },
        ],
      },
      {
        title: 'Spot the three schema levels',
        difficulty: 'beginner',
        blocks: [
          {
            header: 'Your task',
            detail: lines(
              'Pick an application you use every day (a music app, an online shop, a school portal).',
              '1. Describe one external view: what one kind of user sees (for example the order history page of a customer).',
              '2. Describe the conceptual schema behind it: the entities, their attributes and relationships.',
              '3. Name two internal-level decisions that could change without the user noticing (an index on order date, moving old orders to cheaper storage).',
              '4. Give one change that needs logical data independence and say how a view would keep the old external view working.',
            ),
          },
        ],
      },
    ],
  },
  {
    slug: 'entity-relationship-modeling',
    topic: 'beginner',
    name: 'Entity-Relationship Modeling',
    teacher: 'Prof. Daniel Okafor',
    length: '3 hours',
    tutorials: [
      {
        title: 'Entities, attributes and keys',
        blocks: [
          {
            header: 'Entities and entity sets',
            detail: lines(
              'An entity is a thing in the real world that we want to record: a particular student, a particular course.',
              'An entity type (or entity set) groups entities with the same attributes: Student, Course. In a diagram it is drawn as a rectangle.',
            ),
          },
          {
            header: 'Kinds of attributes',
            detail: lines(
              'Simple attributes cannot be divided (age); composite attributes have parts (address = street, city, postcode).',
              'Single-valued attributes hold one value (date of birth); multivalued attributes can hold several (phone numbers), drawn with a double oval.',
              'Derived attributes can be computed from others (age from date of birth), drawn with a dashed oval.',
            ),
          },
          {
            header: 'Key attributes and weak entities',
            detail: lines(
              'A key attribute identifies each entity of its type uniquely (student number) and is underlined in the diagram.',
              'A weak entity type has no key of its own and is identified through its owner: a Dependent of an Employee is identified by the employee plus the dependent\'s name (a partial key, underlined with a dashed line).',
              'A weak entity always participates totally in its identifying relationship: there is no dependent without an employee.',
            ),
          },
        ],
      },
      {
        title: 'Relationships and cardinality',
        blocks: [
          {
            header: 'Relationship types',
            detail: lines(
              'A relationship type associates entity types: Student ENROLLS IN Course. It is drawn as a diamond and may have its own attributes (the grade belongs to the enrolment, not to the student or the course).',
              'The degree is the number of participating entity types: binary relationships are the most common, ternary ones relate three types at once.',
            ),
          },
          {
            header: 'Cardinality ratios',
            detail: lines(
              '1:1 — each employee manages at most one department and each department has at most one manager.',
              '1:N — a department has many employees, and each employee works in one department.',
              'M:N — a student takes many courses and a course has many students.',
              'The ratio is a rule of the business, not of the current data: read it from the requirements.',
            ),
          },
          {
            header: 'Participation constraints',
            detail: lines(
              'Total participation (a double line) means every entity must take part: every employee must work in some department.',
              'Partial participation (a single line) means some entities may not: not every employee manages a department.',
              'Together, cardinality and participation are often written as (min, max) pairs, for example (1, N).',
            ),
          },
        ],
      },
      {
        title: 'From ER diagram to tables',
        blocks: [
          {
            header: 'Entities and 1:N relationships',
            detail: lines(
              'Each strong entity type becomes a table whose primary key is the entity\'s key.',
              'A 1:N relationship becomes a foreign key on the N side: each employee row stores its department id.',
              sql('CREATE TABLE department (', '  id   INTEGER PRIMARY KEY,', '  name TEXT NOT NULL', ');', '', 'CREATE TABLE employee (', '  id            INTEGER PRIMARY KEY,', '  name          TEXT NOT NULL,', '  department_id INTEGER NOT NULL REFERENCES department(id)', ');'),
              'NOT NULL on the foreign key expresses total participation of employees.',
            ),
          },
          {
            header: 'M:N relationships and weak entities',
            detail: lines(
              'An M:N relationship becomes its own table, whose primary key combines the two foreign keys; the relationship\'s attributes become its columns.',
              sql('CREATE TABLE enrollment (', '  student_id INTEGER REFERENCES student(id),', '  course_id  INTEGER REFERENCES course(id),', '  grade      TEXT,', '  PRIMARY KEY (student_id, course_id)', ');'),
              'A weak entity becomes a table whose primary key is the owner\'s key plus the partial key, with ON DELETE CASCADE so dependents disappear with their owner.',
            ),
          },
          {
            header: 'Multivalued attributes and 1:1',
            detail: lines(
              'A multivalued attribute becomes a separate table: student_phone(student_id, phone) with both columns as the primary key.',
              'A 1:1 relationship becomes a foreign key on either side; choose the side with total participation so the column is never NULL, and add UNIQUE to keep it one-to-one.',
            ),
          },
        ],
      },
    ],
    projects: [
      {
        title: 'Model a lending library',
        difficulty: 'beginner',
        blocks: [
          {
            header: 'Requirements',
            detail: lines(
              'The library has books (ISBN, title, year) written by one or more authors. It owns several copies of each book, numbered 1, 2, 3… per book.',
              'Members (card number, name, e-mail) borrow copies; each loan records the borrow date and the return date (empty until returned).',
            ),
          },
          {
            header: 'Your task',
            detail: lines(
              '1. Draw the ER diagram: decide which entity is weak, mark keys, cardinalities and participation.',
              '2. Map it to tables and write the CREATE TABLE statements with primary and foreign keys.',
              '3. Write a query that lists the copies currently on loan, for example:',
              sql('SELECT b.title, l.copy_no, m.name', 'FROM loan l', 'JOIN book b   ON b.isbn = l.isbn', 'JOIN member m ON m.card_no = l.card_no', 'WHERE l.returned_on IS NULL;'),
            ),
          },
        ],
      },
      {
        title: 'Model a university timetable',
        difficulty: 'intermediate',
        blocks: [
          {
            header: 'Requirements',
            detail: lines(
              'Courses are taught in sections each term; a section has one or more instructors, a room and a weekly time slot.',
              'Students enrol in sections and receive a grade. A room cannot hold two sections in the same slot.',
            ),
          },
          {
            header: 'Your task',
            detail: lines(
              '1. Draw the ER diagram, including a ternary relationship if you need one, and justify it.',
              '2. Map it to tables and express "a room cannot hold two sections in the same slot" as a UNIQUE constraint.',
              '3. Name one business rule you could not express with keys and constraints alone.',
            ),
          },
        ],
      },
    ],
  },
];
