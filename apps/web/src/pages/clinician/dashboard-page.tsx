import { Container, Title } from '@mantine/core';

/** `/dashboard`: the assessments table (clinician and admin variants). */
export default function DashboardPage() {
  return (
    <Container size="xl">
      <Title order={1} size="h2">
        Assessments
      </Title>
    </Container>
  );
}
