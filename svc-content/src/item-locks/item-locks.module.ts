import { OutboxRelay } from '@dblearn/nest-common';
import { Module } from '@nestjs/common';
import { ProjectRecord } from '../projects/project.schema.js';
import { TutorialRecord } from '../tutorials/tutorial.schema.js';
import { ItemLocks } from './item-locks.js';

/** One ItemLocks for the whole service: every module that writes tutorials or projects imports this one. */
@Module({
  providers: [ItemLocks],
  exports: [ItemLocks],
})
export class ItemLocksModule {
  /** The relay's background clear of an item's events is one more writer of it: it takes the item's lock too. */
  constructor(relay: OutboxRelay, locks: ItemLocks) {
    for (const model of [ProjectRecord.name, TutorialRecord.name]) relay.lockDocumentsWith(model, (id, task) => locks.run(id, task));
  }
}
