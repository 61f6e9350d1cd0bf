import { LinkButton } from '@dblearn/ui';
import { paths } from '../../../lib/paths.js';
import { CourseBrowser } from '../../courses/index.js';

/** /projectLandingPage: "Recommended Projects", course cards by topic with See Projects (SPEC §2). */
export default function LandingRoute() {
  return (
    <CourseBrowser
      title="Recommended Projects"
      intro="Practise what you learned: every course comes with hands-on projects. Pick a course to see them."
      cardActions={(course) => (
        <LinkButton to={paths.projects('projectLandingPage', course._id)} aria-label={`See Projects of ${course.name}`}>
          See Projects
        </LinkButton>
      )}
    />
  );
}
