import { Alert, Container } from '@mantine/core';

/** Admin screens for someone who is not an admin (the server refuses their data with 403 as well). */
export function NoAccess() {
  return (
    <Container size="sm">
      <Alert color="red" role="alert" title="No access" mt="xl">
        You do not have access to this page
      </Alert>
    </Container>
  );
}
