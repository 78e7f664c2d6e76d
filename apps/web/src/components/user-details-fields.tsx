import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { USER_MESSAGES, type User, type UserUpdate, userUpdate } from '@verdant/contracts/users';
import type { InlineMode } from '@verdant/domain/inline-values';
import { fill } from '@verdant/domain/messages';
import { showInfoBanner } from '../lib/banners';
import { InlineField } from './inline-field';

type EditableKey = Exclude<keyof UserUpdate, 'admin' | 'blocked'>;

interface FieldSpec {
  key: EditableKey;
  label: string;
  mode?: InlineMode;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
}

const SECTIONS: readonly { title: string; fields: readonly FieldSpec[] }[] = [
  {
    title: 'Name and role',
    fields: [
      { key: 'title', label: 'Title', autoComplete: 'honorific-prefix' },
      { key: 'firstName', label: 'First name', mode: 'non-empty', autoComplete: 'given-name' },
      { key: 'surname', label: 'Surname', mode: 'non-empty', autoComplete: 'family-name' },
      { key: 'position', label: 'Job title', autoComplete: 'organization-title' },
      { key: 'employingOrganisation', label: 'Employer', autoComplete: 'organization' },
    ],
  },
  {
    title: 'Address',
    fields: [
      { key: 'contactAddress1', label: 'Address 1', autoComplete: 'address-line1' },
      { key: 'contactAddress2', label: 'Address 2', autoComplete: 'address-line2' },
      { key: 'contactAddress3', label: 'Suburb', autoComplete: 'address-level3' },
      { key: 'contactAddress4', label: 'City', autoComplete: 'address-level2' },
    ],
  },
  {
    title: 'Contact',
    fields: [
      { key: 'email', label: 'Email', mode: 'non-empty', type: 'email', autoComplete: 'email' },
      { key: 'mobile', label: 'Cellphone', type: 'tel', autoComplete: 'tel' },
      { key: 'ddiPhone', label: 'Phone', type: 'tel' },
      { key: 'extension', label: 'Extension', autoComplete: 'tel-extension' },
      { key: 'fax', label: 'Fax', type: 'tel' },
    ],
  },
];

/** The shared contract's rule for one field, so the browser refuses what the server would. */
function contractRule(key: EditableKey) {
  return (value: string | null): string | null => {
    const result = userUpdate.shape[key].safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}

interface UserDetailsFieldsProps {
  user: User;
  editable: boolean;
  /** Saves one changed field; the caller sends the whole user with that change. */
  onSave: (change: Partial<UserUpdate>) => Promise<unknown>;
}

/** A person's details as inline fields, used by the users list's edit panel and by My Details. */
export function UserDetailsFields({ user, editable, onSave }: UserDetailsFieldsProps) {
  const saveField = async (key: EditableKey, value: string | null) => {
    const saved = await onSave({ [key]: value });
    // A new email waits for the old address to confirm it (unless a product administrator made it).
    if (key === 'email' && value && (saved as Partial<User> | undefined)?.email === user.email) {
      showInfoBanner(fill(USER_MESSAGES.emailChangeSent, { email: user.email }));
      return { stored: user.email };
    }
    return saved;
  };
  return (
    <Stack gap="lg">
      {SECTIONS.map((section, index) => (
        <Stack key={section.title} gap="xs">
          <Title order={3} fz="sm" c="dimmed" tt="uppercase" lts={0.4}>
            {section.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
            {index === 0 && <TextInput label="Login ID" value={user.userId} readOnly variant="filled" />}
            {section.fields.map((field) => (
              <InlineField
                key={field.key}
                name={field.key}
                label={field.label}
                value={user[field.key]}
                mode={field.mode}
                type={field.type}
                autoComplete={field.autoComplete}
                readOnly={!editable}
                validate={contractRule(field.key)}
                onSave={(value) => saveField(field.key, value)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
