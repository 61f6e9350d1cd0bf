/**
 * The demo practice databases (issue 11), generated here rather than kept as large literal files:
 * a seeded pseudo-random sequence makes the same rows on every run, so check results never move.
 */

type Value = string | number | null;

/** mulberry32: a small deterministic generator (same seed, same rows). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rows {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = random(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** A date in 2025 as 'YYYY-MM-DD', `from`..`to` days after 1 January. */
  date(from: number, to: number): string {
    return dayOf2025(this.int(from, to));
  }
}

function dayOf2025(day: number): string {
  return new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
}

function literal(value: Value): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

/** INSERT statements, 50 rows each (keeps every line short enough to read). */
function insert(table: string, columns: string[], rows: Value[][]): string {
  const out: string[] = [];
  for (let start = 0; start < rows.length; start += 50) {
    const chunk = rows.slice(start, start + 50).map((row) => `  (${row.map(literal).join(', ')})`);
    out.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES\n${chunk.join(',\n')};`);
  }
  return out.join('\n');
}

const FIRST = ['Ana', 'Ben', 'Chen', 'Dara', 'Eli', 'Fatima', 'Goran', 'Hana', 'Ivan', 'Jia', 'Kofi', 'Lena', 'Mateo', 'Nadia', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tomas', 'Uma', 'Viktor', 'Wen', 'Yara', 'Zoe'];
const LAST = ['Silva', 'Okafor', 'Novak', 'Kim', 'Haddad', 'Rossi', 'Berg', 'Nguyen', 'Ivanova', 'Garcia', 'Mensah', 'Dubois', 'Tanaka', 'Kowalski', 'Ortiz', 'Shah', 'Larsen', 'Moreau'];
const CITIES = ['Lisbon', 'Porto', 'Berlin', 'Lyon', 'Krakow', 'Oslo', 'Turin', 'Ghent'];

function person(rows: Rows, index: number): { name: string; email: string } {
  const first = FIRST[index % FIRST.length] as string;
  const last = rows.pick(LAST);
  return { name: `${first} ${last}`, email: `${first}.${last}${index}@example.org`.toLowerCase() };
}

/** A university: departments, staff and their dependents, students, courses and enrolments. */
export function universitySandbox(): string {
  const rows = new Rows(11);
  const departments = ['Computer Science', 'Math', 'Physics', 'History', 'Biology', 'Economics'];
  const buildings = ['Turing Hall', 'Noether Hall', 'Curie Hall', 'Bloch Hall', 'Darwin Hall', 'Keynes Hall'];
  const department = departments.map((name, i) => [i + 1, name, buildings[i] as string]);
  const employee = Array.from({ length: 30 }, (_, i) => {
    const { name } = person(rows, i + 7);
    return [i + 1, name, (i % departments.length) + 1, rows.int(38, 95) * 1000, rows.date(0, 364).replace('2025', String(2005 + (i % 20)))];
  });
  const dependent = employee.filter((_, i) => i % 3 === 0).map((e, i) => [e[0] as number, rows.pick(FIRST), i % 2 === 0 ? 'child' : 'spouse']);
  const titles = ['Databases', 'Algorithms', 'Operating Systems', 'Networks', 'Compilers', 'Machine Learning', 'Linear Algebra', 'Calculus', 'Statistics', 'Number Theory',
    'Mechanics', 'Quantum Physics', 'Optics', 'Thermodynamics', 'Ancient Rome', 'Modern Europe', 'History of Science', 'Genetics', 'Ecology', 'Cell Biology', 'Microeconomics', 'Macroeconomics', 'Game Theory', 'Econometrics'];
  const titleDepartment = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6];
  // Two offerings of each title (ids 1–48): course 42 exists, as the indexing lessons assume.
  const course = Array.from({ length: 48 }, (_, i) => {
    const t = i % titles.length;
    const dept = titleDepartment[t] as number;
    return [i + 1, i < titles.length ? titles[t] as string : `${titles[t] as string} II`, rows.pick([3, 4, 5, 5, 6]), dept, dept + 6 * rows.int(0, 4)];
  });
  const majors = [...departments, null];
  const student = Array.from({ length: 150 }, (_, i) => {
    const { name, email } = person(rows, i);
    return [i + 1, name, email, rows.pick(majors), rows.int(1, 4)];
  });
  const enrollment: Value[][] = [];
  for (const s of student) {
    const taken = new Set<number>();
    const count = rows.int(0, 5);
    while (taken.size < count) taken.add(rows.int(1, 48));
    for (const c of [...taken].sort((a, b) => a - b)) enrollment.push([s[0] as number, c, rows.chance(0.12) ? null : rows.int(45, 100)]);
  }
  return [
    'PRAGMA foreign_keys = ON;',
    'CREATE TABLE department (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, building TEXT NOT NULL);',
    'CREATE TABLE employee (id INTEGER PRIMARY KEY, name TEXT NOT NULL, department_id INTEGER NOT NULL REFERENCES department(id), salary INTEGER NOT NULL, hired_on TEXT NOT NULL);',
    'CREATE TABLE dependent (employee_id INTEGER NOT NULL REFERENCES employee(id) ON DELETE CASCADE, name TEXT NOT NULL, relationship TEXT NOT NULL, PRIMARY KEY (employee_id, name));',
    'CREATE TABLE student (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, major TEXT, year INTEGER NOT NULL CHECK (year BETWEEN 1 AND 4));',
    'CREATE TABLE course (id INTEGER PRIMARY KEY, title TEXT NOT NULL, credits INTEGER NOT NULL CHECK (credits BETWEEN 1 AND 10), department_id INTEGER NOT NULL REFERENCES department(id), teacher_id INTEGER REFERENCES employee(id));',
    'CREATE TABLE enrollment (student_id INTEGER NOT NULL REFERENCES student(id), course_id INTEGER NOT NULL REFERENCES course(id), grade INTEGER CHECK (grade BETWEEN 0 AND 100), PRIMARY KEY (student_id, course_id));',
    insert('department', ['id', 'name', 'building'], department),
    insert('employee', ['id', 'name', 'department_id', 'salary', 'hired_on'], employee),
    insert('dependent', ['employee_id', 'name', 'relationship'], uniqueBy(dependent, (row) => `${row[0]}:${row[1]}`)),
    insert('student', ['id', 'name', 'email', 'major', 'year'], student),
    insert('course', ['id', 'title', 'credits', 'department_id', 'teacher_id'], course),
    insert('enrollment', ['student_id', 'course_id', 'grade'], enrollment),
    '',
  ].join('\n');
}

/** A lending library: authors, books, copies, members and loans. */
export function librarySandbox(): string {
  const rows = new Rows(23);
  const authors = [['Ursula K. Le Guin', 'USA'], ['Chinua Achebe', 'Nigeria'], ['Italo Calvino', 'Italy'], ['Wisława Szymborska', 'Poland'], ['Haruki Murakami', 'Japan'], ['Toni Morrison', 'USA'],
    ['Jorge Luis Borges', 'Argentina'], ['Olga Tokarczuk', 'Poland'], ['Naguib Mahfouz', 'Egypt'], ['Selma Lagerlöf', 'Sweden'], ['Stanisław Lem', 'Poland'], ['Octavia E. Butler', 'USA']];
  const author = authors.map(([name, country], i) => [i + 1, name as string, country as string]);
  const genres = ['novel', 'science fiction', 'poetry', 'short stories', 'essays', 'fantasy'];
  const words = ['River', 'Night', 'Garden', 'Mirror', 'City', 'Winter', 'Labyrinth', 'Harbour', 'Star', 'Orchard', 'Machine', 'Silence'];
  const book = Array.from({ length: 60 }, (_, i) => [
    `978${String(1000000000 + i * 7919).slice(0, 10)}`,
    `The ${rows.pick(words)} of ${rows.pick(words)}${i >= 24 ? ` ${Math.floor(i / 12)}` : ''}`,
    (i % authors.length) + 1,
    rows.int(1950, 2024),
    rows.pick(genres),
    rows.int(120, 640),
  ]);
  const copy: Value[][] = book.flatMap((b) => Array.from({ length: rows.int(1, 3) }, (_, n) => [b[0] as string, n + 1, `${String.fromCharCode(65 + rows.int(0, 7))}-${rows.int(1, 40)}`]));
  const member = Array.from({ length: 80 }, (_, i) => {
    const { name, email } = person(rows, i + 3);
    return [1001 + i, name, email, rows.chance(0.3) ? null : `+351 9${rows.int(10_000_000, 99_999_999)}`, rows.date(0, 300)];
  });
  const loan: Value[][] = [];
  for (let i = 0; i < 240; i += 1) {
    const c = rows.pick(copy);
    const day = rows.int(0, 330);
    const returned = day < 300 || rows.chance(0.3) ? dayOf2025(day + rows.int(2, 30)) : null;
    loan.push([i + 1, c[0] as string, c[1] as number, (rows.pick(member)[0] as number), dayOf2025(day), dayOf2025(day + 21), returned]);
  }
  return [
    'PRAGMA foreign_keys = ON;',
    'CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL);',
    'CREATE TABLE book (isbn TEXT PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER NOT NULL REFERENCES author(id), year INTEGER NOT NULL, genre TEXT NOT NULL, pages INTEGER NOT NULL);',
    'CREATE TABLE copy (isbn TEXT NOT NULL REFERENCES book(isbn), copy_no INTEGER NOT NULL, shelf TEXT NOT NULL, PRIMARY KEY (isbn, copy_no));',
    'CREATE TABLE member (card_no INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, phone TEXT, joined_on TEXT NOT NULL);',
    'CREATE TABLE loan (id INTEGER PRIMARY KEY, isbn TEXT NOT NULL, copy_no INTEGER NOT NULL, card_no INTEGER NOT NULL REFERENCES member(card_no), loaned_on TEXT NOT NULL, due_on TEXT NOT NULL, returned_on TEXT, FOREIGN KEY (isbn, copy_no) REFERENCES copy(isbn, copy_no));',
    insert('author', ['id', 'name', 'country'], author),
    insert('book', ['isbn', 'title', 'author_id', 'year', 'genre', 'pages'], book),
    insert('copy', ['isbn', 'copy_no', 'shelf'], copy),
    insert('member', ['card_no', 'name', 'email', 'phone', 'joined_on'], member),
    insert('loan', ['id', 'isbn', 'copy_no', 'card_no', 'loaned_on', 'due_on', 'returned_on'], loan),
    '',
  ].join('\n');
}

/** A web shop: customers, categories, products, orders, their lines and payments. */
export function shopSandbox(): string {
  const rows = new Rows(37);
  const categories = ['Books', 'Kitchen', 'Garden', 'Toys', 'Office', 'Sports'];
  const things = ['Lamp', 'Mug', 'Notebook', 'Kettle', 'Hose', 'Puzzle', 'Pen', 'Chair', 'Ball', 'Racket', 'Planter', 'Knife', 'Desk', 'Kite', 'Atlas'];
  const adjectives = ['Classic', 'Compact', 'Deluxe', 'Eco', 'Mini', 'Pro'];
  const category = categories.map((name, i) => [i + 1, name]);
  const product = Array.from({ length: 60 }, (_, i) => [i + 1, `${adjectives[i % adjectives.length] as string} ${things[i % things.length] as string}`, (i % categories.length) + 1, rows.int(150, 25_000) / 100, rows.int(0, 120)]);
  const customer = Array.from({ length: 70 }, (_, i) => {
    const { name, email } = person(rows, i + 11);
    return [i + 1, name, email, rows.pick(CITIES), rows.date(0, 200)];
  });
  const statuses = ['delivered', 'delivered', 'delivered', 'shipped', 'paid', 'cancelled'];
  const orders: Value[][] = [];
  const items: Value[][] = [];
  const payments: Value[][] = [];
  for (let id = 1; id <= 200; id += 1) {
    const status = rows.pick(statuses);
    const day = rows.int(30, 360);
    orders.push([id, rows.int(1, 62), dayOf2025(day), status]);
    const lines = new Set<number>();
    const count = rows.int(1, 4);
    while (lines.size < count) lines.add(rows.int(1, 60));
    let total = 0;
    for (const productId of lines) {
      const quantity = rows.int(1, 3);
      const price = (product[productId - 1] as Value[])[3] as number;
      items.push([id, productId, quantity, price]);
      total += quantity * price;
    }
    if (status !== 'cancelled') payments.push([payments.length + 1, id, Math.round(total * 100) / 100, dayOf2025(day + rows.int(0, 2)), rows.pick(['card', 'card', 'paypal', 'transfer'])]);
  }
  return [
    'PRAGMA foreign_keys = ON;',
    'CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, city TEXT NOT NULL, joined_on TEXT NOT NULL);',
    'CREATE TABLE category (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);',
    'CREATE TABLE product (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category_id INTEGER NOT NULL REFERENCES category(id), price REAL NOT NULL CHECK (price > 0), stock INTEGER NOT NULL);',
    "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(id), ordered_on TEXT NOT NULL, status TEXT NOT NULL CHECK (status IN ('paid', 'shipped', 'delivered', 'cancelled')));",
    'CREATE TABLE order_item (order_id INTEGER NOT NULL REFERENCES orders(id), product_id INTEGER NOT NULL REFERENCES product(id), quantity INTEGER NOT NULL CHECK (quantity > 0), unit_price REAL NOT NULL, PRIMARY KEY (order_id, product_id));',
    'CREATE TABLE payment (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id), amount REAL NOT NULL, paid_on TEXT NOT NULL, method TEXT NOT NULL);',
    insert('customer', ['id', 'name', 'email', 'city', 'joined_on'], customer),
    insert('category', ['id', 'name'], category),
    insert('product', ['id', 'name', 'category_id', 'price', 'stock'], product),
    insert('orders', ['id', 'customer_id', 'ordered_on', 'status'], orders),
    insert('order_item', ['order_id', 'product_id', 'quantity', 'unit_price'], items),
    insert('payment', ['id', 'order_id', 'amount', 'paid_on', 'method'], payments),
    '',
  ].join('\n');
}

/** A bank for the transactions lessons: branches, customers, accounts, transfers and an audit trail. */
export function bankSandbox(): string {
  const rows = new Rows(53);
  const branch = CITIES.slice(0, 5).map((city, i) => [i + 1, `${city} Central`, city]);
  const customer = Array.from({ length: 60 }, (_, i) => [i + 1, person(rows, i + 5).name, rows.int(1, 5)]);
  const account = Array.from({ length: 90 }, (_, i) => [i + 1, (i % 60) + 1, i < 60 ? 'checking' : 'savings', i < 2 ? 100 : rows.int(0, 500_000) / 100]);
  const transfer = Array.from({ length: 150 }, (_, i) => {
    const from = rows.int(1, 90);
    return [i + 1, from, ((from + rows.int(1, 88)) % 90) + 1, rows.int(100, 50_000) / 100, rows.date(0, 330)];
  });
  const audit = transfer.slice(0, 60).map((t, i) => [i + 1, t[1] as number, t[4] as string, 'transfer out', -(t[3] as number)]);
  return [
    'CREATE TABLE branch (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL);',
    'CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, branch_id INTEGER NOT NULL REFERENCES branch(id));',
    "CREATE TABLE account (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(id), kind TEXT NOT NULL CHECK (kind IN ('checking', 'savings')), balance REAL NOT NULL CHECK (balance >= 0));",
    'CREATE TABLE transfer (id INTEGER PRIMARY KEY, from_account INTEGER NOT NULL REFERENCES account(id), to_account INTEGER NOT NULL REFERENCES account(id), amount REAL NOT NULL CHECK (amount > 0), made_on TEXT NOT NULL);',
    'CREATE TABLE audit (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES account(id), changed_on TEXT NOT NULL, reason TEXT NOT NULL, change REAL NOT NULL);',
    insert('branch', ['id', 'name', 'city'], branch),
    insert('customer', ['id', 'name', 'branch_id'], customer),
    insert('account', ['id', 'customer_id', 'kind', 'balance'], account),
    insert('transfer', ['id', 'from_account', 'to_account', 'amount', 'made_on'], transfer),
    insert('audit', ['id', 'account_id', 'changed_on', 'reason', 'change'], audit),
    '',
  ].join('\n');
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)));
}

/** The NoSQL lessons' JSON sandboxes: a library of documents, and a shop's sessions, carts and social graph. */
export function libraryDocuments(): string {
  const rows = new Rows(71);
  const authors = ['Ursula K. Le Guin', 'Chinua Achebe', 'Italo Calvino', 'Toni Morrison', 'Stanisław Lem', 'Octavia E. Butler'];
  const tags = ['classic', 'award', 'translated', 'series', 'short', 'illustrated'];
  const books = Array.from({ length: 40 }, (_, i) => ({
    _id: `b${i + 1}`,
    title: `Book ${i + 1}: ${['River', 'Night', 'Garden', 'Mirror', 'City', 'Winter'][i % 6]}`,
    author: authors[i % authors.length],
    year: rows.int(1955, 2024),
    pages: rows.int(120, 640),
    tags: [...new Set([rows.pick(tags), rows.pick(tags)])],
    ratings: Array.from({ length: rows.int(0, 4) }, () => ({ user: `u${rows.int(1, 25)}`, stars: rows.int(1, 5) })),
  }));
  const users = Array.from({ length: 25 }, (_, i) => ({ _id: `u${i + 1}`, name: FIRST[i], city: rows.pick(CITIES), joined: 2018 + (i % 8) }));
  const loans = Array.from({ length: 60 }, (_, i) => ({ _id: `l${i + 1}`, book: `b${rows.int(1, 40)}`, user: `u${rows.int(1, 25)}`, days: rows.int(1, 40), returned: rows.chance(0.8) }));
  return JSON.stringify({ books, users, loans }, null, 1);
}

export function shopDocuments(): string {
  const rows = new Rows(89);
  const sessions = Array.from({ length: 30 }, (_, i) => ({ _id: `sess:${1000 + i}`, user: `u${rows.int(1, 20)}`, device: rows.pick(['web', 'ios', 'android']), ttlSeconds: rows.pick([900, 1800, 3600]) }));
  const carts = Array.from({ length: 20 }, (_, i) => ({
    _id: `cart:u${i + 1}`,
    items: Array.from({ length: rows.int(0, 4) }, () => ({ sku: `P-${rows.int(100, 130)}`, qty: rows.int(1, 3), price: rows.int(300, 9000) / 100 })),
  }));
  const follows = Array.from({ length: 50 }, () => ({ from: `u${rows.int(1, 20)}`, to: `u${rows.int(1, 20)}`, since: rows.int(2019, 2025) }));
  const products = Array.from({ length: 30 }, (_, i) => ({ _id: `P-${100 + i}`, name: `Item ${100 + i}`, category: rows.pick(['kitchen', 'garden', 'toys', 'office']), price: rows.int(300, 9000) / 100, stock: rows.int(0, 50) }));
  return JSON.stringify({ sessions, carts, follows, products }, null, 1);
}
