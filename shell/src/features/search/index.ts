export { SearchSlot } from './components/search-slot.js';
