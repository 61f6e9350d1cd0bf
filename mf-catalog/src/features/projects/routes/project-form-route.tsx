import { toastRefusal } from '@dblearn/ui';
import { useNavigate, useParams } from '@dblearn/web/router';
import { AdminOnly } from '../../../lib/admin-only.js';
import { BackLink } from '../../../lib/back-link.js';
import { NEW_ID, paths } from '../../../lib/paths.js';
import { QueryView } from '../../../lib/query-view.js';
import { useCreateProjectMutation } from '../api/create-project.js';
import { useGetProjectQuery } from '../api/get-project.js';
import { useUpdateProjectMutation } from '../api/update-project.js';
import { ProjectForm, type ProjectFormFields } from '../components/project-form.js';
import { toast } from '@dblearn/web';
import { CheckEditor } from '../../checks/index.js';

function NewProject({ courseId }: { courseId: string }) {
  const [createProject] = useCreateProjectMutation();
  const [updateProject] = useUpdateProjectMutation();
  const navigate = useNavigate();
  const save = async ({ title, difficulty, content }: ProjectFormFields) => {
    try {
      const project = await createProject({ title, difficulty, courseId }).unwrap();
      // POST /project takes no block: the first one is appended like any other.
      if (content) await updateProject({ id: project._id, courseId, title, difficulty, content }).unwrap();
      toast.success(`"${project.title}" was added.`);
      navigate(paths.projects('catalog', courseId));
    } catch (error) {
      toastRefusal(error, 'The project could not be saved.');
      throw error;
    }
  };
  return (
    <>
      <h1>Add Project</h1>
      <ProjectForm onSave={save} />
      <p className="catalog-form__hint">Checks (SQL tasks learners must pass) can be added once the project is saved: open it again with Edit.</p>
    </>
  );
}

function EditProject({ courseId, id }: { courseId: string; id: string }) {
  const project = useGetProjectQuery(id);
  const [updateProject] = useUpdateProjectMutation();
  const navigate = useNavigate();
  const save = async (fields: ProjectFormFields) => {
    try {
      await updateProject({ id, courseId, ...fields }).unwrap();
      navigate(paths.project('catalog', courseId, id));
    } catch (error) {
      toastRefusal(error, 'The project could not be saved.');
      throw error;
    }
  };
  return (
    <QueryView query={project} what="project" back={{ to: paths.projects('catalog', courseId), label: 'Back to the projects' }}>
      {(data) => (
        <>
          <h1>Edit Project</h1>
          <p className="catalog-page__intro">
            {data.contents.length} block{data.contents.length === 1 ? '' : 's'} so far. Change the title or difficulty, or add one more block below.
          </p>
          <ProjectForm key={id} initial={{ title: data.title, difficulty: data.difficulty }} onSave={save} />
          <CheckEditor projectId={id} editBack={{ to: paths.project('catalog', courseId, id), label: 'Back to the project' }} />
        </>
      )}
    </QueryView>
  );
}

/** /catalog/{courseId}/project/add/{id}: "new" adds a project to the course, an id edits that one. */
export default function ProjectFormRoute() {
  const { courseId = '', id = NEW_ID } = useParams();
  const back =
    id === NEW_ID
      ? { to: paths.projects('catalog', courseId), label: 'Back to the projects' }
      : { to: paths.project('catalog', courseId, id), label: 'Back to the project' };
  return (
    <div className="catalog-page catalog-page--narrow">
      <BackLink to={back.to} />
      <AdminOnly back={back}>{id === NEW_ID ? <NewProject courseId={courseId} /> : <EditProject courseId={courseId} id={id} />}</AdminOnly>
    </div>
  );
}
