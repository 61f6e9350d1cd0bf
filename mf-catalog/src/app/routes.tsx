import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from '@dblearn/web/router';
import CatalogRoute from '../features/courses/routes/catalog-route.js';
import CourseRoute from '../features/courses/routes/course-route.js';
import { ProjectListRoute } from '../features/projects/routes/project-list-route.js';
import { ProjectRoute } from '../features/projects/routes/project-route.js';
import TutorialRoute from '../features/tutorials/routes/tutorial-route.js';
import { LoadingLine } from '../lib/query-view.js';

// Reading screens come with the area; the admin forms (and react-hook-form) load only when opened.
const CourseFormRoute = lazy(() => import('../features/courses/routes/course-form-route.js'));
const TutorialFormRoute = lazy(() => import('../features/tutorials/routes/tutorial-form-route.js'));
const ProjectFormRoute = lazy(() => import('../features/projects/routes/project-form-route.js'));
const LandingRoute = lazy(() => import('../features/projects/routes/landing-route.js'));
const PracticeRoute = lazy(() => import('../features/practice/routes/practice-route.js'));
const CheckAnalysisRoute = lazy(() => import('../features/checks/routes/check-analysis-route.js'));

/** Every screen of SPEC §2 this area owns, with absolute paths (the shell mounts the area at the root). */
export function CatalogRoutes() {
  return (
    <Suspense fallback={<LoadingLine what="page" />}>
      <Routes>
        <Route path="/" element={<CatalogRoute />} />
        <Route path="/catalog" element={<CatalogRoute />} />
        <Route path="/catalog/addOrEdit/:id" element={<CourseFormRoute />} />
        <Route path="/catalog/checks" element={<CheckAnalysisRoute />} />
        <Route path="/catalog/:courseId" element={<CourseRoute />} />
        <Route path="/catalog/:courseId/tutorial/:tutorialId" element={<TutorialRoute />} />
        <Route path="/catalog/:courseId/tutorial/add/:id" element={<TutorialFormRoute />} />
        <Route path="/catalog/:courseId/project" element={<ProjectListRoute area="catalog" />} />
        <Route path="/catalog/:courseId/project/:projectId" element={<ProjectRoute area="catalog" />} />
        <Route path="/catalog/:courseId/project/add/:id" element={<ProjectFormRoute />} />
        <Route path="/projectLandingPage" element={<LandingRoute />} />
        <Route path="/projectLandingPage/:courseId/project" element={<ProjectListRoute area="projectLandingPage" />} />
        <Route path="/projectLandingPage/:courseId/project/:projectId" element={<ProjectRoute area="projectLandingPage" />} />
        <Route path="/practice" element={<PracticeRoute />} />
        <Route path="*" element={<Navigate to="/not-found" replace />} />
      </Routes>
    </Suspense>
  );
}
