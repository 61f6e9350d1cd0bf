import type { UserProfile } from '@dblearn/contracts';
import { useGetMeQuery } from '@dblearn/web';
import { useMemo } from 'react';
import { courseProgress, type CourseProgress } from '../lib/progress.js';
import { useGetCourseCatalogueQuery } from './get-course-catalogue.js';

export type LearnerProgress =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; me: UserProfile; progress: CourseProgress[] };

/**
 * The profile and the catalogue, asked again on every visit (an admin may have renamed or deleted
 * something since), and the learner's progress per course computed from both.
 */
export function useLearnerProgress(): LearnerProgress {
  const me = useGetMeQuery(undefined, { refetchOnMountOrArgChange: true });
  const catalogue = useGetCourseCatalogueQuery(undefined, { refetchOnMountOrArgChange: true });
  const progress = useMemo(
    () => (me.data && catalogue.data ? courseProgress(catalogue.data, me.data) : null),
    [me.data, catalogue.data],
  );
  if (me.data && progress) return { status: 'ready', me: me.data, progress };
  if (me.isError || catalogue.isError) {
    return {
      status: 'failed',
      retry: () => {
        void me.refetch();
        void catalogue.refetch();
      },
    };
  }
  return { status: 'loading' };
}
