import { Avatar, Badge, Box, Button, Group, Menu, Text, Tooltip, UnstyledButton, useMatches } from '@mantine/core';
import { initialsOf } from '../lib/initials';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TMe } from '@pid5/contract';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@pid5/i18n';
import { logout, useSetViewMode } from '../api/auth';
import { useUpdateMySettings } from '../api/messages';
import { PSEUDO_TAG } from '../i18n/language-runtime';
import { useStaffLanguage, useStaffText } from '../i18n/staff-language';

/** docs/product-spec.md §2 header: logo → /dashboard; admins switch view; language; photo, name, role label; Logout. */
export function AppHeader({ me }: { me: TMe }) {
  const queryClient = useQueryClient();
  const setViewMode = useSetViewMode();
  const updateSettings = useUpdateMySettings();
  const { t } = useStaffText();
  const isAdmin = me.role === 'admin';
  const inAdminView = me.viewMode === 'admin';
  const role = me.role === 'user' ? t('header.roleClinician') : t('header.roleAdmin');
  const view = inAdminView ? t('header.adminView') : t('header.clinicianView');
  const settingsFor = t('header.settingsFor', { name: me.username, details: isAdmin ? `${role}, ${view}` : role });
  const buttonSize = useHeaderButtonSize();

  return (
    // At 320 px an admin's header holds five controls: padding, gaps and buttons that narrow with the screen keep
    // Logout on screen (1.4.10).
    <Group h="100%" px={{ base: 6, sm: 'md' }} justify="space-between" wrap="nowrap">
      <Link
        to="/dashboard"
        aria-label={t('header.home')}
        style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none', color: 'inherit' }}
      >
        <img src="/logo.svg" alt="" width={32} height={32} />
        <Text fw={700} visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
          {t('staff.siteName')}
        </Text>
      </Link>
      <Group wrap="nowrap" style={{ gap: 'clamp(2px, 1.2vw, 12px)' }}>
        {isAdmin && (
          <Group gap="xs" wrap="nowrap">
            {/* Below a wide screen the badge and the button's "Switch to" give way, on a phone the names too, so that
                Logout stays on screen (German words are longer). */}
            <Badge color={inAdminView ? 'grape' : 'teal'} variant="light" size="lg" visibleFrom="lg">
              {inAdminView ? t('header.adminView') : t('header.clinicianView')}
            </Badge>
            <Button
              variant="default"
              {...buttonSize}
              loading={setViewMode.isPending}
              onClick={() => setViewMode.mutate(inAdminView ? 'clinician' : 'admin')}
            >
              {/* One inline run (the button's label is a flex box, which would drop the space between items). */}
              <span>
                <Box component="span" visibleFrom="lg">
                  {t('header.switchTo')}{' '}
                </Box>
                {inAdminView ? t('header.clinicianMode') : t('header.adminMode')}
              </span>
            </Button>
          </Group>
        )}
        {/* Signed in, one choice: the pages and the e-mails to oneself (kept on the server, Settings can differ). */}
        <LanguageMenu onChosen={(language) => updateSettings.mutate({ messageLanguage: language })} />
        {/* One's own picture and name open one's settings: no extra button to push Logout off a phone's screen. */}
        {/* Its name starts with the words it shows (2.5.3). Where the header has no room for the name, the role and
            the admin view's badge (a phone, 200 % zoom) they show on hover and on focus, and are in its name. */}
        <Tooltip label={settingsFor} events={{ hover: true, focus: true, touch: true }}>
          <UnstyledButton component={Link} to="/settings" aria-label={settingsFor}>
            <Group gap="xs" wrap="nowrap">
              {/* The provider's picture when there is one; else initials without titles. */}
              <Avatar src={me.photoUrl} alt="" radius="xl" size="sm" data-testid="header-avatar">
                {initialsOf(me.username)}
              </Avatar>
              <Box visibleFrom="sm">
                <Text size="sm" fw={600} lh={1.2} style={{ whiteSpace: 'nowrap' }} data-testid="header-username">
                  {me.username}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2} data-testid="header-role">
                  {role}
                </Text>
              </Box>
            </Group>
          </UnstyledButton>
        </Tooltip>
        <Button variant="subtle" {...buttonSize} onClick={() => void logout(queryClient)}>
          {t('header.logout')}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The reader's language for the staff pages (and the PDFs the server writes for them). Each language is offered in
 * its own name, so that a reader finds theirs whatever the page shows; below a wide screen the button shows its code.
 * Also on
 * the login page, before anyone is signed in.
 */
export function LanguageMenu({ onChosen }: { onChosen?: (language: Language) => void } = {}) {
  const { t } = useStaffText();
  const buttonSize = useHeaderButtonSize();
  const { choice, choose } = useStaffLanguage();
  const current = choice === 'pseudo' ? PSEUDO_TAG : LANGUAGE_NAMES[choice];
  return (
    // In the header's landmark, not a portal at the end of the body (axe: all content in landmarks); no focus
    // placeholder inside the menu (a menu holds only its items): the open menu's focus is on the current language.
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" {...buttonSize} aria-label={t('header.language', { language: current })}>
          <Box component="span" visibleFrom="lg">
            {current}
          </Box>
          <Box component="span" hiddenFrom="lg">
            {choice === 'pseudo' ? PSEUDO_TAG : choice.toUpperCase()}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('header.languageMenu')}>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            aria-current={language === choice ? 'true' : undefined}
            data-autofocus={language === choice ? true : undefined}
            fw={language === choice ? 700 : undefined}
            onClick={() => {
              choose(language);
              onChosen?.(language);
            }}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The header's buttons: compact (less padding) on a phone, so five of them fit in 320 px; never under 24 px (2.5.8). */
function useHeaderButtonSize(): { size: 'compact-xs' | 'xs'; mih: number } {
  return { size: useMatches({ base: 'compact-xs', sm: 'xs' }), mih: 26 };
}
