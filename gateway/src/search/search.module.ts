import { Module } from '@nestjs/common';
import { SearchController } from './search.controller.js';

/** /api/search: one search over what svc-content and svc-community own (issue 22). */
@Module({ controllers: [SearchController] })
export class SearchModule {}
