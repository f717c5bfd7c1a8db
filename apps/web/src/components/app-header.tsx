import { Avatar, Badge, Box, Button, Group, Text } from '@mantine/core';
import { initialsOf } from '../lib/initials';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TMe } from '@pid5/contract';
import { logout, useSetViewMode } from '../api/auth';

/** docs/product-spec.md §2 header: logo → /dashboard; admins switch view; photo, name, role label; Logout. */
export function AppHeader({ me }: { me: TMe }) {
  const queryClient = useQueryClient();
  const setViewMode = useSetViewMode();
  const isAdmin = me.role === 'admin';
  const inAdminView = me.viewMode === 'admin';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Link
        to="/dashboard"
        aria-label="Dashboard"
        style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none', color: 'inherit' }}
      >
        <img src="/logo.svg" alt="" width={32} height={32} />
        <Text fw={700} visibleFrom="sm">
          Personality Assessment
        </Text>
      </Link>
      <Group gap="sm" wrap="nowrap">
        {isAdmin && (
          <Group gap="xs" wrap="nowrap">
            {/* On a phone the badge, the button's "Switch to" and the name give way, so that Logout stays on screen. */}
            <Badge color={inAdminView ? 'grape' : 'teal'} variant="light" size="lg" visibleFrom="sm">
              {inAdminView ? 'Admin View' : 'Clinician View'}
            </Badge>
            <Button
              variant="default"
              size="xs"
              loading={setViewMode.isPending}
              onClick={() => setViewMode.mutate(inAdminView ? 'clinician' : 'admin')}
            >
              {/* One inline run (the button's label is a flex box, which would drop the space between items). */}
              <span>
                <Box component="span" visibleFrom="sm">
                  Switch to{' '}
                </Box>
                {inAdminView ? 'Clinician Mode' : 'Admin Mode'}
              </span>
            </Button>
          </Group>
        )}
        <Group gap="xs" wrap="nowrap">
          {/* The provider's picture when there is one; else initials without titles. */}
          <Avatar src={me.photoUrl} alt="" radius="xl" size="sm" data-testid="header-avatar">
            {initialsOf(me.username)}
          </Avatar>
          <Box visibleFrom="sm">
            <Text size="sm" fw={600} lh={1.2} data-testid="header-username">
              {me.username}
            </Text>
            <Text size="xs" c="dimmed" lh={1.2} data-testid="header-role">
              {me.role === 'user' ? 'Clinician' : 'Admin'}
            </Text>
          </Box>
        </Group>
        <Button component={Link} to="/settings" variant="subtle" size="xs">
          Settings
        </Button>
        <Button variant="subtle" size="xs" onClick={() => void logout(queryClient)}>
          Logout
        </Button>
      </Group>
    </Group>
  );
}
