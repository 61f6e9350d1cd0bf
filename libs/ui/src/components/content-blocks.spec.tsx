import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContentBlocks, parseDetail, type ContentBlock } from './content-blocks.js';

const select: ContentBlock = {
  _id: 'b1',
  header: 'Filtering rows with WHERE',
  detail: 'WHERE keeps the rows for which the condition is true.\n\n```sql\nSELECT name\nFROM student\nWHERE year = 2;\n```\nNULL compares as unknown, so those rows are left out.',
};

describe('parseDetail', () => {
  it('splits text at every kind of line break and drops blank lines', () => {
    expect(parseDetail('one\r\ntwo\rthree\n\n  \nfour')).toEqual([
      { kind: 'line', text: 'one' },
      { kind: 'line', text: 'two' },
      { kind: 'line', text: 'three' },
      { kind: 'line', text: 'four' },
    ]);
  });

  it('keeps a fenced block whole, with its language and its blank lines', () => {
    expect(parseDetail('Before\n```SQL\nSELECT 1;\n\nSELECT 2;\n```\nAfter')).toEqual([
      { kind: 'line', text: 'Before' },
      { kind: 'code', language: 'sql', code: 'SELECT 1;\n\nSELECT 2;' },
      { kind: 'line', text: 'After' },
    ]);
  });

  it('runs an unclosed fence to the end, and reads a fence without a language as plain code', () => {
    expect(parseDetail('```\nplain\n```\n```sql\nSELECT *')).toEqual([
      { kind: 'code', language: '', code: 'plain' },
      { kind: 'code', language: 'sql', code: 'SELECT *' },
    ]);
  });

  it('reads the info words after a fence\'s language (```sql must-fail), and closes only at a bare fence', () => {
    expect(parseDetail('```sql Must-Fail\nINSERT INTO t VALUES (9);\n```sql\n```')).toEqual([{ kind: 'code', language: 'sql', code: 'INSERT INTO t VALUES (9);\n```sql', info: ['must-fail'] }]);
  });

  it('gives nothing for an empty detail', () => {
    expect(parseDetail('')).toEqual([]);
  });
});

describe('ContentBlocks', () => {
  it('shows each block as a section named by its header, with one paragraph per line and the SQL as code', () => {
    render(<ContentBlocks blocks={[select]} />);
    const block = screen.getByRole('region', { name: 'Filtering rows with WHERE' });
    expect(within(block).getByRole('heading', { level: 2 })).toHaveTextContent('Filtering rows with WHERE');
    const paragraphs = block.querySelectorAll('p');
    expect([...paragraphs].map((p) => p.textContent)).toEqual([
      'WHERE keeps the rows for which the condition is true.',
      'NULL compares as unknown, so those rows are left out.',
    ]);
    const code = within(block).getByLabelText('SQL example');
    expect(code.tagName).toBe('PRE');
    expect(code.textContent).toBe('SELECT name\nFROM student\nWHERE year = 2;');
    expect(code.querySelector('code')).toHaveClass('language-sql');
  });

  it('puts each block\'s actions beside its own header', () => {
    const second = { _id: 'b2', header: 'Sorting', detail: 'ORDER BY sorts.' };
    render(<ContentBlocks blocks={[select, second]} headingLevel={3} blockActions={(block) => <button type="button">Delete {block.header}</button>} />);
    expect(within(screen.getByRole('region', { name: 'Sorting' })).getByRole('button')).toHaveTextContent('Delete Sorting');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
  });

  it('hands every code part to a custom renderer, numbered within its block (where SQL becomes runnable)', () => {
    const twoQueries = { _id: 'b3', header: 'Two queries', detail: '```sql\nSELECT 1;\n```\nand\n```sql\nSELECT 2;\n```' };
    render(
      <ContentBlocks
        blocks={[twoQueries]}
        renderCode={({ code, index, block, language }) => <output data-testid={`${block._id}-${index}`}>{`${language}: ${code}`}</output>}
      />,
    );
    expect(screen.getByTestId('b3-0')).toHaveTextContent('sql: SELECT 1;');
    expect(screen.getByTestId('b3-1')).toHaveTextContent('sql: SELECT 2;');
  });

  it('leaves out the heading of a block without a header', () => {
    render(<ContentBlocks blocks={[{ _id: 'b4', header: '', detail: 'Only text.' }]} />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByText('Only text.')).toBeInTheDocument();
  });

  it('closes a ```model-answer until the learner opens it, one paragraph per line, markup shown as text', async () => {
    const user = userEvent.setup();
    const task: ContentBlock = { _id: 'b5', header: 'Design task: an index plan', detail: 'Choose the indexes.\n```model-answer\nOne index on (status, ordered_on).\n<b>not bold</b>\n```\nThen compare.' };
    const { container } = render(<ContentBlocks blocks={[task]} renderCode={() => <output>code</output>} />);
    const answer = container.querySelector('details')!;
    expect(answer).not.toHaveAttribute('open');
    expect(screen.queryByText('code')).not.toBeInTheDocument();
    await user.click(screen.getByText('Show the model answer'));
    expect(answer).toHaveAttribute('open');
    expect(within(answer).getAllByRole('paragraph').map((line) => line.textContent)).toEqual(['One index on (status, ordered_on).', '<b>not bold</b>']);
    expect(answer.querySelector('b')).toBeNull();
    expect(screen.getByText('Then compare.')).toBeInTheDocument();
  });

  it('shows what it is given for no blocks', () => {
    render(<ContentBlocks blocks={[]} empty={<p>Nothing written here yet.</p>} />);
    expect(screen.getByText('Nothing written here yet.')).toBeInTheDocument();
  });
});
