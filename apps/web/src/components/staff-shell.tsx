import '@mantine/core/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { Outlet } from 'react-router';

const theme = createTheme({
  primaryColor: 'teal',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});

/** Everything clinicians and admins see (login included) shares one Mantine theme. */
export default function StaffShell() {
  return (
    <MantineProvider theme={theme}>
      <Outlet />
    </MantineProvider>
  );
}
