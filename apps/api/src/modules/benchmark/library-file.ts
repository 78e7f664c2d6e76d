import { BENCHMARK_MSG, fillBenchmark } from '@verdant/domain/benchmark/benchmark-rules';
import type { FileRecord } from '@verdant/domain/benchmark/library-file';
import { problemsMessage } from '@verdant/domain/benchmark/library-file';
import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from '../../lib/errors';

/** The CSV text's records with the line each starts on; unreadable CSV is refused with the parser's reason. */
export function csvRecords(text: string): FileRecord[] {
  try {
    const rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      to: 2000,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return rows.map((r) => ({ line: r.info.lines, fields: r.record }));
  } catch (error) {
    const detail = error instanceof CsvError ? error.message : String(error);
    throw badRequest(fillBenchmark(BENCHMARK_MSG.fileUnreadable, { detail }), { csv: [detail] });
  }
}

/** A refused file: the first problem and how many more, every one of them under `csv`. */
export const refused = (problems: string[]) => badRequest(problemsMessage(problems), { csv: problems });
