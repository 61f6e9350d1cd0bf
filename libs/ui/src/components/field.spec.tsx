import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SelectField, TextAreaField, TextField } from './field.js';
import { CheckboxGroup, RadioGroup } from './radio-group.js';

describe('TextField', () => {
  it('is found by its label and has no description while valid', () => {
    render(<TextField label="Username" name="email" />);
    const input = screen.getByLabelText('Username');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('links its error text through aria-describedby and marks itself invalid', () => {
    render(<TextField label="Username" name="email" error="E-mail must be 5 to 50 characters long." />);
    const input = screen.getByLabelText('Username');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('E-mail must be 5 to 50 characters long.');
    expect(screen.getByRole('alert')).toHaveTextContent('E-mail must be 5 to 50 characters long.');
  });

  it('shows every broken rule it is given', () => {
    render(<TextField label="Password" type="password" error={['First rule.', 'Second rule.']} />);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('First rule. Second rule.');
  });

  it('keeps each field\'s error to itself', () => {
    render(
      <>
        <TextField label="Username" error="Username problem." />
        <TextField label="Password" />
      </>,
    );
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username problem.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('');
  });

  it('passes input props through, including the ref', async () => {
    let element: HTMLInputElement | null = null;
    render(<TextField label="Username" ref={(node) => void (element = node)} placeholder="you@example.com" />);
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    expect(element).toBe(screen.getByPlaceholderText('you@example.com'));
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
  });
});

describe('TextAreaField', () => {
  it('is a labelled textarea with the same error wiring', () => {
    render(<TextAreaField label="Answer" error="Answer must be 10 to 3000 characters long." />);
    const textarea = screen.getByLabelText('Answer');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAccessibleDescription('Answer must be 10 to 3000 characters long.');
  });
});

describe('RadioGroup', () => {
  const options = [
    { value: 'beginner', label: 'Beginner' },
    { value: 'intermediate', label: 'Intermediate' },
    { value: 'professional', label: 'Professional' },
  ];

  it('groups labelled radios under its legend, one choice at a time', async () => {
    render(<RadioGroup legend="Skill" name="skill" options={options} />);
    expect(screen.getByRole('group', { name: 'Skill' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Intermediate'));
    expect(screen.getByLabelText('Intermediate')).toBeChecked();
    await userEvent.click(screen.getByLabelText('Professional'));
    expect(screen.getByLabelText('Intermediate')).not.toBeChecked();
    expect(screen.getByLabelText('Professional')).toBeChecked();
  });

  it('describes the group with its error', () => {
    render(<RadioGroup legend="Skill" name="skill" options={options} error="Skill is required." />);
    expect(screen.getByRole('group', { name: 'Skill' })).toHaveAccessibleDescription('Skill is required.');
    expect(screen.getByRole('alert')).toHaveTextContent('Skill is required.');
  });
});

describe('CheckboxGroup', () => {
  const options = [
    { value: '0', label: 'A primary key' },
    { value: '1', label: 'A foreign key' },
  ];

  it('groups labelled checkboxes under its legend, several at a time, described by its hint then its error', async () => {
    render(<CheckboxGroup legend="Your answer" name="choices" options={options} hint="Choose every option that is right." error="Choose at least one option." />);
    const group = screen.getByRole('group', { name: 'Your answer' });
    expect(group).toHaveAccessibleDescription('Choose every option that is right. Choose at least one option.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'A primary key' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'A foreign key' }));
    expect(screen.getByRole('checkbox', { name: 'A primary key' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'A foreign key' })).toBeChecked();
  });
});

describe('SelectField', () => {
  const options = [
    { value: 'sql', label: 'SQL' },
    { value: 'nosql', label: 'NoSQL' },
  ];

  it('starts on its placeholder, offers the options by label, and ties its error to the control', async () => {
    render(<SelectField label="Topic" placeholder="Choose a topic" options={options} error="Topic is required." />);
    const select = screen.getByLabelText('Topic');
    expect(select).toHaveValue('');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a topic', 'SQL', 'NoSQL']);
    expect(select).toHaveAccessibleDescription('Topic is required.');
    await userEvent.selectOptions(select, 'NoSQL');
    expect(select).toHaveValue('nosql');
  });
});
