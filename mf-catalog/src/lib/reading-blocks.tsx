import { ContentBlocks, DeleteButton, Panel, SandboxSchema, type ContentBlock } from '@dblearn/ui';

export interface ReadingBlocksProps {
  blocks: readonly ContentBlock[];
  /** "tutorial" or "project", for the empty state. */
  noun: string;
  /** The course the page belongs to: its ```sql blocks run on the course's sandbox. */
  courseId: string;
  /** An admin's per-block Delete; learners get none. */
  deleteBlock?: { run: (block: ContentBlock) => void; pendingId: string | null };
}

/**
 * The blocks of a tutorial or project page, with an admin's Delete per block and a clear empty state;
 * above them, the course's practice database (schema view) when the course has one.
 */
export function ReadingBlocks({ blocks, noun, courseId, deleteBlock }: ReadingBlocksProps) {
  return (
    <>
      <SandboxSchema courseId={courseId} />
      <ContentBlocks
        blocks={blocks}
        courseId={courseId}
        blockActions={
          deleteBlock
            ? (block) => (
                <DeleteButton itemName={`block "${block.header || 'without a header'}"`} onConfirm={() => deleteBlock.run(block)} pending={deleteBlock.pendingId === block._id} />
              )
            : undefined
        }
        empty={
          <Panel title="Nothing written yet" headingLevel={2}>
            <p>{deleteBlock ? 'Add a block with Edit.' : `This ${noun} has no content yet.`}</p>
          </Panel>
        }
      />
    </>
  );
}
