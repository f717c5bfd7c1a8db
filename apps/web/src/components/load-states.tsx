import { Alert, Group, Loader } from '@mantine/core';

/** A spinner where content is still loading. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Group justify="center" py="xl">
      <Loader aria-label={label} />
    </Group>
  );
}

/**
 * Why something did not load, or nothing while there is no error. An expected refusal is explained in yellow
 * (`explanation`: the test is missing, or not finished); any other failure shows the server's message in red.
 */
export function LoadErrorAlert({
  error,
  title,
  explanation,
}: {
  error: Error | null;
  title?: string;
  explanation?: string;
}) {
  if (!error) {
    return null;
  }
  return (
    <Alert color={explanation ? 'yellow' : 'red'} role="alert" title={title}>
      {explanation ?? error.message}
    </Alert>
  );
}
