import type { ListPage, Topic } from '@dblearn/contracts';
import type { ReadModel, ReadModelObserver } from '@dblearn/nest-common';
import type { AnyObject } from 'mongoose';

/** What the kit's read model keeps per item: the answer shape plus its list position. */
export type Listed<T> = T & { createdAt: number };

/**
 * One of svc-content's lists on the platform read model (DESIGN "Reads at scale"): pages and
 * single items come from memory, in the contract's shape (the order field stays inside).
 */
export class ContentList<T extends { _id: string; topic: Topic }> {
  constructor(private readonly list: ReadModel<Listed<T>>) {}

  /** A page of the items with this topic and these other filters (each a filter of the read model; undefined ones are left out). */
  async page(topic: Topic | undefined, page: number, pageSize: number, filters: Partial<Record<keyof T & string, string | undefined>> = {}): Promise<ListPage<T>> {
    const where = { ...filters, topic } as Partial<Record<keyof Listed<T> & string, string>>;
    const { items, total } = await this.list.page({ where, offset: (page - 1) * pageSize, limit: pageSize });
    return { items: items.map(withoutOrder), total };
  }

  /** Every item held in memory now, then every change (the search index; READ_MODEL=off too). */
  observe(observer: ReadModelObserver<T>): void {
    this.list.observe({
      loaded: (items) => observer.loaded(items.map(withoutOrder)),
      upserted: (item) => observer.upserted(withoutOrder(item)),
      removed: (id) => observer.removed(id),
    });
  }

  /** The item from memory, or undefined (not listed here yet, or the read model is off). */
  get(id: string): T | undefined {
    const listed = this.list.get(id);
    return listed && withoutOrder(listed);
  }

  /** After this instance wrote the document: listed at once; answers the item as the API shows it. */
  written(doc: AnyObject): T {
    this.list.written(doc);
    return withoutOrder(this.list.definition.toSummary(doc));
  }

  deleted(ids: readonly string[]): void {
    this.list.deleted(ids);
  }

  refresh(ids: readonly string[]): Promise<void> {
    return this.list.refresh(ids);
  }

  /** `limit` items from `offset` in list order (the export walks the list this way). */
  async slice(offset: number, limit: number): Promise<ListPage<T>> {
    const { items, total } = await this.list.page({ offset, limit });
    return { items: items.map(withoutOrder), total };
  }
}

function withoutOrder<T>({ createdAt: _order, ...item }: Listed<T>): T {
  return item as unknown as T;
}
