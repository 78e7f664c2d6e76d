import { Table, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatMoney } from '@verdant/domain/unit-scaling';

/**
 * The figure cells of a fuel purchase row, the same on a vehicle's Fuel tab and a fuel card's Purchases tab:
 * quantity, price per litre, total, fuel, and the mark of an incorrect fuel (its tooltip says why here).
 */
export function PurchaseFigureCells({
  p,
  incorrectLabel,
}: {
  p: { quantity: number; perLitre: number | null; cost: number; fuel: string; incorrectFuel: boolean };
  incorrectLabel: string;
}) {
  return (
    <>
      <Table.Td ta="right">{p.quantity.toFixed(2)}</Table.Td>
      <Table.Td ta="right">{p.perLitre === null ? '' : p.perLitre.toFixed(3)}</Table.Td>
      <Table.Td ta="right">{formatMoney(p.cost)}</Table.Td>
      <Table.Td>{p.fuel}</Table.Td>
      <Table.Td>
        {p.incorrectFuel && (
          <Tooltip label={incorrectLabel}>
            <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-label="Incorrect fuel" />
          </Tooltip>
        )}
      </Table.Td>
    </>
  );
}
