import { Button, LinkButton, Panel, toastRefusal } from '@dblearn/ui';
import { errorStatus, isFetchBaseQueryError, toast, useSession } from '@dblearn/web';
import { useNavigate, useParams } from '@dblearn/web/router';
import { useCreateQuestionMutation } from '../api/create-question.js';
import { useGetQuestionQuery } from '../api/get-question.js';
import type { InterviewQuestionInput } from '../api/interview-question.js';
import { useUpdateQuestionMutation } from '../api/update-question.js';
import { QuestionForm } from '../components/question-form.js';
import { viewHref } from '../components/question-view.js';

const backToList = <LinkButton to="/interview">Back to the questions</LinkButton>;

function NewQuestion() {
  const navigate = useNavigate();
  const [createQuestion, { isLoading }] = useCreateQuestionMutation();
  const submit = async (question: InterviewQuestionInput) => {
    try {
      await createQuestion(question).unwrap();
      toast.success('Question added.');
      navigate(viewHref({ kind: 'topic', topic: question.topic }));
    } catch (error) {
      toastRefusal(error, 'The question could not be added.');
    }
  };
  return (
    <>
      <h1>New Question</h1>
      <QuestionForm submitting={isLoading} onSubmit={submit} />
    </>
  );
}

function EditQuestion({ id }: { id: string }) {
  const navigate = useNavigate();
  const { currentData: question, error, isFetching, refetch } = useGetQuestionQuery(id);
  const [updateQuestion, { isLoading }] = useUpdateQuestionMutation();
  if (!question) {
    if (isFetching) return <p role="status">Loading the question…</p>;
    const status = isFetchBaseQueryError(error) ? errorStatus(error) : null;
    if (status === 400 || status === 404) {
      return (
        <Panel title="No such question" tone="warning" headingLevel={1} actions={backToList}>
          <p>It may have been deleted. Pick a question from the list to edit it.</p>
        </Panel>
      );
    }
    return (
      <Panel title="The question could not be loaded" tone="error" headingLevel={1} actions={<Button onClick={() => void refetch()}>Try again</Button>}>
        <p>Check your connection and try again.</p>
      </Panel>
    );
  }
  const submit = async (changed: InterviewQuestionInput) => {
    try {
      await updateQuestion({ id, question: changed }).unwrap();
      toast.success('Question saved.');
      navigate(viewHref({ kind: 'topic', topic: changed.topic }));
    } catch (failure) {
      toastRefusal(failure, 'The question could not be saved.');
    }
  };
  return (
    <>
      <h1>Edit Question</h1>
      {/* keyed by id: the form starts from this question's values */}
      <QuestionForm
        key={question._id}
        initial={{ topic: question.topic, question: question.question, answer: question.answer, difficulty: question.difficulty }}
        submitting={isLoading}
        onSubmit={submit}
      />
    </>
  );
}

/** /interview/{id}: the admin form; `new` adds a question. */
export default function QuestionFormRoute() {
  const { id = 'new' } = useParams();
  const { isAdmin } = useSession();
  if (!isAdmin) {
    return (
      <Panel title="Only admins can change interview questions" tone="warning" headingLevel={1} actions={backToList}>
        <p>You can read and save every question in the list.</p>
      </Panel>
    );
  }
  return <div className="interview-form-page">{id === 'new' ? <NewQuestion /> : <EditQuestion id={id} />}</div>;
}
