import { ROUTES } from '@dblearn/contracts';
import type { ContentExport, ImportReport } from '@dblearn/contracts';
import { ContentExportAnswer, ImportReportAnswer } from '@dblearn/contracts/answers';
import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBody, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { answerSchema, ERROR_ENVELOPE } from '../common/docs/answer-docs.js';
import { AdminWrite, ContentUnavailable } from './content.api.js';
import { ContentImportDto } from '@dblearn/contracts/dto';
import { ContentTransferService } from './content-transfer.service.js';

/** Under the /api prefix; the gateway gives this path alone the 20 MB body limit. */
export const CONTENT_IMPORT_PATH = 'content/import';

@ApiTags('content')
@ContentUnavailable()
@Controller()
export class ContentTransferController {
  constructor(private readonly transfer: ContentTransferService) {}

  @Get(ROUTES.content.export.path)
  @AdminWrite({ summary: 'Export all content', description: 'Every course with its tutorials and projects, and every interview question, with their _ids.', answer: ContentExportAnswer })
  export(): Promise<ContentExport> {
    return this.transfer.export();
  }

  @Post(ROUTES.content.import.path)
  @HttpCode(HttpStatus.OK)
  @AdminWrite({
    summary: 'Import content',
    description: 'The export document (up to 20 MB). Upserts by _id; each invalid course or question is rejected with its path and the rule it breaks, the valid rest is kept.',
    answer: ImportReportAnswer,
  })
  @ApiPayloadTooLargeResponse({ schema: ERROR_ENVELOPE, description: 'Over 20 MB.' })
  // ContentImportDto checks only the outline (each item is checked on its own): the document itself is the export's shape.
  @ApiBody({ schema: answerSchema(ContentExportAnswer) })
  import(@Body() body: ContentImportDto): Promise<ImportReport> {
    return this.transfer.import(body);
  }
}
