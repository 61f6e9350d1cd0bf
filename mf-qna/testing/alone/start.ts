// The remote with no gateway: its handlers answer /api in msw's service worker, then the app starts
// as `npm run dev` starts it (sign in with any e-mail and password; one starting "admin" is an admin).
import { startMockGateway } from '@dblearn/web/testing/msw-browser';
import { aloneStore } from '../data.js';
import { qnaHandlers } from '../handlers.js';

void startMockGateway(qnaHandlers(aloneStore()).handlers).then(() => import('../../src/bootstrap.js'));
