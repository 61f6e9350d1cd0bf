#!/usr/bin/env node
// The SQL Practice course's club (README "Content authors"): members, facilities and bookings over
// three years, made by a seeded generator so the data is realistic in size and never hand-edited.
// `node content/generators/club.mjs` writes content/sandboxes/club.sql (practice) and
// club-hidden.sql (the hidden variant: other values and sizes, rows stored out of key order, ties and
// rows at the boundaries the tasks name, the same facility and member names the tasks use).
// `--print practice|hidden` writes one to stdout instead. Deterministic: no clock and no unseeded randomness.
// The data script is portable SQL (PostgreSQL loads it too): ISO dates as TEXT, money in cents.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng, shuffled } from './seeded-random.mjs';

const SURNAMES = ['Smith', 'Jones', 'Rownam', 'Tracy', 'Farrell', 'Tupperware', 'Owen', 'Baker', 'Butters', 'Coplin', 'Genting', 'Hunt', 'Joplette', 'Mackenzie', 'Purview', 'Rumney', 'Sarwin', 'Stibbons', 'Worthington-Smyth', 'Crumpet', 'Dare', 'Pinker', 'Bader', 'Nakamura', 'Okafor', 'Silva', 'Novak', 'Laine'];
const FIRST_NAMES = ['Tim', 'Janice', 'Gerald', 'Nancy', 'Tracy', 'David', 'Anne', 'Charles', 'Anna', 'Florence', 'Ponder', 'Matthew', 'Jemima', 'Henrietta', 'Ramnaresh', 'Douglas', 'Hyacinth', 'Joan', 'Erica', 'Millicent', 'Burton', 'John', 'Timothy', 'Amara', 'Yuki', 'Rita', 'Ivo', 'Elsa'];
const DOMAINS = ['mail.example', 'post.example', 'club.example', 'inbox.example'];

/**
 * The facilities every task names, in both variants. Costs are per half-hour slot, in cents; the
 * hidden variant changes the numbers but keeps the names (a task says 'Tennis Court 1').
 */
const FACILITIES = [
  ['Tennis Court 1', 500, 2500, 1000000, 20000],
  ['Tennis Court 2', 500, 2500, 800000, 20000],
  ['Badminton Court', 0, 1550, 400000, 5000],
  ['Table Tennis', 0, 500, 32000, 1000],
  ['Massage Room 1', 3500, 8000, 400000, 300000],
  ['Massage Room 2', 3500, 8000, 400000, 300000],
  ['Squash Court', 350, 1750, 500000, 8000],
  ['Snooker Table', 0, 500, 45000, 1500],
  ['Pool Table', 0, 500, 40000, 1000],
];

const pad = (n) => String(n).padStart(2, '0');
const isoDay = (day) => {
  const date = new Date(Date.UTC(2023, 0, 1) + day * 86400000);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};
const quote = (value) => (value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);

/** One variant's rows. The hidden one differs in values and size and keeps the edge cases below. */
function clubData(variant) {
  const hidden = variant === 'hidden';
  const random = prng(hidden ? 0x5eed2 : 0x5eed1);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const between = (low, high) => low + Math.floor(random() * (high - low + 1));

  const facilities = FACILITIES.map(([name, member, guest, outlay, upkeep], index) => {
    const factor = hidden ? 1 + (index % 3) * 0.2 : 1;
    return { id: index + 1, name, member_cost_cents: Math.round(member * factor), guest_cost_cents: Math.round(guest * factor), initial_outlay_cents: Math.round(outlay * factor), monthly_upkeep_cents: Math.round(upkeep * (hidden ? 1.1 : 1)) };
  });
  // The hidden variant has one more facility, never booked: an empty group for the outer joins.
  if (hidden) facilities.push({ id: 10, name: 'Climbing Wall', member_cost_cents: 800, guest_cost_cents: 2000, initial_outlay_cents: 1500000, monthly_upkeep_cents: 25000 });

  // Members: the founder Darren Smith (id 1), then joiners spread over three years. Some leave email
  // or phone unknown (NULL); recommendations form chains (depth 3 here, 5 in the hidden variant).
  const memberCount = hidden ? 46 : 40;
  const members = [{ id: 1, surname: 'Smith', first_name: 'Darren', email: 'darren.smith@club.example', phone: '555-0100', recommended_by: null, joined_on: '2023-01-02' }];
  let day = 3;
  for (let id = 2; id <= memberCount; id++) {
    day += between(5, hidden ? 22 : 26);
    const surname = id === 4 || id === 9 ? 'Smith' : pick(SURNAMES);
    const first_name = pick(FIRST_NAMES);
    const email = random() < 0.15 ? null : `${first_name.toLowerCase()}.${surname.toLowerCase()}${id}@${pick(DOMAINS)}`;
    const phone = random() < 0.2 ? null : `555-${String(between(100, 9999)).padStart(4, '0')}`;
    const recommended_by = id <= 3 || random() < 0.35 ? null : between(1, Math.min(id - 1, hidden ? id - 1 : 12));
    members.push({ id, surname, first_name, email, phone, recommended_by, joined_on: isoDay(day) });
  }
  // The chain Darren Smith → 2 → 3 (→ … deeper in the hidden variant) for the recursive tasks.
  members[1].recommended_by = 1;
  members[2].recommended_by = 2;
  if (hidden) {
    members[4].recommended_by = 3;
    members[6].recommended_by = 5;
    members[10].recommended_by = 7;
    // Boundary rows: a member joined on the first day of 2024 and one on the last day of 2023.
    members[20].joined_on = '2023-12-31';
    members[21].joined_on = '2024-01-01';
  } else {
    members[5].recommended_by = 3;
  }
  // Two members with the same full name (a UNION would merge them).
  members[memberCount - 3].first_name = members[10].first_name;
  members[memberCount - 3].surname = members[10].surname;
  // A member with no contact at all (no email, no phone), in both variants.
  members[hidden ? 11 : 5].email = null;
  members[hidden ? 11 : 5].phone = null;
  // Two members with the same first join date (a tie for "earliest" and rank tasks).
  members[memberCount - 1].joined_on = members[memberCount - 2].joined_on;

  // Bookings: whole half-hours between 08:00 and 20:00, from each member's join day to the end of 2025.
  const bookings = [];
  const lastDay = 365 * 3 - 1;
  const bookingCount = hidden ? 1700 : 1500;
  const memberJoinDay = members.map((member) => Math.round((Date.parse(`${member.joined_on}T00:00:00Z`) - Date.UTC(2023, 0, 1)) / 86400000));
  // A few members never book (ids 7 and 13, and 8 in the hidden variant), and no one books the Climbing Wall.
  const neverBook = new Set(hidden ? [7, 8, 13] : [7, 13]);
  const bookers = members.filter((member) => !neverBook.has(member.id));
  for (let id = 1; id <= bookingCount; id++) {
    const member = pick(bookers);
    const facility = facilities[Math.floor(Math.pow(random(), 1.4) * 9)];
    const start = between(memberJoinDay[member.id - 1], lastDay);
    const hour = between(8, 19);
    const half = random() < 0.5 ? '00' : '30';
    const slots = facility.name.startsWith('Massage') ? between(1, 2) : between(1, 4);
    bookings.push({ id, facility_id: facility.id, member_id: member.id, starts_at: `${isoDay(start)} ${pad(hour)}:${half}`, slots });
  }
  // Boundary bookings in both variants: the last evening of a week and of a month the tasks name.
  bookings.push({ id: bookings.length + 1, facility_id: 2, member_id: 3, starts_at: '2024-09-22 19:30', slots: 1 });
  bookings.push({ id: bookings.length + 1, facility_id: 1, member_id: 5, starts_at: '2024-09-30 18:00', slots: 2 });
  if (hidden) {
    // More boundary bookings: the first and last minute a day can start, the first day of a month and of a year.
    bookings.push({ id: bookings.length + 1, facility_id: 1, member_id: 2, starts_at: '2024-01-01 08:00', slots: 2 });
    bookings.push({ id: bookings.length + 1, facility_id: 2, member_id: 3, starts_at: '2024-12-31 19:30', slots: 1 });
    bookings.push({ id: bookings.length + 1, facility_id: 5, member_id: 22, starts_at: '2024-09-01 08:00', slots: 2 });
    // Member 22 ties member 3 for the most bookings (a tie at the top).
    bookings.push({ id: bookings.length + 1, facility_id: 8, member_id: 22, starts_at: '2025-03-03 10:00', slots: 1 });
    bookings.push({ id: bookings.length + 1, facility_id: 9, member_id: 22, starts_at: '2025-03-04 10:00', slots: 1 });
  }
  // Hidden: member 45 never booked and recommended no one (the one a cleanup may delete there).
  const kept = hidden ? bookings.filter((booking) => booking.member_id !== 45).map((booking, at) => ({ ...booking, id: at + 1 })) : bookings;
  // Yearly membership fees and facility repairs, from a PRNG of their own (the bookings above stay as
  // they are when these change). A fee is paid on each anniversary of joining up to 2025; a few are
  // still unpaid (paid_on NULL). Repairs are dated, some without a note.
  const extra = prng(hidden ? 0xfee2 : 0xfee1);
  const payments = [];
  for (const member of members) {
    for (let year = Number(member.joined_on.slice(0, 4)); year <= 2025; year++) {
      const due = `${year}${member.joined_on.slice(4)}`;
      const unpaid = year === 2025 && extra() < 0.15;
      const late = Math.floor(extra() * 20);
      const paid = unpaid ? null : isoDay(Math.round((Date.parse(`${due}T00:00:00Z`) - Date.UTC(2023, 0, 1)) / 86400000) + late);
      payments.push({ id: payments.length + 1, member_id: member.id, due_on: due, paid_on: paid, amount_cents: year === 2023 ? 12000 : year === 2024 ? 13000 : 14000 });
    }
  }
  const repairs = [];
  for (let id = 1; id <= (hidden ? 34 : 28); id++) {
    const facility = facilities[Math.floor(extra() * 9)];
    repairs.push({ id, facility_id: facility.id, done_on: isoDay(Math.floor(extra() * 1095)), cost_cents: 5000 + Math.floor(extra() * 60) * 1000, note: extra() < 0.3 ? null : ['new net', 'resurfaced', 'lights replaced', 'door fixed', 'cleaned', 'table re-felted'][Math.floor(extra() * 6)] });
  }
  return { facilities, members, bookings: kept, payments, repairs };
}

/** `KEY` is INTEGER in the practice data (SQLite's rowid: a new row gets the next id) and INT in the hidden variant, where SQLite then keeps a rowid of its own: rows stay in their shuffled storage order, so a query without ORDER BY gets no free sort there. Both read the same in PostgreSQL. */
const schema = (KEY) => `CREATE TABLE facility (id ${KEY} PRIMARY KEY, name TEXT NOT NULL UNIQUE, member_cost_cents INTEGER NOT NULL CHECK (member_cost_cents >= 0), guest_cost_cents INTEGER NOT NULL CHECK (guest_cost_cents >= 0), initial_outlay_cents INTEGER NOT NULL, monthly_upkeep_cents INTEGER NOT NULL);
CREATE TABLE member (id ${KEY} PRIMARY KEY, surname TEXT NOT NULL, first_name TEXT NOT NULL, email TEXT, phone TEXT, recommended_by INTEGER REFERENCES member(id), joined_on TEXT NOT NULL);
CREATE TABLE booking (id ${KEY} PRIMARY KEY, facility_id INTEGER NOT NULL REFERENCES facility(id), member_id INTEGER NOT NULL REFERENCES member(id), starts_at TEXT NOT NULL, slots INTEGER NOT NULL CHECK (slots > 0));
CREATE TABLE payment (id ${KEY} PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES member(id), due_on TEXT NOT NULL, paid_on TEXT, amount_cents INTEGER NOT NULL CHECK (amount_cents > 0));
CREATE TABLE repair (id ${KEY} PRIMARY KEY, facility_id INTEGER NOT NULL REFERENCES facility(id), done_on TEXT NOT NULL, cost_cents INTEGER NOT NULL CHECK (cost_cents > 0), note TEXT);`;

function inserts(table, rows, columns) {
  const lines = [];
  for (let at = 0; at < rows.length; at += 100) {
    const values = rows.slice(at, at + 100).map((row) => `  (${columns.map((column) => quote(row[column])).join(', ')})`);
    lines.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES\n${values.join(',\n')};`);
  }
  return lines.join('\n');
}

/** The SQL script of one variant. */
export function clubScript(variant) {
  const hidden = variant === 'hidden';
  const { facilities, members, bookings, payments, repairs } = clubData(variant);
  const order = hidden ? (rows) => shuffled(rows, prng(0x5b0f)) : (rows) => rows;
  // Members refer to earlier members: the hidden rows are shuffled, so the references are set after.
  const memberRows = order(members).map((member) => ({ ...member, recommended_by: hidden ? null : member.recommended_by }));
  const references = hidden ? members.filter((member) => member.recommended_by !== null).map((member) => `UPDATE member SET recommended_by = ${member.recommended_by} WHERE id = ${member.id};`) : [];
  return [
    `-- The club of the SQL Practice course (${hidden ? 'hidden variant' : 'practice data'}): written by content/generators/club.mjs, do not edit.`,
    '-- Money in integer cents per half-hour slot; dates are ISO-8601 text (YYYY-MM-DD, and HH:MM for a booking start).',
    schema(hidden ? 'INT' : 'INTEGER'),
    inserts('facility', order(facilities), ['id', 'name', 'member_cost_cents', 'guest_cost_cents', 'initial_outlay_cents', 'monthly_upkeep_cents']),
    inserts('member', memberRows, ['id', 'surname', 'first_name', 'email', 'phone', 'recommended_by', 'joined_on']),
    ...references,
    inserts('booking', order(bookings), ['id', 'facility_id', 'member_id', 'starts_at', 'slots']),
    inserts('payment', order(payments), ['id', 'member_id', 'due_on', 'paid_on', 'amount_cents']),
    inserts('repair', order(repairs), ['id', 'facility_id', 'done_on', 'cost_cents', 'note']),
    '',
  ].join('\n');
}

const here = dirname(fileURLToPath(import.meta.url));
const [flag, which] = process.argv.slice(2);
if (flag === '--print') {
  if (which !== 'practice' && which !== 'hidden') throw new Error('--print practice|hidden');
  process.stdout.write(clubScript(which));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(join(here, '../sandboxes/club.sql'), clubScript('practice'));
  writeFileSync(join(here, '../sandboxes/club-hidden.sql'), clubScript('hidden'));
}
