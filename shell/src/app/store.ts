import { createAppStore } from '@dblearn/web';

/** The page's one store; remotes inject into it and never create their own. */
export const store = createAppStore();
