import {
  CONTENT_EXPORT_FORMAT,
  CONTENT_ITEM_MAX_JSON_BYTES,
  CONTENT_PATTERNS,
  CONTENT_SLICE_BYTES,
  type ContentExport,
  importIdConflict,
  importIdConflictMessage,
  type ImportRejection,
  type ImportReport,
} from '@dblearn/contracts';
import type { ContentImportDto } from '@dblearn/contracts/dto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { ServiceClients } from '../services/service-clients.js';

/** An import or export slice does many writes or reads: it gets longer than an ordinary call. */
const SLICE_TIMEOUT_MS = 60_000;
/** Items per slice at most, so that a slice of small items still finishes well inside SLICE_TIMEOUT_MS on a busy machine. */
const MAX_SLICE_ITEMS = { courses: 50, interviewQuestions: 500 } as const;
/** NATS carries at most 1 MB a message; one item larger than this cannot travel and is refused alone. */
const MAX_ITEM_BYTES = CONTENT_ITEM_MAX_JSON_BYTES;

type Part = 'courses' | 'interviewQuestions';

interface Slice {
  part: Part;
  offset: number;
  items: unknown[];
}

/**
 * GET /content/export and POST /content/import (CONTRACT "Content export and import"). Both travel
 * to svc-content in slices that fit a NATS message; the service checks every item.
 */
@Injectable()
export class ContentTransferService {
  constructor(private readonly services: ServiceClients) {}

  async export(): Promise<ContentExport> {
    const document: ContentExport = { format: CONTENT_EXPORT_FORMAT, exportedAt: new Date().toISOString(), courses: [], interviewQuestions: [] };
    let cursor: string | null | undefined;
    do {
      const slice = await this.services.send(CONTENT_PATTERNS.exportSlice, cursor ? { cursor } : {}, SLICE_TIMEOUT_MS);
      document.courses.push(...slice.courses);
      document.interviewQuestions.push(...slice.interviewQuestions);
      cursor = slice.next;
    } while (cursor);
    return document;
  }

  async import(document: ContentImportDto): Promise<ImportReport> {
    // Across slices only the whole file can tell (issue 17): an item under two courses, a check _id twice.
    const conflict = importIdConflict(document.courses ?? []);
    if (conflict) throw new BadRequestException(importIdConflictMessage(conflict));
    const report: ImportReport = { created: 0, updated: 0, rejected: [] };
    for (const slice of slices(document, report.rejected)) {
      const payload = {
        [slice.part]: slice.items,
        courseOffset: slice.part === 'courses' ? slice.offset : 0,
        interviewOffset: slice.part === 'interviewQuestions' ? slice.offset : 0,
      };
      const result = await this.services.send(CONTENT_PATTERNS.importSlice, payload, SLICE_TIMEOUT_MS);
      report.created += result.created;
      report.updated += result.updated;
      report.rejected.push(...result.rejected);
      // One slice judged on SQLite alone is enough to say so of the import.
      if (result.postgresNotChecked) report.postgresNotChecked = result.postgresNotChecked;
    }
    return report;
  }
}

/** Consecutive items of each part, each slice under CONTENT_SLICE_BYTES of JSON and MAX_SLICE_ITEMS items (an oversized item is rejected here). */
function* slices(document: ContentImportDto, rejected: ImportRejection[]): Generator<Slice> {
  for (const part of ['courses', 'interviewQuestions'] as const) {
    const items = document[part] ?? [];
    let current: Slice = { part, offset: 0, items: [] };
    let bytes = 0;
    for (const [index, item] of items.entries()) {
      const size = Buffer.byteLength(JSON.stringify(item) ?? 'null');
      const startsNew = current.items.length > 0 && (bytes + size > CONTENT_SLICE_BYTES || current.items.length >= MAX_SLICE_ITEMS[part]);
      if (startsNew) {
        yield current;
        current = { part, offset: index, items: [] };
        bytes = 0;
      }
      if (current.items.length === 0) current.offset = index;
      if (size > MAX_ITEM_BYTES) {
        rejected.push({ path: `${part}[${index}]`, message: `One item may be at most ${MAX_ITEM_BYTES / 1024} kB of JSON.` });
        // A hole in the slice would shift the paths: the next item starts a new slice.
        if (current.items.length > 0) yield current;
        current = { part, offset: index + 1, items: [] };
        bytes = 0;
        continue;
      }
      current.items.push(item);
      bytes += size;
    }
    if (current.items.length > 0) yield current;
  }
}
