import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@dblearn/web/testing';
import { Button, LinkButton } from './button.js';

describe('Button', () => {
  it('is a button that does not submit forms unless asked to', async () => {
    const onSubmit = jest.fn((event: SubmitEvent) => event.preventDefault());
    const onClick = jest.fn();
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button onClick={onClick}>Edit</Button>
        <Button type="submit" variant="secondary">
          Save
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('carries its variant as a class and ignores clicks while disabled', async () => {
    const onClick = jest.fn();
    render(
      <Button variant="danger" disabled onClick={onClick}>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveClass('dbl-button', 'dbl-button--danger');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('LinkButton', () => {
  it('stays a link to assistive technology', () => {
    render(
      <MemoryRouter>
        <LinkButton to="/login">Login</LinkButton>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
