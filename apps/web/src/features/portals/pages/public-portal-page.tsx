import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  FileInput,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconPaperclip } from '@tabler/icons-react';
import type { PortalReceipt } from '@verdant/contracts/portals/public';
import { formatDisplayDate } from '@verdant/domain/dates';
import { isOutside } from '@verdant/domain/portals/expected';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PublicQuantityCard } from '../components/public-quantity-card';
import { PublicReceipt } from '../components/public-receipt';
import { fileAsBase64, useCorrectEntry, usePublicPortal, useSubmitFigures } from '../public-api';

/** The link's key, from the address's fragment (#key=...), which the browser never sends to a server. */
const keyOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('key') ?? '';

const asNumber = (text: string) => Number(text.trim().replace(/,/g, ''));

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="main" py="lg" px="sm" mih="100vh" bg="gray.0">
      <Container size={560} px={0}>
        <Stack gap="md">
          <Title order={1} fz={24}>
            {title}
          </Title>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/**
 * /portals/{url}#key=...: a portal's public page for whoever holds its link, without an account
 * (docs/decisions/portals.md). It shows the open period's quantities, takes the figures with a photo or PDF,
 * asks to confirm a figure outside the expected range, and shows the receipt.
 */
export function PublicPortalPage() {
  const url = useParams().url ?? '';
  const key = keyOf(useLocation().hash);
  const portal = usePublicPortal(url, key);
  const submit = useSubmitFigures(url);
  const correct = useCorrectEntry(url);
  const [values, setValues] = useState<Record<number, string>>({});
  const [editing, setEditing] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<PortalReceipt | null>(null);
  useDocumentTitle(portal.data?.name ?? 'Data entry');

  if (!key || portal.isError) {
    return (
      <Page title="Data entry">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {key ? errorMessage(portal.error) : PORTAL_MSG.linkNotValid}
        </Alert>
      </Page>
    );
  }
  if (portal.isPending) {
    return (
      <Page title="Data entry">
        <Center py="xl">
          <Loader aria-label="Opening the portal" />
        </Center>
      </Page>
    );
  }
  const data = portal.data;
  if (receipt) {
    return (
      <Page title={data.name}>
        <PublicReceipt
          answer={receipt}
          onBack={() => {
            setReceipt(null);
            portal.refetch();
          }}
        />
      </Page>
    );
  }

  const open = data.quantities.filter((q) => !q.entry || editing.has(q.id));
  const typed = open.filter((q) => (values[q.id] ?? '').trim() !== '');
  const busy = submit.isPending || correct.isPending;

  async function send() {
    setFailure(null);
    const outside = typed.filter(
      (q) => isOutside(asNumber(values[q.id] ?? ''), q.expected) && !confirming.has(q.id),
    );
    if (outside.length > 0) {
      setConfirming(new Set([...confirming, ...outside.map((q) => q.id)]));
      setFailure(PORTAL_MSG.outsideRange);
      return;
    }
    try {
      const attachment = file ? { filename: file.name, data: await fileAsBase64(file) } : null;
      const corrections = typed.filter((q) => q.entry);
      const fresh = typed.filter((q) => !q.entry);
      let last: PortalReceipt | null = null;
      for (const q of corrections) {
        last = await correct.mutateAsync({
          entryId: q.entry?.id ?? 0,
          body: { key, value: values[q.id] ?? '', confirmed: confirming.has(q.id), attachment },
        });
      }
      if (fresh.length > 0) {
        last = await submit.mutateAsync({
          key,
          figures: fresh.map((q) => ({
            quantityId: q.id,
            value: values[q.id] ?? '',
            confirmed: confirming.has(q.id),
          })),
          email: email.trim(),
          attachment,
          periodStart: data.periodStart,
        });
      }
      setErrors({});
      setValues({});
      setEditing(new Set());
      setConfirming(new Set());
      setFile(null);
      setReceipt(last);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.message === PORTAL_MSG.outsideRange)
        setConfirming(new Set([...confirming, ...Object.keys(error.fields).map(Number)]));
      setErrors(
        error instanceof ApiError
          ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v[0] ?? '']))
          : {},
      );
      setFailure(errorMessage(error));
    }
  }

  return (
    <Page title={data.name}>
      <Text>{`Figures for ${data.periodLabel} (${formatDisplayDate(data.periodStart)} to ${formatDisplayDate(data.periodEnd)}), due ${formatDisplayDate(data.due)}.`}</Text>
      {data.quantities.map((q) => (
        <PublicQuantityCard
          key={q.id}
          quantity={q}
          value={values[q.id] ?? ''}
          onChange={(v) => {
            setValues({ ...values, [q.id]: v });
            setConfirming(new Set([...confirming].filter((id) => id !== q.id)));
          }}
          editing={!q.entry || editing.has(q.id)}
          onEdit={() => {
            setEditing(new Set([...editing, q.id]));
            setValues({ ...values, [q.id]: String(q.entry?.value ?? '') });
          }}
          warning={confirming.has(q.id) ? PORTAL_MSG.outsideRange : undefined}
          error={
            errors[String(q.id)] && errors[String(q.id)] !== PORTAL_MSG.outsideRange
              ? errors[String(q.id)]
              : undefined
          }
        />
      ))}
      {open.length > 0 && (
        <Stack gap="sm">
          <FileInput
            label="Photo or PDF of the meter or docket"
            description="Optional; JPEG, PNG, WebP, HEIC or PDF, at most 10 MB"
            accept="image/jpeg,image/png,image/webp,image/heic,application/pdf"
            leftSection={<IconPaperclip size={16} />}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the file' }}
            value={file}
            onChange={setFile}
            error={errors.attachment}
          />
          <TextInput
            label="Email for a receipt"
            description="Optional"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          {failure && (
            <Alert color={confirming.size > 0 ? 'orange' : 'red'} variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Button size="md" loading={busy} disabled={typed.length === 0} onClick={send}>
            {confirming.size > 0 ? 'Confirm and send' : 'Send figures'}
          </Button>
        </Stack>
      )}
    </Page>
  );
}
