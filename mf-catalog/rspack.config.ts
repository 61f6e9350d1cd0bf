// mf-catalog: the Learning Hub and Recommended Projects (libs/federation README "How to add a remote").
import { remoteRspackConfig } from '@dblearn/federation/rspack';

export default remoteRspackConfig({ name: 'catalog', root: import.meta.url });
