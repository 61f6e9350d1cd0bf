/**
 * Where each screen lives (SPEC §2). The project pages exist twice: under the catalogue and under
 * Recommended Projects; `ProjectArea` says which, so Go back stays in the area the learner came from.
 */
export type ProjectArea = 'catalog' | 'projectLandingPage';

export const NEW_ID = 'new';

export const paths = {
  catalog: () => '/catalog',
  courseForm: (id: string) => `/catalog/addOrEdit/${id}`,
  course: (courseId: string) => `/catalog/${courseId}`,
  tutorial: (courseId: string, tutorialId: string) => `/catalog/${courseId}/tutorial/${tutorialId}`,
  tutorialForm: (courseId: string, id: string) => `/catalog/${courseId}/tutorial/add/${id}`,
  projects: (area: ProjectArea, courseId: string) => `/${area}/${courseId}/project`,
  project: (area: ProjectArea, courseId: string, projectId: string) => `/${area}/${courseId}/project/${projectId}`,
  projectForm: (courseId: string, id: string) => `/catalog/${courseId}/project/add/${id}`,
  landing: () => '/projectLandingPage',
  /** Admins: what each check teaches (issue 34). */
  checkAnalysis: () => '/catalog/checks',
};
