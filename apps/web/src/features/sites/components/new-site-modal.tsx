import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { newSiteRequest } from '@verdant/contracts/sites';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/date-fields';
import { FormActions } from '../../../components/form-actions';
import { useReferenceList } from '../../../components/reference-lists';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useOrganisationId } from '../../../lib/session-store';
import { checkSiteName, useCreateSite } from '../api';

/** New Site: a free name (checked by the server as it is typed), a region and an open date; then the site. */
export function NewSiteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const orgId = useOrganisationId();
  const navigate = useNavigate();
  const regions = useReferenceList('regions');
  const create = useCreateSite();
  const [name, setName] = useState('');
  const [region, setRegion] = useState<string | null>(null);
  const [openDate, setOpenDate] = useState('');
  // The server's answer about a name, kept with the name it was asked about: a name typed since has no answer yet.
  const [checked, setChecked] = useState<{ name: string; taken: string | null } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [debouncedName] = useDebouncedValue(name.trim(), DEBOUNCE_MS);

  useEffect(() => {
    if (!opened) {
      setName('');
      setRegion(null);
      setOpenDate('');
      setErrors({});
      setChecked(null);
      create.reset();
    }
  }, [opened, create.reset]);

  useEffect(() => {
    if (!debouncedName || orgId === null) return setChecked(null);
    let live = true;
    checkSiteName(orgId, debouncedName).then(
      (answer) =>
        live && setChecked({ name: debouncedName, taken: answer.success ? null : (answer.message ?? null) }),
      () => live && setChecked(null),
    );
    return () => {
      live = false;
    };
  }, [debouncedName, orgId]);

  const nameTaken = checked !== null && checked.name === name.trim() ? checked.taken : null;

  const submit = () => {
    const parsed = newSiteRequest.safeParse({
      name,
      region: region === null ? undefined : Number(region),
      openDate,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'name');
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    if (nameTaken) return;
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (site) => {
        onClose();
        navigate(`/sites/${site.id}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v[0] ?? ''])));
        } else setErrors({ form: errorMessage(error) });
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New Site" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Site name"
            required
            data-autofocus
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setErrors(({ name: _, ...rest }) => rest);
            }}
            error={errors.name ?? nameTaken}
          />
          <Select
            label="Region"
            required
            searchable
            data={(regions.data ?? []).map((r) => ({ value: String(r.Id), label: r.Descr }))}
            value={region}
            onChange={(value) => {
              setRegion(value);
              setErrors(({ region: _, ...rest }) => rest);
            }}
            error={errors.region}
          />
          <DateField
            label="Open date"
            required
            value={openDate || null}
            onChange={(value) => {
              setOpenDate(value ?? '');
              setErrors(({ openDate: _, ...rest }) => rest);
            }}
            error={errors.openDate ?? errors.form}
          />
          <FormActions onCancel={onClose} type="submit" loading={create.isPending}>
            Create site
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
