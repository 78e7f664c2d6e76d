import {
  Alert,
  Button,
  FileInput,
  List,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type EditionSummary, GWP_SETS } from '@verdant/contracts/catalogue-editions';
import { EDITION_LAYOUTS, type EditionLayout, LAYOUT_NAMES } from '@verdant/domain/editions/edition-rows';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/date-fields';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useLoadEdition } from '../editions-api';
import { refusedRows, UnmappedRows } from './factor-mappings';

/**
 * Load a publisher's file as a draft edition (docs/decisions/catalogue.md, Editions loaded from files): the file
 * and what the file does not say itself. A refused file names its rows; nothing is kept of it.
 */
export function EditionLoadForm({ editions }: { editions: EditionSummary[] }) {
  const load = useLoadEdition();
  const navigate = useNavigate();
  const [layout, setLayout] = useState<EditionLayout>('documented');
  const [name, setName] = useState('');
  const [publisher, setPublisher] = useState('');
  const [published, setPublished] = useState<string | null>(null);
  const [from, setFrom] = useState<number | string>('');
  const [till, setTill] = useState<number | string>('');
  const [gwp, setGwp] = useState<string>('AR5');
  const [sourceTitle, setSourceTitle] = useState('');
  const [sourceUrl, setSourceUrl] = useState('');
  const [changelog, setChangelog] = useState('');
  const [supersedes, setSupersedes] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const fields = load.error instanceof ApiError ? load.error.fields : {};
  const year = (v: number | string) => (typeof v === 'number' ? v : undefined);
  const text = (v: string) => v.trim() || undefined;

  function submit() {
    if (!file || !published) return;
    load.mutate(
      {
        file,
        query: {
          layout,
          name: name.trim(),
          publisher: text(publisher),
          published,
          coversFrom: year(from),
          coversTill: year(till),
          gwpSet: gwp as (typeof GWP_SETS)[number],
          sourceTitle: text(sourceTitle),
          sourceUrl: text(sourceUrl),
          changelog: text(changelog),
          supersedes: supersedes ? Number(supersedes) : undefined,
        },
      },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          navigate(`/setup/editions/${answer.data.id}`);
        },
      },
    );
  }

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      aria-label="Load an edition"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Title order={2} size="h4" mb="sm">
        Load an edition
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <Select
          label="Layout"
          data={EDITION_LAYOUTS.map((value) => ({ value, label: LAYOUT_NAMES[value] }))}
          value={layout}
          onChange={(v) => setLayout((v ?? 'documented') as EditionLayout)}
          allowDeselect={false}
        />
        <TextInput
          label="Edition"
          placeholder="MfE 2026"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fields.name?.[0]}
        />
        <TextInput
          label="Publisher"
          placeholder={layout === 'documented' ? 'Named in the file' : 'Ministry for the Environment'}
          value={publisher}
          onChange={(e) => setPublisher(e.currentTarget.value)}
          error={fields.publisher?.[0]}
        />
        <DateField
          label="Published"
          required
          value={published}
          onChange={setPublished}
          error={fields.published?.[0]}
        />
        <NumberInput label="Covers from (year)" min={1900} max={2200} value={from} onChange={setFrom} />
        <NumberInput label="Covers till (year)" min={1900} max={2200} value={till} onChange={setTill} />
        <Select
          label="GWP set"
          data={[...GWP_SETS]}
          value={gwp}
          onChange={(v) => setGwp(v ?? 'AR5')}
          allowDeselect={false}
        />
        <TextInput
          label="Source title"
          value={sourceTitle}
          onChange={(e) => setSourceTitle(e.currentTarget.value)}
        />
        <TextInput
          label="Source address"
          value={sourceUrl}
          onChange={(e) => setSourceUrl(e.currentTarget.value)}
        />
        <Select
          label="Corrects"
          placeholder="No earlier edition"
          clearable
          data={editions
            .filter((e) => e.status === 'published')
            .map((e) => ({ value: String(e.id), label: e.name }))}
          value={supersedes}
          onChange={setSupersedes}
        />
        <FileInput
          label="File"
          required
          accept=".csv,.xlsx"
          value={file}
          onChange={setFile}
          error={fields.file ? 'The file was refused' : undefined}
        />
      </SimpleGrid>
      <Textarea
        label="Changelog"
        mt="sm"
        autosize
        minRows={2}
        value={changelog}
        onChange={(e) => setChangelog(e.currentTarget.value)}
      />
      {load.isError && (
        <Alert color="red" variant="light" mt="sm" title={errorMessage(load.error)}>
          {fields.file && (
            <List size="sm">
              {fields.file.slice(0, 20).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {load.isError && fields.unmapped && (
        <UnmappedRows layout={layout} rows={refusedRows(fields.unmapped)} />
      )}
      <Button
        type="submit"
        mt="sm"
        leftSection={<IconUpload size={16} />}
        loading={load.isPending}
        disabled={!file || !published || !name.trim()}
      >
        Load as a draft
      </Button>
    </Paper>
  );
}
