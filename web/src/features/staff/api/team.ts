/**
 * The guesthouse's team, for administrators (401 without a session, 403
 * without the role; the page says so itself):
 * - GET /shop-api/backend/staff: every staff account, by e-mail;
 * - POST /shop-api/backend/staff `{email, role}`: an invitation (the
 *   e-mail, in the page's language, carries a link to set the password);
 * - PUT /shop-api/backend/staff/{id} `{role?, active?}`: another role, or
 *   the account disabled or enabled; 409 `last_admin` keeps one active
 *   administrator.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { StaffChange, StaffInvitation, StaffMember, Team } from '@/types/api';

import { shownByDesk } from './staff-errors';
import { TEAM_PATH, staffKeys } from './staff-keys';

export function useTeam(locale: Locale) {
  return useQuery({
    queryKey: staffKeys.team(locale),
    queryFn: ({ signal }) => apiClient.get<Team>(TEAM_PATH, { locale, signal, cache: 'no-store', notifyOnError: (e) => !shownByDesk(e) }),
    staleTime: 0,
    retry: false,
  });
}

/** Puts an answered member into the list as the server has it now. */
function useMemberWrite<T>(locale: Locale, write: (value: T) => Promise<StaffMember>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (member) =>
      queryClient.setQueryData<Team>(staffKeys.team(locale), (team) => {
        if (!team) return team;
        const others = team.items.filter((item) => item.id !== member.id);
        return { items: [...others, member].sort((a, b) => a.email.localeCompare(b.email)) };
      }),
  });
}

export const useInvite = (locale: Locale) =>
  useMemberWrite(locale, (invitation: StaffInvitation) =>
    apiClient.post<StaffMember>(TEAM_PATH, { locale, body: invitation, headers: SCRIPT_MARKER, notifyOnError: (e) => !shownByDesk(e) }),
  );

export const useChangeMember = (locale: Locale) =>
  useMemberWrite(locale, ({ id, change }: { id: string; change: StaffChange }) =>
    apiClient.put<StaffMember>(`${TEAM_PATH}/${encodeURIComponent(id)}`, {
      locale,
      body: change,
      headers: SCRIPT_MARKER,
      notifyOnError: (e) => !shownByDesk(e),
    }),
  );
