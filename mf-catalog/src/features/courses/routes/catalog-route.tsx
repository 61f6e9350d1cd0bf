import { DeleteButton, LinkButton, toastRefusal } from '@dblearn/ui';
import { toast, useSession } from '@dblearn/web';
import { NEW_ID, paths } from '../../../lib/paths.js';
import type { Course } from '../../../lib/content.js';
import { useDeleteCourseMutation } from '../api/delete-course.js';
import { CourseBrowser } from '../components/course-browser.js';

function AdminCourseActions({ course }: { course: Course }) {
  const [deleteCourse, { isLoading }] = useDeleteCourseMutation();
  const remove = async () => {
    try {
      await deleteCourse(course._id).unwrap();
      toast.success(`"${course.name}" was deleted.`);
    } catch (error) {
      toastRefusal(error, 'The course could not be deleted.');
    }
  };
  return (
    <>
      <LinkButton to={paths.courseForm(course._id)} variant="secondary" aria-label={`Edit ${course.name}`}>
        Edit
      </LinkButton>
      <DeleteButton itemName={course.name} onConfirm={remove} pending={isLoading} />
    </>
  );
}

/** / and /catalog: the Learning Hub (SPEC §2). */
export default function CatalogRoute() {
  const { isAdmin } = useSession();
  return (
    <CourseBrowser
      title="Learning Hub"
      intro="Courses on databases and SQL, from first concepts to NoSQL. Pick a topic or browse them all."
      tools={
        isAdmin ? (
          <>
            <LinkButton to={paths.checkAnalysis()} variant="secondary">
              What each check teaches
            </LinkButton>
            <LinkButton to={paths.courseForm(NEW_ID)}>
              <span aria-hidden="true">+</span> Add New Course
            </LinkButton>
          </>
        ) : null
      }
      cardActions={(course) => (
        <>
          <LinkButton to={paths.course(course._id)} aria-label={`GO! to ${course.name}`}>
            GO!
          </LinkButton>
          {isAdmin ? <AdminCourseActions course={course} /> : null}
        </>
      )}
    />
  );
}
