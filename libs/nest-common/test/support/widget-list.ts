import { EVENT_SUBJECTS } from '@dblearn/contracts';
import type { AnyObject, Model } from 'mongoose';
import type { ReadModelDefinition } from '../../src/storage/read-model/read-model.js';

export interface WidgetSummary {
  _id: string;
  title: string;
  topic: string;
  rank: number;
}

/** The widgets' list as the read model specs declare it (by rank, per topic). */
export function widgetList(model: Model<AnyObject>, more: Partial<ReadModelDefinition<WidgetSummary>> = {}): ReadModelDefinition<WidgetSummary> {
  return {
    name: 'widgets',
    model,
    projection: { title: 1, topic: 1, rank: 1 },
    toSummary: (doc) => ({ _id: String(doc._id), title: doc.title as string, topic: doc.topic as string, rank: doc.rank as number }),
    orderBy: 'rank',
    direction: 'asc',
    filters: ['topic'],
    follow: { [EVENT_SUBJECTS.projectUpdated]: true, [EVENT_SUBJECTS.courseDeleted]: true },
    ...more,
  };
}
