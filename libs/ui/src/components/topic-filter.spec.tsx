import type { Topic } from '@dblearn/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TopicFilter } from './topic-filter.js';

function Harness({ onChange }: { onChange?: (topic: Topic | null) => void }) {
  const [topic, setTopic] = useState<Topic | null>(null);
  return (
    <TopicFilter
      selected={topic}
      onSelect={(next) => {
        setTopic(next);
        onChange?.(next);
      }}
    />
  );
}

describe('TopicFilter', () => {
  it('offers All and the five topics by their labels, in order', () => {
    render(<Harness />);
    const names = within(screen.getByRole('group', { name: 'Filter by topic' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['All', 'Basic Concepts', 'Relational Model', 'File Organization', 'NoSQL', 'SQL']);
  });

  it('starts on All and presses the topic chosen, releasing the others', async () => {
    const chosen: (Topic | null)[] = [];
    render(<Harness onChange={(topic) => chosen.push(topic)} />);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'NoSQL' }));
    expect(screen.getByRole('button', { name: 'NoSQL' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByRole('button', { name: 'NoSQL' })).toHaveAttribute('aria-pressed', 'false');
    expect(chosen).toEqual(['nosql', null]);
  });

  it('keeps extra buttons inside the same group', () => {
    render(
      <TopicFilter selected={null} onSelect={() => undefined}>
        <button type="button">Saved Questions</button>
      </TopicFilter>,
    );
    expect(within(screen.getByRole('group')).getByRole('button', { name: 'Saved Questions' })).toBeInTheDocument();
  });
});
