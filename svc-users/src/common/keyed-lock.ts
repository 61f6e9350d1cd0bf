// Shared by every service since svc-content needed it too (see @dblearn/nest-common).
export { KeyedLock } from '@dblearn/nest-common';
