// `npm run dev -w mf-qna`: this area alone, with the shell's providers and sign-in form.
import { runStandalone } from '@dblearn/app-providers/standalone';
import { REMOTES } from '@dblearn/federation';
import App from './expose/app.js';

runStandalone({ title: REMOTES.qna.title, App });
