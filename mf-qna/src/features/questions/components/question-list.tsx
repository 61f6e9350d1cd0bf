import { Pagination } from '@dblearn/ui';
import { Link } from '@dblearn/web/router';
import type { QnaQuestionSummary } from '../api/qna-question.js';
import { PostMeta } from './post-meta.js';

export interface QuestionListProps {
  items: readonly QnaQuestionSummary[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
}

function answers(count: number): string {
  return count === 1 ? '1 answer' : `${count} answers`;
}

/** One page of questions, newest first: author, date, topic, and the title linking to the thread. */
export function QuestionList({ items, total, page, onPageChange }: QuestionListProps) {
  return (
    <>
      <ul className="qna-list">
        {items.map((question) => (
          <li key={question._id}>
            <article className="qna-item" aria-labelledby={`qna-item-${question._id}`}>
              <h3 id={`qna-item-${question._id}`} className="qna-item__title">
                <Link to={`/qna/${question._id}`}>{question.title}</Link>
              </h3>
              <PostMeta authorName={question.authorName} datePosted={question.datePosted} topic={question.topic} />
              <p className="qna-item__replies">
                {question.solved ? <span className="qna-item__solved">Solved · </span> : null}
                {answers(question.replyCount)}
              </p>
            </article>
          </li>
        ))}
      </ul>
      <Pagination totalItems={total} currentPage={page} onPageChange={onPageChange} label="Question pages" />
    </>
  );
}
