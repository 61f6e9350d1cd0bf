import { LinkButton, Panel } from '@dblearn/ui';
import { toast, useSession } from '@dblearn/web';
import { useNavigate, useParams } from '@dblearn/web/router';
import { useGetQuestionQuery } from '../api/get-question.js';
import type { QuestionInput } from '../api/qna-question.js';
import { useUpdateQuestionMutation } from '../api/update-question.js';
import { QuestionForm } from '../components/question-form.js';
import { QuestionUnavailable } from '../components/question-unavailable.js';
import { toastRefusal } from '@dblearn/ui';

/** /qna/edit/{id}: the author edits title, question and topic. */
export default function EditQuestionRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const { currentData: question, error, isFetching, refetch } = useGetQuestionQuery(id);
  const [updateQuestion, { isLoading }] = useUpdateQuestionMutation();

  if (!question) {
    if (isFetching) return <p role="status">Loading the question…</p>;
    return <QuestionUnavailable error={error} retry={() => void refetch()} />;
  }
  const back = (
    <LinkButton variant="ghost" to={`/qna/${question._id}`}>
      Cancel
    </LinkButton>
  );
  // Only a hint for the page: svc-community decides from the account id whatever the browser shows.
  if (!user || question.authorId !== user._id) {
    return (
      <Panel title="Only the author can edit this question" tone="warning" headingLevel={1} actions={back}>
        <p>You can answer it on its page.</p>
      </Panel>
    );
  }
  const save = async (changed: QuestionInput): Promise<boolean> => {
    try {
      await updateQuestion({ id: question._id, question: changed }).unwrap();
      toast.success('Question saved.');
      navigate(`/qna/${question._id}`);
      return true;
    } catch (failure) {
      toastRefusal(failure, 'The question could not be saved.');
      return false;
    }
  };
  return (
    <div className="qna-edit">
      <h1>Edit Question</h1>
      {/* keyed by id: the form starts from this question's values */}
      <QuestionForm
        key={question._id}
        initial={{ topic: question.topic, title: question.title, description: question.description, sandboxCourseId: question.sandboxCourseId }}
        submitLabel="Save"
        submitting={isLoading}
        onSubmit={save}
      >
        {back}
      </QuestionForm>
    </div>
  );
}
