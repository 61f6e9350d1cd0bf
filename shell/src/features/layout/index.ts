export { AppLayout } from './components/app-layout.js';
export { Navbar } from './components/navbar.js';
export { Footer } from './components/footer.js';
