import { CONTENT_PATTERNS, type ExportSliceReply } from '@dblearn/contracts';
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
