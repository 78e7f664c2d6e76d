import { Alert, List } from '@mantine/core';

/** A refused file's problems, every row named (the server answers them all under `csv`). */
export function FileProblems({ message, problems }: { message: string | null; problems: string[] }) {
  if (!message) return null;
  return (
    <Alert color="red" title={problems.length > 1 ? 'The file was refused' : message} role="alert">
      {problems.length > 1 && (
        <List size="sm" spacing={2}>
          {problems.slice(0, 20).map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
          {problems.length > 20 && <List.Item>{`… and ${problems.length - 20} more`}</List.Item>}
        </List>
      )}
    </Alert>
  );
}

/** The message and the problems of a refusal. */
export function problemsOf(error: unknown): { message: string; problems: string[] } {
  const e = error as { message?: string; fields?: Record<string, string[]> };
  return { message: e.message ?? 'The file was refused', problems: e.fields?.csv ?? [] };
}
