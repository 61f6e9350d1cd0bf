// The checks a learner runs on a project page, as their own chunk: `lazy(() => import(...))`.
export { default } from './components/project-checks.js';
