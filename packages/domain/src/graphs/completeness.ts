/**
 * Every figure states its completeness (docs/domain.md, Completeness and estimates): a point built from a
 * month with fewer days of data than the meter was open (the ledger's days_covered) is incomplete, one built
 * from an estimated read is estimated; the chart marks them and names them under it, and the CSV says so
 * beside the figure.
 */
export interface GraphLine {
  name: string;
  unit: string;
  values: readonly (number | null)[];
  incomplete: readonly boolean[];
  estimated: readonly boolean[];
  /** The forecast of the periods after the figures; null when the line has none. */
  forecast: readonly (number | null)[] | null;
}

/** What a point is, in words ('incomplete', 'estimated', 'incomplete; estimated', 'forecast' or ''). */
export function pointNote(line: GraphLine, i: number): string {
  if (line.values[i] === null || line.values[i] === undefined) {
    const f = line.forecast?.[i];
    return f === null || f === undefined ? '' : 'forecast';
  }
  return [line.incomplete[i] ? 'incomplete' : '', line.estimated[i] ? 'estimated' : '']
    .filter(Boolean)
    .join('; ');
}

/** The labels of the periods a line has incomplete and estimated figures in. */
export function completenessOf(line: GraphLine, labels: readonly string[]) {
  const incomplete: string[] = [];
  const estimated: string[] = [];
  line.values.forEach((v, i) => {
    if (v === null) return;
    if (line.incomplete[i]) incomplete.push(labels[i] ?? '');
    if (line.estimated[i]) estimated.push(labels[i] ?? '');
  });
  return { incomplete, estimated };
}

/** One sentence for a line, or null when every figure is complete and actual. */
export function completenessNote(line: GraphLine, labels: readonly string[]): string | null {
  const { incomplete, estimated } = completenessOf(line, labels);
  const parts: string[] = [];
  if (incomplete.length > 0) parts.push(`incomplete in ${incomplete.join(', ')}`);
  if (estimated.length > 0) parts.push(`estimated in ${estimated.join(', ')}`);
  return parts.length > 0 ? `${line.name}: ${parts.join('; ')}` : null;
}

/**
 * The data table and the CSV: a row per period, and for each line its figure (or forecast) and a note
 * column that says whether it is incomplete, estimated or a forecast.
 */
export function graphTableRows(labels: readonly string[], lines: readonly GraphLine[]): string[][] {
  const header = ['Period', ...lines.flatMap((l) => [`${l.name} (${l.unit})`, `${l.name} notes`])];
  const rows = labels.map((label, i) => [
    label,
    ...lines.flatMap((l) => {
      const v = l.values[i] ?? l.forecast?.[i] ?? null;
      return [v === null ? '' : String(v), pointNote(l, i)];
    }),
  ]);
  return [header, ...rows];
}
