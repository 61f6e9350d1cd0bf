// mf-dashboard: the learner's dashboard (/profile) and "My Course" (/hub), a remote on :8084.
import { remoteRspackConfig } from '@dblearn/federation/rspack';

export default remoteRspackConfig({ name: 'dashboard', root: import.meta.url });
