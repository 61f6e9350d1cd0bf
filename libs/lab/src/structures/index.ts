// The storage and concurrency structures a lesson steps through (B+ tree, extendible and linear
// hashing, precedence and wait-for graphs): their rules, the steps an operation takes, and how a
// block's settings are read. Pure; libs/ui's structure blocks draw them. An entry of its own
// (`@dblearn/lab/structures`): its step vocabulary (`Outcome`, `success`) is not the SQL lab's.
export * from './steps.js';
export * from './languages.js';
export * from './block-settings.js';
export * from './timeline.js';
export * from './bplus-tree.js';
export * from './extendible-hash.js';
export * from './linear-hash.js';
export * from './precedence-graph.js';
export * from './wait-for-graph.js';
