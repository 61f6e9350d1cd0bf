// The lab's rules, run alike by svc-content and the browser. Server-only parts have their own entry
// (`@dblearn/lab/hidden-variant`: it works on a sql.js database), and so have the browser's workers
// (`@dblearn/lab/sql-worker`, `@dblearn/lab/mongo-worker`: bundled on their own); the page's side of
// their protocol is here.
export * from './lab-text.js';
export * from './sql-lab.js';
export * from './sql-lab-engine.js';
export * from './mongo-lab.js';
export * from './mongo-lab-engine.js';
export * from './compare-plans.js';
export * from './grading.js';
export * from './check-grading-rules.js';
export * from './quiz-grading.js';
export * from './check-answers.js';
export * from './worker/protocol.js';
export * from './worker/failed-statement.js';
