/** The review deck's parts other areas of this remote use. */
export { ReviewLink } from './components/review-link.js';
