import { ContentBlocks, DeleteButton, Panel, type ContentBlock } from '@dblearn/ui';

export interface ReadingBlocksProps {
  blocks: readonly ContentBlock[];
  /** "tutorial" or "project", for the empty state. */
  noun: string;
  /** An admin's per-block Delete; learners get none. */
  deleteBlock?: { run: (block: ContentBlock) => void; pendingId: string | null };
}

/** The blocks of a tutorial or project page, with an admin's Delete per block and a clear empty state. */
export function ReadingBlocks({ blocks, noun, deleteBlock }: ReadingBlocksProps) {
  return (
    <ContentBlocks
      blocks={blocks}
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
  );
}
