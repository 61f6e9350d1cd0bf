// mf-qna: the Q&A forum (/qna, /qna/{id}, /qna/edit/{id}), a remote on :8083.
import { remoteRspackConfig } from '@dblearn/federation/rspack';

export default remoteRspackConfig({ name: 'qna', root: import.meta.url });
