import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContentBlocks } from '../components/content-blocks.js';
import StructureView from './structure-view.js';

const narration = () => document.querySelector('[aria-live="polite"]')!;

describe('StructureView', () => {
  it('is what a ```btree fence in a lesson block becomes, loaded on demand', async () => {
    render(<ContentBlocks courseId="c1" blocks={[{ _id: 'b1', header: 'Try it', detail: 'Insert 30.\n```btree\norder: 1\nkeys: 10 20\n```' }]} />);
    // The first lazy import compiles the whole chunk: on a busy machine that takes seconds.
    expect(await screen.findByRole('heading', { name: 'B+ tree' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName('B+ tree of 1 level. Leaves, linked left to right: [10 20].');
  });

  it('starts a B+ tree from the block, says its convention, and walks an insert step by step', async () => {
    render(<StructureView language="btree" code={'order: 1\nkeys: 10 20'} />);
    expect(screen.getByText(/Order d = 1: every node except the root holds 1 to 2 keys/)).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName('B+ tree of 1 level. Leaves, linked left to right: [10 20].');
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Key'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(narration()).toHaveTextContent('The root split, so a new root [20] is made above it: the tree grows to 2 levels.');
    expect(screen.getByRole('img')).toHaveAccessibleName('B+ tree of 2 levels. Level 1: [20]. Leaves, linked left to right: [10] [20 30].');
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Step back' }));
    expect(narration()).toHaveTextContent('Split the leaf into [10] and [20 30], and copy 20 up');
    await userEvent.click(screen.getByRole('button', { name: 'Step back' }));
    expect(narration()).toHaveTextContent('Put 30 into leaf [10 20 30]: it now holds 3 keys, more than 2.');
    expect(screen.getByRole('img')).toHaveAccessibleName('B+ tree of 1 level. Leaves, linked left to right: [10 20 30].');
    await userEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();

    // The drawing steps with the arrow keys, and stops at either end.
    screen.getByRole('region', { name: 'B+ tree drawing' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
  });

  it('drops the steps ahead when a new operation starts from an earlier step, and resets to the block', async () => {
    render(<StructureView language="btree" code={'order: 2\nkeys: 5 1'} />);
    await userEvent.click(screen.getByRole('button', { name: 'Step back' }));
    await userEvent.type(screen.getByLabelText('Key'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(narration()).toHaveTextContent('7 is not in leaf [5], the only place it could be');
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('img')).toHaveAccessibleName('B+ tree of 1 level. Leaves, linked left to right: [1 5].');
  });

  it('rebuilds from the block keys when the order changes', async () => {
    render(<StructureView language="btree" code={'order: 2\nkeys: 1 2 3 4 5'} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(/^B\+ tree of 2 levels/);
    await userEvent.selectOptions(screen.getByLabelText('Order d'), '3');
    expect(screen.getByRole('img')).toHaveAccessibleName('B+ tree of 1 level. Leaves, linked left to right: [1 2 3 4 5].');
  });

  it('says what is wrong with a typed key, in place', async () => {
    render(<StructureView language="hash-extendible" code="capacity: 2" />);
    await userEvent.type(screen.getByLabelText('Key'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(screen.getByRole('alert')).toHaveTextContent('"abc" is not a key: use whole numbers from 0 to 999,999.');
    expect(screen.getByLabelText('Key')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a block with junk keys or an order out of range as a message over its text', () => {
    const { unmount } = render(<StructureView language="btree" code={'order: 40\nkeys: 1 2'} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This btree block cannot be drawn. The order must be a whole number from 1 to 8.');
    expect(screen.getByLabelText('BTREE example')).toHaveTextContent('order: 40');
    unmount();
    render(<StructureView language="hash-linear" code={'keys: 4 x'} />);
    expect(screen.getByRole('alert')).toHaveTextContent('"x" is not a key');
  });

  it('doubles an extendible directory on screen and walks back to before the doubling', async () => {
    render(<StructureView language="hash-extendible" code={'capacity: 4\nkeys: 4 12 32 16 1 5 21 13 10 15 7 19'} />);
    const drawing = screen.getByRole('region', { name: 'Extendible hashing drawing' });
    expect(within(drawing).getAllByRole('listitem').filter((item) => item.className.includes('entry'))).toHaveLength(4);
    await userEvent.type(screen.getByLabelText('Key'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(narration()).toHaveTextContent('Put 20 into bucket E: [4 12 20].');
    expect(within(drawing).getByText('Directory, global depth 3')).toBeInTheDocument();
    for (let back = 0; back < 4; back++) await userEvent.click(screen.getByRole('button', { name: 'Step back' }));
    expect(narration()).toHaveTextContent('h(20) = 20 = binary 10100; its last 2 bits 00 pick that directory entry, which points to bucket A.');
    expect(within(drawing).getByText('Directory, global depth 2')).toBeInTheDocument();
  });

  it('draws linear hashing with its Next pointer and overflow pages', async () => {
    render(<StructureView language="hash-linear" code={'capacity: 1\nbuckets: 2\nkeys: 2 4'} />);
    const drawing = screen.getByRole('region', { name: 'Linear hashing drawing' });
    expect(within(drawing).getByText('← Next')).toBeInTheDocument();
    expect(narration()).toHaveTextContent('Split bucket 0 (the one Next points to) with h1: [4] stay, [2] go to the new bucket 2. Next moves to 1.');
  });

  it('skips the animation of 10,000 starting keys and says so', () => {
    render(<StructureView language="btree" code={'order: 2\nkeys: 1..10000'} />);
    expect(narration()).toHaveTextContent(/^Built from 10,000 keys in one go \(animation is skipped above 200 keys\)/);
    expect(screen.getByText(/are not drawn: too many boxes/)).toBeInTheDocument();
  });

  it('draws a ```precedence-graph block step by step and ends with its verdict', async () => {
    render(<StructureView language="precedence-graph" code={'r1(A) r2(A) w1(A) w2(A) c1 c2'} />);
    expect(screen.getByRole('heading', { name: 'Precedence graph' })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName('Precedence graph of T1, T2, no edges yet.');
    expect(screen.getByText('Step 0 of 4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(narration()).toHaveTextContent('w1(A) after r2(A): both touch A and one writes, so T2 must come before T1: add the edge T2 → T1.');
    expect(screen.getByRole('img')).toHaveAccessibleName('Precedence graph of T1, T2. Edges: T2 → T1 (A).');
    expect(within(screen.getByRole('list', { name: 'Schedule' })).getByText('w1(A)')).toHaveAttribute('aria-current', 'step');
    screen.getByRole('region', { name: 'Precedence graph drawing' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    expect(narration()).toHaveTextContent('Not conflict-serializable: cycle T1 → T2 → T1.');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByText('Step 0 of 4')).toBeInTheDocument();
  });

  it('draws a ```wait-for-graph block, marks the deadlock and strikes the victim from the lock table', async () => {
    render(<StructureView language="wait-for-graph" code={'T1 holds X(A) waits X(B)\nT2 holds X(B) waits S(A)\nT3 holds - waits S(B)'} />);
    expect(screen.getByRole('heading', { name: 'Wait-for graph' })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName('Wait-for graph of T1, T2, T3, no edges yet.');
    expect(screen.getByText('Step 0 of 6')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(narration()).toHaveTextContent('T1 waits for X(B), held incompatibly by T2: add T1 → T2.');
    screen.getByRole('region', { name: 'Wait-for graph drawing' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(narration()).toHaveTextContent('Deadlock: the cycle T1 → T2 → T1. Deadlocked: T1, T2.');
    await userEvent.keyboard('{ArrowRight}');
    expect(narration()).toHaveTextContent(/^Victim: T2, the youngest on the cycle/);
    expect(within(screen.getByRole('list', { name: 'Lock table' })).getByText('T2 holds X(B), waits for S(A) (aborted)')).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName('Wait-for graph of T1, T2, T3. Edges: T1 → T2 (B), T2 → T1 (A), T3 → T2 (B). Deadlocked: T1, T2. Victims: T2.');
    await userEvent.keyboard('{ArrowRight}');
    expect(narration()).toHaveTextContent('No cycle left. Aborted: T2.');
  });

  it('shows what is wrong with a bad lock table in place of the graph', () => {
    render(<StructureView language="wait-for-graph" code={'T1 holds Q(A)'} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This wait-for-graph block cannot be drawn. "Q(A)" on line 1 is not a lock');
  });

  it('shows what is wrong with a bad schedule in place of the graph', () => {
    render(<StructureView language="precedence-graph" code={'r1(A) w2'} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This precedence-graph block cannot be drawn. "w2" on line 1 names no item: write w2(A).');
    expect(screen.getByText(/r1\(A\) w2/)).toBeInTheDocument();
  });
});
