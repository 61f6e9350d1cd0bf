import '@dblearn/ui/styles.css';
import { createAppStore } from '@dblearn/web';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import App from './expose/app.js';
import { StandaloneFrame } from './standalone/standalone-frame.js';

// `npm run dev -w mf-interview`: the area on its own page, with the store, router and toasts the
// shell would otherwise give it.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const store = createAppStore();
createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <StandaloneFrame>
          <App />
        </StandaloneFrame>
      </BrowserRouter>
      <ToastContainer position="top-right" autoClose={5000} />
    </Provider>
  </StrictMode>,
);
