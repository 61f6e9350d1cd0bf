import { Button, Panel, readPage, toastRefusal, usePagedList } from '@dblearn/ui';
import { useNavigate, useSearchParams } from '@dblearn/web/router';
import { useCreateQuestionMutation } from '../api/create-question.js';
import { useGetQuestionsQuery } from '../api/get-questions.js';
import { newQuestionsShown, useQnaLiveQuery } from '../api/qna-live.js';
import { QUESTION_LIST_TAG, qnaApi } from '../api/qna-question.js';
import type { QuestionInput } from '../api/qna-question.js';
import { QuestionForm } from '../components/question-form.js';
import { QuestionList } from '../components/question-list.js';
import { ASK_PARAM, listHref, readTopic, topicTitle } from '../components/question-view.js';
import { TopicSidebar } from '../components/topic-sidebar.js';
import { toast, useAppDispatch } from '@dblearn/web';

/** /qna: the post form at the top, the topic sidebar, and six questions a page, newest first. */
export default function QuestionsRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const topic = readTopic(params);
  const page = readPage(params);
  const list = useGetQuestionsQuery({ topic, page });
  const [createQuestion, { isLoading: posting }] = useCreateQuestionMutation();
  const dispatch = useAppDispatch();
  // Questions others posted since this list was read, in the topic shown (issue 22).
  const { data: live } = useQnaLiveQuery();
  const fresh = (live?.newQuestions ?? []).filter((question) => topic === null || question.topic === topic);
  const showNew = () => {
    dispatch(newQuestionsShown());
    dispatch(qnaApi.util.invalidateTags([QUESTION_LIST_TAG]));
    navigate(listHref(topic, 1));
  };
  // currentData: never show the previous page's questions while the next page loads.
  const shown = list.currentData;
  const total = shown?.total ?? 0;
  const loading = shown === undefined && list.isFetching;
  // A page past the end (its last question was deleted, or an old link) moves to the last one.
  const { currentPage, pastTheEnd } = usePagedList({ page, total, loading, pageHref: (next) => listHref(topic, next) });

  const post = async (question: QuestionInput): Promise<boolean> => {
    try {
      await createQuestion(question).unwrap();
      toast.success('Question posted.');
      // Newest first: the new question is at the top of its topic's first page (and of All).
      navigate(listHref(topic === null || topic === question.topic ? topic : question.topic));
      return true;
    } catch (error) {
      toastRefusal(error, 'The question could not be posted.');
      return false;
    }
  };

  return (
    <div className="qna-page">
      <h1>Questions &amp; Answers</h1>
      <section className="qna-ask" aria-labelledby="qna-ask-title">
        <h2 id="qna-ask-title">Ask a question</h2>
        <QuestionForm submitLabel="Post Question" submitting={posting} onSubmit={post} focusTitle={params.get(ASK_PARAM) === '1'} />
      </section>
      <div className="qna-page__layout">
        <TopicSidebar current={topic} />
        <section className="qna-page__main" aria-labelledby="qna-list-title" aria-busy={loading}>
          <h2 id="qna-list-title">
            {topicTitle(topic)}
            {total > 0 ? <span className="qna-muted"> ({total})</span> : null}
          </h2>
          <div aria-live="polite" className="qna-live">
            {fresh.length > 0 ? (
              <Button variant="secondary" className="qna-live__new" onClick={showNew}>
                {fresh.length === 1 ? '1 new question' : `${fresh.length} new questions`}
              </Button>
            ) : null}
          </div>
          {loading ? (
            <p role="status" className="qna-muted">
              Loading questions…
            </p>
          ) : list.isError && !shown ? (
            <Panel title="The questions could not be loaded" tone="error" actions={<Button onClick={() => void list.refetch()}>Try again</Button>}>
              <p>Check your connection and try again.</p>
            </Panel>
          ) : !shown || shown.items.length === 0 ? (
            pastTheEnd ? null : (
              <Panel title={`No questions in ${topicTitle(topic)} yet`}>
                <p>Ask the first one with the form above.</p>
              </Panel>
            )
          ) : (
            <QuestionList items={shown.items} total={total} page={currentPage} onPageChange={(next) => navigate(listHref(topic, next))} />
          )}
        </section>
      </div>
    </div>
  );
}
