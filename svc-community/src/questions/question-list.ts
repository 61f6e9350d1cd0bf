import type { ListPage, QnaQuestionSummary, Topic } from '@dblearn/contracts';

export interface PageRequest {
  topic?: Topic;
  page: number;
  pageSize: number;
}

/** Newest first; equal dates by id, newest id first, so the order is total and stable. */
function newerFirst(a: QnaQuestionSummary, b: QnaQuestionSummary): number {
  if (a.datePosted !== b.datePosted) return a.datePosted > b.datePosted ? -1 : 1;
  return a._id === b._id ? 0 : a._id > b._id ? -1 : 1;
}

/** Where `item` sits, or would sit, in a list sorted by newerFirst (binary search). */
function positionOf(list: readonly QnaQuestionSummary[], item: QnaQuestionSummary): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (newerFirst(list[middle]!, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertSorted(list: QnaQuestionSummary[], item: QnaQuestionSummary): void {
  list.splice(positionOf(list, item), 0, item);
}

function removeSorted(list: QnaQuestionSummary[], item: QnaQuestionSummary): void {
  const index = positionOf(list, item);
  if (list[index]?._id === item._id) list.splice(index, 1);
}

/**
 * The read model of GET /qna (DESIGN "Reads at scale"): every question's summary in list order,
 * once for all and once per topic, so a page of any filter is a slice and never a scan of the
 * collection. Loaded at start, then kept in step by this instance's writes and by the community
 * events every instance hears. Upserts are idempotent, so hearing one's own write again is harmless.
 */
export class QuestionList {
  private readonly byId = new Map<string, QnaQuestionSummary>();
  private all: QnaQuestionSummary[] = [];
  private byTopic = new Map<Topic, QnaQuestionSummary[]>();
  private changeCount = 0;

  get size(): number {
    return this.all.length;
  }

  /** Grows with every change: a snapshot is written only when it moved. */
  get changes(): number {
    return this.changeCount;
  }

  /** Every summary, newest first (what a snapshot saves). */
  summaries(): readonly QnaQuestionSummary[] {
    return this.all;
  }

  /** Replaces the whole list (at start, and after missing events while NATS was away). */
  load(summaries: QnaQuestionSummary[]): void {
    this.changeCount += 1;
    this.byId.clear();
    for (const summary of summaries) this.byId.set(summary._id, summary);
    this.all = [...this.byId.values()].sort(newerFirst);
    this.byTopic = new Map();
    for (const summary of this.all) {
      const topicList = this.byTopic.get(summary.topic);
      if (topicList) topicList.push(summary);
      else this.byTopic.set(summary.topic, [summary]);
    }
  }

  upsert(summary: QnaQuestionSummary): void {
    this.changeCount += 1;
    this.remove(summary._id);
    this.byId.set(summary._id, summary);
    insertSorted(this.all, summary);
    const topicList = this.byTopic.get(summary.topic);
    if (topicList) insertSorted(topicList, summary);
    else this.byTopic.set(summary.topic, [summary]);
  }

  remove(id: string): void {
    const existing = this.byId.get(id);
    if (!existing) return;
    this.changeCount += 1;
    this.byId.delete(id);
    removeSorted(this.all, existing);
    const topicList = this.byTopic.get(existing.topic);
    if (topicList) removeSorted(topicList, existing);
  }

  page({ topic, page, pageSize }: PageRequest): ListPage<QnaQuestionSummary> {
    const list = topic ? (this.byTopic.get(topic) ?? []) : this.all;
    const start = (page - 1) * pageSize;
    return { items: list.slice(start, start + pageSize), total: list.length };
  }
}
