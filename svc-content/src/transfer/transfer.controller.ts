import { CONTENT_PATTERNS, type ExportSliceReply, type ImportReport } from '@dblearn/contracts';
import { ExportSliceRequestDto, ImportSliceRequestDto } from '@dblearn/contracts/dto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ExportService } from './export.service.js';
import { ImportService } from './import.service.js';

@Controller()
export class TransferController {
  constructor(
    private readonly exporter: ExportService,
    private readonly importer: ImportService,
  ) {}

  @MessagePattern(CONTENT_PATTERNS.exportSlice)
  exportSlice(@Payload() { cursor }: ExportSliceRequestDto): Promise<ExportSliceReply> {
    return this.exporter.slice(cursor);
  }

  @MessagePattern(CONTENT_PATTERNS.importSlice)
  importSlice(@Payload() slice: ImportSliceRequestDto): Promise<ImportReport> {
    return this.importer.importSlice(slice);
  }
}
