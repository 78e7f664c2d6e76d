import { Alert, Button, Group, Table } from '@mantine/core';

/** A wizard's Review step: what will be created, a row a field ('-' where it is empty). */
export function WizardReview({ rows, label = 'Review' }: { rows: [string, string][]; label?: string }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} aria-label={label}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w="40%" fw={500}>
              {name}
            </Table.Th>
            <Table.Td>{value || '-'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A wizard's foot: the refusal of Create, if any; Cancel on the first step, else Back; Next, or Create on
 * the last step.
 */
export function WizardFooter({
  step,
  last,
  failure,
  onCancel,
  onBack,
  onNext,
  nextDisabled = false,
  onCreate,
  creating,
}: {
  step: number;
  last: number;
  failure: string | null;
  onCancel: () => void;
  onBack: () => void;
  onNext: () => void;
  nextDisabled?: boolean;
  onCreate: () => void;
  creating: boolean;
}) {
  return (
    <>
      {failure && (
        <Alert color="red" variant="light" mt="md" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="space-between" mt="lg">
        <Button variant="default" onClick={step === 0 ? onCancel : onBack}>
          {step === 0 ? 'Cancel' : 'Back'}
        </Button>
        {step < last ? (
          <Button onClick={onNext} disabled={nextDisabled}>
            Next
          </Button>
        ) : (
          <Button onClick={onCreate} loading={creating}>
            Create
          </Button>
        )}
      </Group>
    </>
  );
}
