import { toastRefusal } from '@dblearn/ui';
import { useNavigate, useParams } from '@dblearn/web/router';
import { AdminOnly } from '../../../lib/admin-only.js';
import { BackLink } from '../../../lib/back-link.js';
import { NEW_ID, paths } from '../../../lib/paths.js';
import { QueryView } from '../../../lib/query-view.js';
import { useCreateCourseMutation, type CourseFields } from '../api/create-course.js';
import { useGetCourseQuery } from '../api/get-course.js';
import { useUpdateCourseMutation } from '../api/update-course.js';
import { CourseForm } from '../components/course-form.js';
import { SandboxForm } from '../components/sandbox-form.js';
import { toast } from '@dblearn/web';

function NewCourse() {
  const [createCourse] = useCreateCourseMutation();
  const navigate = useNavigate();
  const save = async (fields: CourseFields) => {
    try {
      const course = await createCourse(fields).unwrap();
      toast.success(`"${course.name}" was added.`);
      // SPEC §4: back to the list, which already shows the new course (tags, no reload).
      navigate(paths.catalog());
    } catch (error) {
      toastRefusal(error, 'The course could not be saved.');
      throw error;
    }
  };
  return (
    <>
      <h1>Add New Course</h1>
      <CourseForm onSave={save} />
      {/* The sandbox is saved against a course id, so it comes once the course exists. */}
      <p className="catalog-page__intro">Once the course is added, its Edit page gives it a practice database for its runnable examples.</p>
    </>
  );
}

function EditCourse({ id }: { id: string }) {
  const course = useGetCourseQuery(id);
  const [updateCourse] = useUpdateCourseMutation();
  const save = async (fields: CourseFields) => {
    try {
      await updateCourse({ id, ...fields }).unwrap();
    } catch (error) {
      toastRefusal(error, 'The course could not be saved.');
      throw error;
    }
  };
  return (
    <QueryView query={course} what="course" back={{ to: paths.catalog(), label: 'Learning Hub' }}>
      {({ topic, name, teacher, length }) => (
        <>
          <h1>Edit Course</h1>
          <CourseForm key={id} initial={{ topic, name, teacher, length }} onSave={save} />
          <SandboxForm key={`sandbox-${id}`} courseId={id} />
        </>
      )}
    </QueryView>
  );
}

/** /catalog/addOrEdit/{id}: "new" adds a course, an id edits that one (admins only). */
export default function CourseFormRoute() {
  const { id = NEW_ID } = useParams();
  const back = { to: paths.catalog(), label: 'Learning Hub' };
  return (
    <div className="catalog-page catalog-page--narrow">
      <BackLink to={back.to} />
      <AdminOnly back={back}>{id === NEW_ID ? <NewCourse /> : <EditCourse id={id} />}</AdminOnly>
    </div>
  );
}
