import type { ListPage, Topic } from '@dblearn/contracts';
import { Logger, type OnModuleInit } from '@nestjs/common';
import type { Model } from 'mongoose';
import { ListIndex, type Listed } from './list-index.js';

/**
 * One collection's list in memory (DESIGN "Reads at scale"): its pages and its items by id are
 * answered from here, never by a scan. Loaded once at start; this instance's writes update it at
 * once, other instances' writes through their events (ContentEventsListener).
 */
export abstract class CollectionReadModel<R, T> implements OnModuleInit {
  private readonly logger = new Logger(this.constructor.name);
  private readonly index = new ListIndex<T>();

  protected constructor(
    private readonly model: Model<R>,
    private readonly fields: Record<string, 1>,
    private readonly toListed: (record: R) => Listed<T>,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.load();
  }

  /** Reads the whole collection once (start-up, and after an import). */
  async load(): Promise<void> {
    const started = Date.now();
    const records = await this.model.find({}, this.fields).lean<R[]>().exec();
    this.index.reset(records.map(this.toListed));
    this.logger.log(`Loaded ${records.length} item(s) into the read model in ${Date.now() - started} ms.`);
  }

  page(topic: Topic | undefined, page: number, pageSize: number): ListPage<T> {
    return this.index.page(topic, page, pageSize);
  }

  get(id: string): T | undefined {
    return this.index.get(id);
  }

  /** Every id in list order. */
  ids(): string[] {
    return this.index.ids();
  }

  get size(): number {
    return this.index.size;
  }

  put(record: R): T {
    const listed = this.toListed(record);
    this.index.upsert(listed);
    return listed.item;
  }

  remove(id: string): void {
    this.index.remove(id);
  }

  /** Reads one item again by `_id` (another instance changed it): listed if it exists, dropped if not. */
  async refresh(id: string): Promise<void> {
    const record = await this.model.findById(id, this.fields).lean<R>().exec();
    if (record) this.put(record);
    else this.remove(id);
  }
}
