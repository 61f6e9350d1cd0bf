import { Module } from '@nestjs/common';
import { ItemCache } from './item-cache.js';

/** One ItemCache for the whole service: the modules that register the four item models import it. */
@Module({
  providers: [ItemCache],
  exports: [ItemCache],
})
export class ItemCacheModule {}
