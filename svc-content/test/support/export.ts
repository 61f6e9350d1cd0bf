import { CONTENT_PATTERNS, CONTENT_SLICE_BYTES, type ExportSliceReply, type ImportReport } from '@dblearn/contracts';
import type { NatsCaller } from '@dblearn/testing';

/** The whole export, slice by slice, the way the gateway assembles it. */
export async function exportAll(content: NatsCaller): Promise<{ courses: ExportSliceReply['courses']; interviewQuestions: ExportSliceReply['interviewQuestions']; slices: number }> {
  const all = { courses: [] as ExportSliceReply['courses'], interviewQuestions: [] as ExportSliceReply['interviewQuestions'], slices: 0 };
  let cursor: string | null = null;
  do {
    const slice: ExportSliceReply = await content.send<ExportSliceReply>(CONTENT_PATTERNS.exportSlice, cursor ? { cursor } : {}, 30_000);
    all.courses.push(...slice.courses);
    all.interviewQuestions.push(...slice.interviewQuestions);
    all.slices += 1;
    cursor = slice.next;
  } while (cursor);
  return all;
}

/** Items per import slice at most, as the gateway sends them (gateway/src/content/content-transfer.service.ts). */
const SLICE_ITEMS = { courses: 50, interviewQuestions: 500 } as const;

/** A whole import, slice by slice under CONTENT_SLICE_BYTES, the way the gateway sends it. */
export async function importAll(content: NatsCaller, document: { courses: unknown[]; interviewQuestions: unknown[] }): Promise<ImportReport> {
  const report: ImportReport = { created: 0, updated: 0, rejected: [] };
  for (const part of ['courses', 'interviewQuestions'] as const) {
    let slice: unknown[] = [];
    let bytes = 0;
    let offset = 0;
    const send = async () => {
      const payload = { [part]: slice, courseOffset: part === 'courses' ? offset : 0, interviewOffset: part === 'interviewQuestions' ? offset : 0 };
      const result = await content.send<ImportReport>(CONTENT_PATTERNS.importSlice, payload, 60_000);
      report.created += result.created;
      report.updated += result.updated;
      report.rejected.push(...result.rejected);
      offset += slice.length;
      [slice, bytes] = [[], 0];
    };
    for (const item of document[part]) {
      const size = Buffer.byteLength(JSON.stringify(item));
      if (slice.length > 0 && (bytes + size > CONTENT_SLICE_BYTES || slice.length >= SLICE_ITEMS[part])) await send();
      slice.push(item);
      bytes += size;
    }
    if (slice.length > 0) await send();
  }
  return report;
}
