// What other features use of progress; everything under api/ and components/ is its own.
export { useProgress } from './api/get-progress.js';
export { useRecordTutorialReadMutation } from './api/record-tutorial-read.js';
export { FinishToggle } from './components/finish-toggle.js';
