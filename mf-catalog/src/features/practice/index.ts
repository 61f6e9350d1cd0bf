export { NextExercise } from './components/next-exercise.js';
export { useScrollToAnchor } from './hooks/use-scroll-to-anchor.js';
