// mf-interview: the interview-question bank (/interview, /interview/{id}), a remote on :8082.
import { remoteRspackConfig } from '@dblearn/federation/rspack';

export default remoteRspackConfig({ name: 'interview', root: import.meta.url });
