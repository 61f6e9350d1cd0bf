import { type QnaQuestionSummary, type ServiceSearch, TOPIC_LABELS } from '@dblearn/contracts';
import type { SearchRequestDto } from '@dblearn/contracts/dto';
import { type SearchDocument, SearchIndex } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { QuestionList } from '../questions/question-list.js';

/** A thread as the index keeps it: its title, and the question as the body. */
export function questionDocument(question: QnaQuestionSummary): SearchDocument {
  return {
    id: question._id,
    kind: 'qna',
    title: question.title,
    body: question.description,
    topic: question.topic,
    location: `Q&A › ${TOPIC_LABELS[question.topic]}`,
    courseId: null,
  };
}

/**
 * Q&A threads in a full-text index (issue 22, decision 0012), mirrored from the questions read
 * model: loaded with it at start (from its snapshot), changed with it by this instance's writes at
 * once and by every instance's events, so a new question is findable as soon as it is answered.
 */
@Injectable()
export class QuestionSearch {
  private readonly index = new SearchIndex();

  constructor(list: QuestionList) {
    list.observe({
      loaded: (questions) => void this.index.load(questions.map(questionDocument)),
      upserted: (question) => this.index.put(questionDocument(question)),
      removed: (id) => this.index.remove(id),
    });
  }

  search({ q, kind, limit }: SearchRequestDto): ServiceSearch {
    if (kind && kind !== 'qna') return { hits: [], counts: {} };
    return this.index.search(q, { kind, limit });
  }
}
