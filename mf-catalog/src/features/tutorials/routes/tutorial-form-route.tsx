import { toastRefusal } from '@dblearn/ui';
import { useNavigate, useParams } from '@dblearn/web/router';
import { AdminOnly } from '../../../lib/admin-only.js';
import { BackLink } from '../../../lib/back-link.js';
import { NEW_ID, paths } from '../../../lib/paths.js';
import { QueryView } from '../../../lib/query-view.js';
import { useCreateTutorialMutation } from '../api/create-tutorial.js';
import { useGetTutorialQuery } from '../api/get-tutorial.js';
import { useUpdateTutorialMutation } from '../api/update-tutorial.js';
import { TutorialForm } from '../components/tutorial-form.js';
import { toast } from '@dblearn/web';

function NewTutorial({ courseId }: { courseId: string }) {
  const [createTutorial] = useCreateTutorialMutation();
  const navigate = useNavigate();
  return (
    <>
      <h1>New Tutorial</h1>
      <TutorialForm
        onSave={async (fields) => {
          try {
            const tutorial = await createTutorial({ ...fields, courseId }).unwrap();
            toast.success(`"${tutorial.title}" was added.`);
            navigate(paths.course(courseId));
          } catch (error) {
            toastRefusal(error, 'The tutorial could not be saved.');
            throw error;
          }
        }}
      />
    </>
  );
}

function EditTutorial({ courseId, id }: { courseId: string; id: string }) {
  const tutorial = useGetTutorialQuery(id);
  const [updateTutorial] = useUpdateTutorialMutation();
  const navigate = useNavigate();
  return (
    <QueryView query={tutorial} what="tutorial" back={{ to: paths.course(courseId), label: 'Back to the course' }}>
      {(data) => (
        <>
          <h1>Edit Tutorial</h1>
          <p className="catalog-page__intro">
            {data.contents.length} block{data.contents.length === 1 ? '' : 's'} so far. Rename it, or add one more block below.
          </p>
          <TutorialForm
            key={id}
            initialTitle={data.title}
            onSave={async (fields) => {
              try {
                await updateTutorial({ id, courseId, ...fields }).unwrap();
                navigate(paths.tutorial(courseId, id));
              } catch (error) {
                toastRefusal(error, 'The tutorial could not be saved.');
                throw error;
              }
            }}
          />
        </>
      )}
    </QueryView>
  );
}

/** /catalog/{courseId}/tutorial/add/{id}: "new" writes a tutorial for the course, an id edits that one. */
export default function TutorialFormRoute() {
  const { courseId = '', id = NEW_ID } = useParams();
  const back = id === NEW_ID ? { to: paths.course(courseId), label: 'Back to the course' } : { to: paths.tutorial(courseId, id), label: 'Back to the tutorial' };
  return (
    <div className="catalog-page catalog-page--narrow">
      <BackLink to={back.to} />
      <AdminOnly back={back}>{id === NEW_ID ? <NewTutorial courseId={courseId} /> : <EditTutorial courseId={courseId} id={id} />}</AdminOnly>
    </div>
  );
}
