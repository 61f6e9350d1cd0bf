// What other features use of checks (the project page loads its checks lazily: ./project-checks.ts).
export { default as CheckEditor } from './components/check-editor.js';
