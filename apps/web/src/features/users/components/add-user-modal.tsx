import { Autocomplete, Loader, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type CreateUserRequest, createUserRequest } from '@verdant/contracts/users';
import { newUserLevels } from '@verdant/domain/access-options';
import { ACCESS } from '@verdant/domain/constants';
import { type ChangeEvent, useEffect, useState } from 'react';
import { FormActions, FormError } from '../../../components/form-actions';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useAvailabilityCheck, useCreateUser } from '../api';

type Field = keyof CreateUserRequest;
type Values = Record<Field, string>;

const EMPTY: Values = { email: '', userId: '', title: '', firstName: '', surname: '' };
const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'];

/** The shared contract's message for one field, so the form refuses what the server would. */
function ruleMessage(field: Field, value: string): string | null {
  const input = field === 'title' ? value.trim() || null : value;
  const result = createUserRequest.shape[field].safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

interface AddUserModalProps {
  opened: boolean;
  onClose: () => void;
  callerIsAdmin: boolean;
}

export function AddUserModal({ opened, onClose, callerIsAdmin }: AddUserModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add user" size="lg" centered>
      {opened && <AddUserForm onClose={onClose} callerIsAdmin={callerIsAdmin} />}
    </Modal>
  );
}

function AddUserForm({ onClose, callerIsAdmin }: { onClose: () => void; callerIsAdmin: boolean }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [level, setLevel] = useState<number>(ACCESS.observer);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string[]>>({});
  const create = useCreateUser();

  const rules = Object.fromEntries(
    (Object.keys(EMPTY) as Field[]).map((field) => [field, ruleMessage(field, values[field])]),
  ) as Record<Field, string | null>;
  const emailCheck = useAvailabilityCheck('email', values.email.trim(), rules.email === null);
  const idCheck = useAvailabilityCheck('login-id', values.userId, rules.userId === null);

  const errorOf = (field: Field): string | null => {
    // Spaces in a login id are wrong however far the typing has got, so that rule speaks at once.
    const shown = touched[field] || submitted || (field === 'userId' && values.userId !== '');
    const rule = shown ? rules[field] : null;
    const check = field === 'email' ? emailCheck.message : field === 'userId' ? idCheck.message : null;
    return rule ?? check ?? serverFields[field]?.[0] ?? null;
  };

  const valid = Object.values(rules).every((message) => message === null);
  const checksPass = !emailCheck.checking && !idCheck.checking && !emailCheck.message && !idCheck.message;

  const input = (field: Field) => ({
    value: values[field],
    error: errorOf(field),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      setServerFields(({ [field]: _dropped, ...rest }) => rest);
    },
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
  });

  const checksBusy = emailCheck.checking || idCheck.checking;

  const send = () => {
    const body: CreateUserRequest = {
      email: values.email.trim(),
      userId: values.userId,
      title: values.title.trim() || null,
      firstName: values.firstName.trim(),
      surname: values.surname.trim(),
    };
    create.mutate(
      { level, body },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0)
            setServerFields(error.fields);
        },
      },
    );
  };

  // Submitting while a check is still on its way waits for it instead of asking for a second click.
  const [queued, setQueued] = useState(false);
  const submit = () => {
    setSubmitted(true);
    if (!valid || create.isPending) return;
    if (checksBusy) setQueued(true);
    else if (checksPass) send();
  };
  useEffect(() => {
    if (!queued || checksBusy) return;
    setQueued(false);
    if (valid && checksPass) send();
  });

  const failure =
    create.isError &&
    !isSilentError(create.error) &&
    !(create.error instanceof ApiError && Object.keys(create.error.fields).length > 0)
      ? errorMessage(create.error)
      : null;
  const checking = (busy: boolean) => (busy ? <Loader size={14} aria-label="Checking" /> : null);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          data-autofocus
          description="A link to choose a password is sent to this address."
          rightSection={checking(emailCheck.checking && rules.email === null)}
          {...input('email')}
        />
        <TextInput
          label="Login ID"
          autoComplete="off"
          rightSection={checking(idCheck.checking && rules.userId === null)}
          {...input('userId')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Autocomplete
            label="Title"
            data={TITLES}
            value={values.title}
            error={errorOf('title')}
            onChange={(value) => setValues((v) => ({ ...v, title: value }))}
            onBlur={() => setTouched((t) => ({ ...t, title: true }))}
          />
          <TextInput label="First name" autoComplete="off" {...input('firstName')} />
          <TextInput label="Surname" autoComplete="off" {...input('surname')} />
        </SimpleGrid>
        <Select<number>
          label="Access level"
          data={newUserLevels(callerIsAdmin)}
          value={level}
          onChange={(value) => value !== null && setLevel(value)}
          allowDeselect={false}
          w={240}
        />
        <FormError>{failure}</FormError>
        <FormActions
          onCancel={onClose}
          type="submit"
          loading={create.isPending || queued}
          disabled={submitted && (!valid || (!checksBusy && !checksPass))}
        >
          Add user
        </FormActions>
      </Stack>
    </form>
  );
}
