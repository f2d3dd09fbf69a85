import { useState, type FormEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormAnnouncer, useFieldErrors } from './useFieldErrors';
import { emailProblem, textProblem } from './fieldRules';
import { TextField } from '../ui/TextField';

function Form({ onSend, serverSays }: { onSend(): void; serverSays?: { email?: string } }) {
  const [values, setValues] = useState({ name: '', email: '' });
  const fields = useFieldErrors<'name' | 'email'>(() => ({
    name: textProblem(values.name, { label: 'your name', max: 10 }),
    email: emailProblem(values.email),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.checkBeforeSubmit()) return;
    if (serverSays) fields.showServerProblems(serverSays);
    else onSend();
  };
  const field = (key: 'name' | 'email', label: string) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [key]: event.target.value }));
        fields.changed(key);
      }}
      onBlur={(event) => fields.touch(key, event)}
      error={fields.errorOf(key)}
    />
  );
  return (
    <form ref={fields.formRef} onSubmit={submit} noValidate>
      {field('name', 'Name')}
      {field('email', 'Email')}
      <button type="submit">Send</button>
      <FormAnnouncer announcement={fields.announcement} />
    </form>
  );
}

test('a refused send marks each field, describes it beside the field, focuses the first and announces the rest', async () => {
  const onSend = jest.fn();
  render(<Form onSend={onSend} />);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSend).not.toHaveBeenCalled();
  const name = screen.getByLabelText('Name');
  expect(name).toHaveFocus();
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAccessibleDescription('Enter your name.');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address.');
  expect(screen.getByTestId('form-announcer')).toHaveTextContent(
    'Not sent: 2 fields need attention. Enter your name. Enter your email address.',
  );
});

test('an error goes as soon as the value is fixed, and never lingers once every field is filled', async () => {
  const onSend = jest.fn();
  render(<Form onSend={onSend} />);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter an email address like name@example.com.');
  await userEvent.type(screen.getByLabelText('Email'), '.com');
  expect(screen.queryAllByText(/Enter/, { selector: 'p:not([aria-live])' })).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSend).toHaveBeenCalledTimes(1);
});

test('leaving an empty field says nothing; leaving a wrong one says what is wrong', async () => {
  render(<Form onSend={jest.fn()} />);
  await userEvent.click(screen.getByLabelText('Email'));
  await userEvent.tab();
  expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
  // Towards the send button nothing moves: the send's own check will say it.
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  await userEvent.click(screen.getByLabelText('Email'));
  await userEvent.click(screen.getByLabelText('Name'));
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter an email address like name@example.com.');
});

test("the server's words stay beside their field until that field changes", async () => {
  render(<Form onSend={jest.fn()} serverSays={{ email: 'This address does not accept mail.' }} />);
  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByLabelText('Email')).toHaveFocus();
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This address does not accept mail.');
  expect(screen.getByTestId('form-announcer')).toHaveTextContent('one field needs attention. This address does not accept mail.');
  await userEvent.type(screen.getByLabelText('Email'), 'x');
  expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
});

test('email rules: the shapes people mistype are refused, real addresses pass', () => {
  for (const bad of ['not-an-email', 'a@b', 'a b@example.com', '@example.com', 'ada@.com', 'ada@example.c', 'ada@@example.com'])
    expect(emailProblem(bad)).toBe('Enter an email address like name@example.com.');
  for (const good of ['ada@example.com', 'a.b+c@sub.example.co.in', 'ÉLODIE@exemple.fr']) expect(emailProblem(good)).toBeUndefined();
  expect(emailProblem('   ')).toBe('Enter your email address.');
  expect(emailProblem('', { required: false })).toBeUndefined();
  expect(textProblem('x'.repeat(12), { label: 'a name', max: 10 })).toBe('Use at most 10 characters (now 12).');
});
