import { baseApi } from '@dblearn/web';

/**
 * The one base API with this area's cache tags: every call of courses, tutorials and projects is
 * injected here, so a write invalidates exactly the screens that show what it changed.
 */
export const catalogApi = baseApi.enhanceEndpoints({ addTagTypes: ['Course', 'Tutorial', 'Project', 'CheckPasses', 'StoredChecks'] });
