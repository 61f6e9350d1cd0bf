import { Module } from '@nestjs/common';
import { ItemLocks } from './item-locks.js';

/** One ItemLocks for the whole service: every module that writes tutorials or projects imports this one. */
@Module({
  providers: [ItemLocks],
  exports: [ItemLocks],
})
export class ItemLocksModule {}
